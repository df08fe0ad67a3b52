/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import io.replicakit.pfimbi.sched.PositionMode;
import io.replicakit.pfimbi.sched.QueueOrder;
import io.replicakit.pfimbi.sched.TwoLevelWfq;
import java.util.List;

/**
 * Which announced block a node pulls next (thesis §4.3, §4.6.2, §4.7).
 *
 * @param positionMode strict priority of earlier pipeline positions, or weighted sharing between them
 * @param positionWeights weights of positions 2, 3, ... for {@link PositionMode#WEIGHTED}
 * @param queueOrder FIFO or LIFO within a flow
 */
public record SchedulerSettings(PositionMode positionMode, List<Double> positionWeights, QueueOrder queueOrder) {

  public SchedulerSettings {
    positionWeights = List.copyOf(positionWeights);
  }

  /** A new, empty scheduler with these settings. */
  public TwoLevelWfq newScheduler() {
    return new TwoLevelWfq(positionMode, positionWeights, queueOrder);
  }
}
