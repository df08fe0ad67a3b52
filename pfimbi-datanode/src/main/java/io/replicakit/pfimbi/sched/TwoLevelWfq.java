/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Chooses which announced block this node pulls next (thesis §4.3, §4.7): two-level weighted fair queuing.
 * Level 1 picks a pipeline position, either strictly lowest first or shared by per-position weights, so a job's
 * data becomes resilient to one failure before two ({@link PositionMode}). Level 2 picks, within that position, the
 * flow (job) whose head block has the earliest virtual start time, so jobs share the background bandwidth in
 * proportion to their weights, in bytes. Both weighted choices use {@link StartTimeFairShare}; within a flow the
 * order is FIFO or LIFO ({@link QueueOrder}).
 *
 * <p>The RPC handlers offer notices while the Communication Manager takes them, so all methods are synchronized.
 */
public final class TwoLevelWfq {

  /** Weights for positions 2, 3, 4...: each copy ten times the next (the thesis's 100:10:1, Figure 5.9(b)). */
  public static final List<Double> DEFAULT_POSITION_WEIGHTS = List.of(100.0, 10.0, 1.0);

  private record Waiting(long arrival, BlockNotice notice) {}

  private final PositionMode mode;
  private final double[] positionWeights;
  private final QueueOrder order;
  private final TreeMap<Integer, PositionQueue> positions = new TreeMap<>();
  private final StartTimeFairShare<Integer> positionShare = new StartTimeFairShare<>();
  private final Map<Long, Waiting> byBlock = new HashMap<>();
  private long nextArrival;

  /** Strict position priority, FIFO within each flow: the thesis's defaults. */
  public TwoLevelWfq() {
    this(PositionMode.STRICT, DEFAULT_POSITION_WEIGHTS, QueueOrder.FIFO);
  }

  /**
   * @param positionWeights for {@link PositionMode#WEIGHTED}: the weight of position 2, 3, ...; positions beyond
   *     the list take its last weight. Each must be finite and > 0.
   */
  public TwoLevelWfq(PositionMode mode, List<Double> positionWeights, QueueOrder order) {
    if (mode == null || order == null) {
      throw new IllegalArgumentException("mode and order must not be null");
    }
    if (positionWeights == null || positionWeights.isEmpty()) {
      throw new IllegalArgumentException("positionWeights must list at least one weight");
    }
    this.positionWeights = new double[positionWeights.size()];
    for (int i = 0; i < this.positionWeights.length; i++) {
      Double w = positionWeights.get(i);
      if (w == null || !(w > 0) || w.isInfinite()) {
        throw new IllegalArgumentException("position weights must be finite and > 0, were " + positionWeights);
      }
      this.positionWeights[i] = w;
    }
    this.mode = mode;
    this.order = order;
  }

  /**
   * Queues an announced block.
   *
   * @return false, changing nothing, if a block with this id is already waiting (a repeated announcement)
   */
  public synchronized boolean offer(BlockNotice notice) {
    if (byBlock.containsKey(notice.blockId())) {
      return false;
    }
    long arrival = nextArrival++;
    byBlock.put(notice.blockId(), new Waiting(arrival, notice));
    positions.computeIfAbsent(notice.position(), p -> new PositionQueue(order)).add(arrival, notice);
    positionShare.activate(notice.position());
    return true;
  }

  /** Removes and returns the block to pull next, or empty if none is waiting. */
  public synchronized Optional<BlockNotice> next() {
    if (positions.isEmpty()) {
      return Optional.empty();
    }
    int position = mode == PositionMode.STRICT ? positions.firstKey() : positionShare.earliest().orElseThrow();
    PositionQueue queue = positions.get(position);
    BlockNotice notice = queue.take();
    byBlock.remove(notice.blockId());
    if (queue.isEmpty()) {
      positions.remove(position);
    }
    positionShare.served(position, cost(notice.lengthBytes(), positionWeight(position)), !queue.isEmpty());
    return Optional.of(notice);
  }

  /**
   * Withdraws a waiting block (the sender cancelled it, or the NameNode gave up on it). Its flow is not charged.
   *
   * @return the withdrawn notice, or empty if no block with this id was waiting
   */
  public synchronized Optional<BlockNotice> remove(long blockId) {
    Waiting waiting = byBlock.remove(blockId);
    if (waiting == null) {
      return Optional.empty();
    }
    int position = waiting.notice().position();
    PositionQueue queue = positions.get(position);
    queue.remove(waiting.arrival(), waiting.notice());
    if (queue.isEmpty()) {
      positions.remove(position);
      positionShare.deactivate(position);
    }
    return Optional.of(waiting.notice());
  }

  public synchronized int size() {
    return byBlock.size();
  }

  public synchronized boolean isEmpty() {
    return byBlock.isEmpty();
  }

  public synchronized boolean contains(long blockId) {
    return byBlock.containsKey(blockId);
  }

  /** Blocks waiting for {@code position}. */
  public synchronized int sizeAt(int position) {
    PositionQueue queue = positions.get(position);
    return queue == null ? 0 : queue.size();
  }

  public PositionMode mode() {
    return mode;
  }

  public QueueOrder order() {
    return order;
  }

  /** The level-1 weight of {@code position} (used in {@link PositionMode#WEIGHTED} mode). */
  public double positionWeight(int position) {
    int index = Math.min(position - BlockNotice.FIRST_BACKGROUND_POSITION, positionWeights.length - 1);
    return positionWeights[Math.max(0, index)];
  }

  /**
   * The virtual service a block costs: its length over the weight. An empty block still costs one byte, so a
   * stream of them cannot be served for free ahead of everyone else.
   */
  static double cost(long lengthBytes, double weight) {
    return Math.max(1, lengthBytes) / weight;
  }
}
