/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

import java.util.Map;
import java.util.TreeMap;

/**
 * The waiting blocks of one flow at one pipeline position, in arrival order; {@link #take} serves the oldest or
 * the newest according to the {@link QueueOrder} (thesis §4.6.2). Keyed by arrival number so a cancelled block
 * leaves in logarithmic time from anywhere in the queue.
 */
final class FlowQueue {

  private final TreeMap<Long, BlockNotice> byArrival = new TreeMap<>();

  void add(long arrival, BlockNotice notice) {
    byArrival.put(arrival, notice);
  }

  BlockNotice take(QueueOrder order) {
    Map.Entry<Long, BlockNotice> e = order == QueueOrder.LIFO ? byArrival.pollLastEntry()
        : byArrival.pollFirstEntry();
    return e.getValue();
  }

  void remove(long arrival) {
    byArrival.remove(arrival);
  }

  boolean isEmpty() {
    return byArrival.isEmpty();
  }

  int size() {
    return byArrival.size();
  }
}
