/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Objects;

/**
 * Everything the read policies are configured with, validated by {@code ReadSelectionConfig}. Policies receive
 * this record, never Hadoop's {@code Configuration}.
 *
 * @param policy the policy name
 * @param storage storage throughputs and network bandwidths (read paper §3.1)
 * @param wrrWeight WRR's fast-to-slow weight, or NaN to derive it from the throughputs (eq. 1)
 * @param drr DRR's thresholds and weight limits
 * @param score the hotspot score's points and references
 * @param combinedClassBonus points the combined policy adds to the replicas of the class whose turn it is
 */
public record ReadSettings(String policy, StorageModel storage, double wrrWeight, DrrSettings drr, ScoreModel score,
    double combinedClassBonus) {

  public ReadSettings {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(drr, "drr");
    Objects.requireNonNull(score, "score");
  }
}
