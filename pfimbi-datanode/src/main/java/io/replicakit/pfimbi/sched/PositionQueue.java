/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

import java.util.HashMap;
import java.util.Map;

/**
 * The second level of {@link TwoLevelWfq}: the blocks waiting for one pipeline position, one queue per flow,
 * shared between flows by their weights with start-time fair queuing (thesis §4.3, §4.7). A flow's queue exists
 * only while it has blocks.
 */
final class PositionQueue {

  private final QueueOrder order;
  private final Map<String, FlowQueue> flows = new HashMap<>();
  private final StartTimeFairShare<String> share = new StartTimeFairShare<>();
  private int size;

  PositionQueue(QueueOrder order) {
    this.order = order;
  }

  void add(long arrival, BlockNotice notice) {
    flows.computeIfAbsent(notice.flow(), f -> new FlowQueue()).add(arrival, notice);
    share.activate(notice.flow());
    size++;
  }

  /** Removes and returns the block of the flow with the earliest start time; the position must not be empty. */
  BlockNotice take() {
    String flow = share.earliest().orElseThrow(() -> new IllegalStateException("no block waiting"));
    FlowQueue queue = flows.get(flow);
    BlockNotice notice = queue.take(order);
    size--;
    if (queue.isEmpty()) {
      flows.remove(flow);
    }
    share.served(flow, TwoLevelWfq.cost(notice.lengthBytes(), notice.weight()), !queue.isEmpty());
    return notice;
  }

  /** Removes a waiting block (cancelled) without charging its flow. */
  void remove(long arrival, BlockNotice notice) {
    FlowQueue queue = flows.get(notice.flow());
    queue.remove(arrival);
    size--;
    if (queue.isEmpty()) {
      flows.remove(notice.flow());
      share.deactivate(notice.flow());
    }
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }
}
