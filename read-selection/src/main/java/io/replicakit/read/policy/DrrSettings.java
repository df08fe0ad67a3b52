/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Map;
import java.util.Objects;

/**
 * Dynamic round-robin's knobs (read paper §3.2, DRR): a utilization threshold per storage type, and how the
 * weight moves.
 *
 * @param thresholdPct per storage type name: below this average utilization the type gets more reads
 * @param step how much one adjustment moves the weight
 * @param minWeight lowest weight (fast reads per slow read)
 * @param maxWeight highest weight
 * @param intervalMs at most one adjustment per this period, and only on samples newer than the last one used
 * @param idlePct below this average utilization on every storage type the weight does not move
 * @param balance what the weight divides reads between: storage classes (the paper's) or volumes
 * @param booking how {@link DrrBalance#VOLUME} places reads in time
 */
public record DrrSettings(Map<String, Double> thresholdPct, double step, double minWeight, double maxWeight,
    long intervalMs, double idlePct, DrrBalance balance, VolumeBooking booking) {

  public DrrSettings {
    thresholdPct = Map.copyOf(thresholdPct);
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(booking, "booking");
  }

  public double threshold(String storageType) {
    return thresholdPct.getOrDefault(storageType, 50.0);
  }
}
