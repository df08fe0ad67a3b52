/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.WriteConfig;
import io.replicakit.write.WriteMode;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.client.impl.DfsClientConf;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.util.DataChecksum;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every parallel write of one client shares: its NameNode calls, its connections, its settings, and the lease.
 * HDFS's {@code LeaseRenewer} renews only for its own streams, so while any stream of this session is open a
 * thread renews the client's lease every {@link #RENEW_MS} (HDFS renews at half the 60 s soft limit).
 */
public final class WriteSession implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(WriteSession.class);
  static final long RENEW_MS = 30_000;

  private final DFSClient client;
  private final NameNodeCalls nameNode;
  private final Connector connector;
  private final int window;
  private final int packetSize;
  private final int maxRecoveries;
  private final int blockWriteRetries;
  private final long excludedNodesExpiryMs;
  private final DataNodeReplacement replacement;
  private final Set<FanOutOutputStream> open = ConcurrentHashMap.newKeySet();
  private ScheduledExecutorService renewer;
  private ScheduledFuture<?> renewal;

  /** A session for {@code client}, with the write settings of {@code conf} (valid: checked by the caller). */
  public WriteSession(DFSClient client, Configuration conf) {
    this.client = client;
    this.nameNode = new NameNodeCalls(client);
    this.connector = new ClientConnector(client, conf, WriteConfig.RELAY_ADDRESS.get(conf).getPort());
    DfsClientConf dfsConf = client.getConf();
    this.window = conf.getInt(HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_KEY,
        HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_DEFAULT);
    this.packetSize = dfsConf.getWritePacketSize();
    this.maxRecoveries = Math.toIntExact(WriteConfig.MAX_RECOVERIES.get(conf));
    this.blockWriteRetries = dfsConf.getNumBlockWriteRetry();
    this.excludedNodesExpiryMs = dfsConf.getExcludedNodesCacheExpiry();
    this.replacement = new DataNodeReplacement(conf, nameNode, connector, packetSize);
  }

  /**
   * What {@link #create} did: a stream, or, when the file is to be written with HDFS's own stream instead, whether
   * an (empty, closed) file was already created for it and the fault that made it so, if any.
   *
   * @param stream the parallel stream, or null
   * @param created whether the file now exists, created by this call (the fallback must overwrite it)
   * @param fault ReplicaKit's own error, or null when the file is simply not for a parallel writer
   */
  public record Opened(FanOutOutputStream stream, boolean created, Throwable fault) {}

  /**
   * Creates {@code src} and returns its stream. The file is handed back for HDFS's own stream (closed empty) when
   * the NameNode made it erasure-coded or encrypted, or when ReplicaKit's code failed after creating it.
   *
   * @throws IOException the NameNode's refusal (exists, permissions, quota, safe mode), passed on as HDFS would
   */
  public Opened create(String src, FsPermission masked, EnumSet<CreateFlag> flags, boolean createParent,
      short replication, long blockSize, DataChecksum checksum, WriteMode mode, Progressable progress)
      throws IOException {
    HdfsFileStatus stat = nameNode.create(src, masked, flags, createParent, replication, blockSize);
    try {
      if (stat.getErasureCodingPolicy() != null || stat.getFileEncryptionInfo() != null) {
        nameNode.complete(src, stat.getFileId(), null);
        return new Opened(null, true, null);
      }
      FanOutOutputStream.NewFile file = new FanOutOutputStream.NewFile(src, stat.getFileId(), stat.getBlockSize(),
          stat.getReplication(), flags.contains(CreateFlag.SYNC_BLOCK), NameNodeCalls.addBlockFlags(flags));
      FanOutOutputStream out = new FanOutOutputStream(this, file, mode, checksum, progress);
      opened(out);
      return new Opened(out, true, null);
    } catch (RuntimeException | LinkageError e) {
      nameNode.complete(src, stat.getFileId(), null);
      return new Opened(null, true, e);
    }
  }

  NameNodeCalls nameNode() {
    return nameNode;
  }

  Connector connector() {
    return connector;
  }

  int window() {
    return window;
  }

  int packetSize() {
    return packetSize;
  }

  int maxRecoveries() {
    return maxRecoveries;
  }

  int blockWriteRetries() {
    return blockWriteRetries;
  }

  /**
   * A new stream's excluded nodes: each for {@code dfs.client.write.exclude.nodes.cache.expiry.interval.millis},
   * on the monotonic clock, as HDFS's stream keeps them.
   */
  ExcludedNodes excludedNodes() {
    return new ExcludedNodes(excludedNodesExpiryMs, Time::monotonicNow);
  }

  /** HDFS's replace-datanode-on-failure, for this session's streams. */
  DataNodeReplacement replacement() {
    return replacement;
  }

  /** The checksum new data gets: the client's {@code dfs.checksum.type} and {@code dfs.bytes-per-checksum}. */
  public DataChecksum checksum(org.apache.hadoop.fs.Options.ChecksumOpt requested) {
    return client.getConf().createChecksum(requested);
  }

  private synchronized void opened(FanOutOutputStream out) {
    open.add(out);
    if (renewer == null) {
      renewer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "replicakit-write-lease-" + nameNode.clientName());
        t.setDaemon(true);
        return t;
      });
    }
    if (renewal == null) {
      renewal = renewer.scheduleWithFixedDelay(this::renew, RENEW_MS, RENEW_MS, TimeUnit.MILLISECONDS);
    }
  }

  synchronized void closed(FanOutOutputStream out) {
    open.remove(out);
    if (open.isEmpty() && renewal != null) {
      renewal.cancel(false);
      renewal = null;
    }
  }

  private void renew() {
    try {
      nameNode.renewLease();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Failed to renew the lease of {} for {} open parallel write(s)", nameNode.clientName(), open.size(),
          e);
    }
  }

  /**
   * Closes the streams still open, as closing a {@code DFSClient} closes its own ({@code closeAllFilesBeingWritten}):
   * each writes what it holds and completes its file. A stream that cannot is aborted, so that its owner's own
   * {@code close()} throws instead of reporting a file that was not written. Then stops renewing.
   */
  @Override
  public void close() {
    // Not under this session's lock: a stream's own close, on its writer's thread, holds the stream and then asks
    // for this lock (closed).
    for (FanOutOutputStream out : List.copyOf(open)) {
      try {
        out.close();
      } catch (IOException | RuntimeException | Error e) {
        LOG.error("Failed to close {} while closing the file system", out.src(), e);
        out.abort(new IOException("closing the file system failed to complete the file", e));
      }
    }
    stopRenewing();
  }

  private synchronized void stopRenewing() {
    open.clear();
    if (renewer != null) {
      renewer.shutdownNow();
      renewer = null;
      renewal = null;
    }
  }
}
