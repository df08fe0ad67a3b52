/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.policy.NetworkDistancePolicy;
import io.replicakit.read.policy.SystemStatePolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The read-selection experiment's variants and the NameNode settings of each: every policy of the read stage (each
 * once per inter-rack bandwidth when several are compared), then WRR once per weight of the sweep. Pure.
 *
 * <p>The inter-rack bandwidth is what the storage-aware policies are told the rack uplinks carry
 * ({@code replicakit.read.bandwidth.inter-rack.mbps}); with it the read paper's network rules (§3.1) decide whether
 * a fast replica in another rack is worth reading. 0 is the paper's rule 3 (across racks read the closest replica),
 * a value above the slow storage's throughput makes every fast replica eligible wherever it is: "without network
 * considerations" in the paper's rack-to-rack measurement (§4.2.3).
 */
final class ReadVariants {

  /** Policies that never consult the storage model's bandwidths: one variant each, whatever the bandwidths. */
  static final Set<String> NETWORK_BLIND = Set.of(NetworkDistancePolicy.NAME, SystemStatePolicy.NAME);

  private ReadVariants() {}

  /**
   * @param interRackMbps the inter-rack bandwidths to compare; empty keeps the cluster's (no setting per variant)
   *     and one value sets it for every policy without renaming them
   * @return variant name to NameNode settings, read stage first, in the given orders
   */
  static Map<String, Map<String, String>> of(List<String> policies, List<Double> interRackMbps,
      List<Double> weights) {
    Map<String, Map<String, String>> variants = new LinkedHashMap<>();
    for (String p : policies) {
      if (interRackMbps.size() < 2 || NETWORK_BLIND.contains(p)) {
        Map<String, String> settings = ReadClusterSettings.policy(p, Double.NaN);
        if (interRackMbps.size() == 1 && !NETWORK_BLIND.contains(p)) {
          settings.put(ReadSelectionConfig.INTER_RACK_KEY, number(interRackMbps.get(0)));
        }
        variants.put(p, settings);
        continue;
      }
      for (double mbps : interRackMbps) {
        Map<String, String> settings = ReadClusterSettings.policy(p, Double.NaN);
        settings.put(ReadSelectionConfig.INTER_RACK_KEY, number(mbps));
        variants.put(withInterRack(p, mbps), settings);
      }
    }
    for (double w : weights) {
      variants.put(wrr(w), ReadClusterSettings.policy("wrr", w));
    }
    return variants;
  }

  /** E.g. {@code drr(inter-rack=0)}. */
  static String withInterRack(String policy, double mbps) {
    return policy + "(inter-rack=" + number(mbps) + ")";
  }

  /** The sweep's variant name, as {@code wrr(w=7)}. */
  static String wrr(double w) {
    return "wrr(w=" + number(w) + ")";
  }

  /** {@code v} without a fraction when it has none: {@code 0}, {@code 1250}, {@code 2.5}. */
  static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
