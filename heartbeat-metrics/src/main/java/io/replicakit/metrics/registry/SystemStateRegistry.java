/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.SystemStateView;
import io.replicakit.metrics.wire.Rejection;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The latest sample of every DataNode, kept in the NameNode. Thread-safe: RPC handlers offer samples while
 * read selection looks them up; an offer replaces a node's entry atomically, so readers never see a mix of
 * two samples.
 *
 * <p>Freshness is judged on the NameNode's monotonic clock (when a sample arrived) against the DataNode's own
 * interval, so neither clock skew between machines nor a step of the NameNode's wall clock (NTP setting it back
 * would otherwise keep a dead DataNode's last sample fresh for as long as the step) changes it, and a DataNode
 * configured with a longer interval
 * is not penalised for it (up to the {@link SampleBounds} limit, beyond which a sample is refused: no sample can
 * stay fresh longer than a bounded time after it arrived, whatever its interval and epoch claim).
 */
public final class SystemStateRegistry implements SystemStateView {

  /** @param inService the DataNode's state when the sample arrived ({@link NodeStatus#OUT_OF_SERVICE} or not) */
  private record Entry(SystemSample sample, long receivedMs, boolean inService) {}

  private final LongSupplier clockMs;
  private final LongSupplier wallMs;
  private final int staleIntervals;
  private final SampleBounds bounds;
  private final Function<String, NodeStatus> membership;
  private final Map<String, Entry> entries = new ConcurrentHashMap<>();
  private final LongAdder accepted = new LongAdder();
  private final Map<Rejection, LongAdder> rejected = new EnumMap<>(Rejection.class);

  /**
   * A registry with only the codec's limits ({@link SampleBounds#LENIENT}), for tools and benchmarks that fill it
   * themselves; the NameNode plugin uses {@link #SystemStateRegistry(LongSupplier, int, SampleBounds, Function)}.
   */
  public SystemStateRegistry(LongSupplier clockMs, int staleIntervals, Function<String, NodeStatus> membership) {
    this(new Clocks(clockMs, clockMs), staleIntervals, SampleBounds.LENIENT, membership);
  }

  /**
   * The NameNode's clocks, in milliseconds: a monotonic one for arrival times, ages and staleness (the view's
   * {@link #nowMs}), and the wall clock for what compares with the DataNodes' wall clocks (a sample's epoch) or is
   * shown to people ({@link #wallReceivedMs}).
   */
  public record Clocks(LongSupplier monotonicMs, LongSupplier wallMs) {}

  /**
   * @param clocks the NameNode's clocks
   * @param staleIntervals a sample older than this many of its DataNode's intervals is stale
   * @param bounds samples outside these are refused as {@link Rejection#INVALID}
   * @param membership what the NameNode knows of a DataNode UUID
   */
  public SystemStateRegistry(Clocks clocks, int staleIntervals, SampleBounds bounds,
      Function<String, NodeStatus> membership) {
    if (staleIntervals < 1) {
      throw new IllegalArgumentException("staleIntervals must be >= 1, was " + staleIntervals);
    }
    this.clockMs = clocks.monotonicMs();
    this.wallMs = clocks.wallMs();
    this.staleIntervals = staleIntervals;
    this.bounds = bounds;
    this.membership = membership;
    for (Rejection r : Rejection.values()) {
      rejected.put(r, new LongAdder());
    }
  }

  /**
   * Stores a validated sample if it comes from a live DataNode, is within the {@link SampleBounds} and is newer
   * than the one held.
   *
   * @return empty when accepted, else why not
   */
  public Optional<Rejection> offer(SystemSample sample) {
    String uuid = sample.datanodeUuid();
    NodeStatus status = membership.apply(uuid);
    if (!heartbeating(status)) {
      return reject(Rejection.UNKNOWN_NODE);
    }
    if (bounds.problem(sample, wallNowMs()).isPresent()) {
      return reject(Rejection.INVALID);
    }
    long now = clockMs.getAsLong();
    Entry offered = new Entry(sample, now, status == NodeStatus.LIVE);
    Entry kept = entries.merge(uuid, offered, (held, incoming) -> supersedes(incoming, held, now) ? incoming : held);
    if (kept != offered) {
      return reject(Rejection.OUT_OF_ORDER);
    }
    accepted.increment();
    return Optional.empty();
  }

  /**
   * A newer sample of the same reporter wins; so does any sample of another reporter (a restarted DataNode)
   * once the held one is stale, so that a DataNode restarted with its clock set back is not locked out until
   * the NameNode forgets it.
   */
  private boolean supersedes(Entry incoming, Entry held, long now) {
    SystemSample in = incoming.sample();
    return in.isAfter(held.sample()) || (in.epoch() != held.sample().epoch() && state(held, now).stale());
  }

  /** Counts a message rejected before it reached the registry (malformed, oversized, invalid). */
  public Optional<Rejection> reject(Rejection reason) {
    rejected.get(reason).increment();
    return Optional.of(reason);
  }

  @Override
  public Optional<NodeState> fresh(String datanodeUuid) {
    Entry e = entries.get(datanodeUuid);
    if (e == null) {
      return Optional.empty();
    }
    NodeState state = state(e, clockMs.getAsLong());
    return state.stale() ? Optional.empty() : Optional.of(state);
  }

  @Override
  public SystemSample freshSample(String datanodeUuid) {
    return freshSample(datanodeUuid, clockMs.getAsLong());
  }

  /** The view's clock: the NameNode's monotonic clock, which arrival times ({@link NodeState#receivedMs}) use. */
  @Override
  public long nowMs() {
    return clockMs.getAsLong();
  }

  /** The NameNode's wall clock (epoch milliseconds). */
  public long wallNowMs() {
    return wallMs.getAsLong();
  }

  /** When {@code state}'s sample arrived on the NameNode's wall clock (epoch ms), for tools and people. */
  public long wallReceivedMs(NodeState state) {
    return wallNowMs() - state.ageMs();
  }

  @Override
  public SystemSample freshSample(String datanodeUuid, long nowMs) {
    Entry e = entries.get(datanodeUuid);
    if (e == null || isStale(e, nowMs)) {
      return null;
    }
    return e.sample();
  }

  @Override
  public List<NodeState> all() {
    long now = clockMs.getAsLong();
    List<NodeState> all = new ArrayList<>(entries.size());
    entries.values().forEach(e -> all.add(state(e, now)));
    all.sort((a, b) -> a.datanodeUuid().compareTo(b.datanodeUuid()));
    return all;
  }

  /** Drops DataNodes the NameNode no longer counts as live: dead, decommissioned or removed. */
  public int sweep() {
    int before = entries.size();
    entries.keySet().removeIf(uuid -> !heartbeating(membership.apply(uuid)));
    return before - entries.size();
  }

  /** Live, in service or not (decommissioning, maintenance): its samples are kept. */
  private static boolean heartbeating(NodeStatus status) {
    return status == NodeStatus.LIVE || status == NodeStatus.OUT_OF_SERVICE;
  }

  /** The limits this registry applies (the RPC server quotes them in its refusals). */
  public SampleBounds bounds() {
    return bounds;
  }

  public long acceptedCount() {
    return accepted.sum();
  }

  public long rejectedCount(Rejection reason) {
    return rejected.get(reason).sum();
  }

  public long rejectedCount() {
    return rejected.values().stream().mapToLong(LongAdder::sum).sum();
  }

  private NodeState state(Entry e, long now) {
    return new NodeState(e.sample(), e.receivedMs(), Math.max(0, now - e.receivedMs()), isStale(e, now),
        e.inService());
  }

  private boolean isStale(Entry e, long now) {
    return now - e.receivedMs() > (long) staleIntervals * e.sample().intervalMs();
  }
}
