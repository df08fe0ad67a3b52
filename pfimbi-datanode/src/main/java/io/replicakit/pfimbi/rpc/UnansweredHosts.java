/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.apache.hadoop.net.ConnectTimeoutException;

/**
 * Hosts whose last call timed out, not called again for a while: Replication Managers a notice or poll is meant for
 * ({@link RmClient}), and the sources a Replication Manager fetches blocks from ({@code manager.ReplicationManager}).
 *
 * <p>Why: a Replication Manager on a powered-off or cut-off host fails every call only after the call's timeout
 * (10 s), and both callers are sequential. An upstream DataNode forwards each stored block to the next node from
 * its one writer thread, and the coordinator sends notices and polls failure reports from its one round: every
 * block or file meant for that host would hold them 10 s, until the NameNode declares the host dead (10.5 min by
 * default) and stops choosing it. A call skipped here fails at once instead, which the caller treats as any failed
 * call: the block's file falls back to HDFS's re-replication (thesis §4.4), as it would after the timeout. The same
 * idea as the HDFS client's excluded-nodes cache for writes
 * ({@code dfs.client.write.exclude.nodes.cache.expiry.interval.millis}).
 *
 * <p>A source DataNode that stops answering costs a Replication Manager's one fetcher per storage type a connect or
 * read timeout ({@code dfs.client.socket-timeout}, 60 s by default) for each of its queued blocks, during which no
 * other flow's block is fetched; skipped, its blocks are reported failed at once and their files fall back.
 *
 * <p>Only a timeout or an unreachable route marks a host: a refused connection (the DataNode process is down,
 * the host answers) or a refusal by the manager costs no wait. A host is called again once its skip ends, and a
 * call it answers clears it.
 */
public final class UnansweredHosts {

  /**
   * How long a host that timed out is skipped: HDFS's default stale-DataNode interval
   * ({@code dfs.namenode.stale.datanode.interval}, 30 s), after which HDFS itself treats a silent DataNode as
   * suspect. A host that stays silent costs at most one timeout per interval.
   */
  public static final long SKIP_MS = 30_000;

  private static final int MAX_CAUSES = 8;

  private final long skipMs;
  private final LongSupplier monotonicMs;
  private final Map<String, Long> silentSince = new ConcurrentHashMap<>();

  public UnansweredHosts(long skipMs, LongSupplier monotonicMs) {
    if (skipMs < 0) {
      throw new IllegalArgumentException("skipMs must be >= 0: " + skipMs);
    }
    this.skipMs = skipMs;
    this.monotonicMs = monotonicMs;
  }

  /** Why a call to {@code host} is not made now; empty when it should be tried. */
  public Optional<String> skipReason(String host) {
    Long since = silentSince.get(host);
    if (since == null) {
      return Optional.empty();
    }
    long age = monotonicMs.getAsLong() - since;
    if (age >= skipMs || age < 0) {
      silentSince.remove(host, since);
      return Optional.empty();
    }
    return Optional.of(host + " did not answer a call " + age + " ms ago; not called again for " + skipMs
        + " ms after that");
  }

  /** Records the outcome of a failed call: a timeout or an unreachable route marks the host. */
  public void failed(String host, Throwable failure) {
    if (isUnanswered(failure)) {
      silentSince.put(host, monotonicMs.getAsLong());
    }
  }

  /** The host answered (even with a refusal): it is called as usual. */
  public void answered(String host) {
    silentSince.remove(host);
  }

  /**
   * A host that could not be reached at all: a connect that timed out (Hadoop's {@code ConnectTimeoutException}) or
   * no route to it, as the cause of what the caller sees or itself; not a read that timed out on a connection the
   * host accepted (a live host under load can be slow to answer one request and serve the next).
   */
  public static boolean isUnreachable(Throwable failure) {
    return anyCause(failure, t -> t instanceof ConnectTimeoutException || t instanceof NoRouteToHostException);
  }

  /**
   * A failure that cost the caller its wait: a connect or call timeout (Hadoop's {@code ConnectTimeoutException}
   * is a {@link SocketTimeoutException}), or no route to the host, thrown as it is or as the cause of what the
   * caller sees (a few causes deep: a wrapped call failure).
   */
  public static boolean isUnanswered(Throwable failure) {
    return anyCause(failure, t -> t instanceof SocketTimeoutException || t instanceof NoRouteToHostException);
  }

  /** Whether {@code failure} or one of its first {@link #MAX_CAUSES} causes is such. */
  private static boolean anyCause(Throwable failure, Predicate<Throwable> such) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
      if (such.test(t)) {
        return true;
      }
    }
    return false;
  }
}
