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
 * once per bandwidth when several are compared), then WRR once per weight of the sweep. Pure.
 *
 * <p>The bandwidths are what the storage-aware policies are told the links carry: between racks
 * ({@code replicakit.read.bandwidth.inter-rack.mbps}) and inside a rack ({@code ...intra-rack.mbps}). With them the
 * read paper's network rules (§3.1) decide whether a fast replica away from the reader is worth reading: inside the
 * reader's rack only if the rack's links carry more than slow storage delivers (rule 2), across racks likewise
 * (rule 3, which the paper states as "read the closest replica": an inter-rack bandwidth of 0). A value above the
 * slow storage's throughput makes every fast replica on that path eligible: "without network considerations" in the
 * paper's rack-to-rack measurement (§4.2.3).
 */
final class ReadVariants {

  /** Policies that never consult the storage model's bandwidths: one variant each, whatever the bandwidths. */
  static final Set<String> NETWORK_BLIND = Set.of(NetworkDistancePolicy.NAME, SystemStatePolicy.NAME);

  /**
   * One bandwidth the storage-aware policies are told, and the values to run: none keeps the cluster's, one sets it
   * for every storage-aware policy, several run each such policy once per value as {@code POLICY(label=V)}.
   *
   * @param label the variant names' label, e.g. {@code inter-rack}
   * @param key the NameNode key it sets
   */
  record Told(String label, String key, List<Double> mbps) {

    Told {
      mbps = List.copyOf(mbps);
    }

    static Told interRack(List<Double> mbps) {
      return new Told("inter-rack", ReadSelectionConfig.INTER_RACK_KEY, mbps);
    }

    static Told intraRack(List<Double> mbps) {
      return new Told("intra-rack", ReadSelectionConfig.INTRA_RACK_KEY, mbps);
    }

    boolean compared() {
      return mbps.size() > 1;
    }
  }

  private ReadVariants() {}

  /**
   * @param told the bandwidths; at most one of them may compare several values (a comparison is one axis)
   * @return variant name to NameNode settings, read stage first, in the given orders
   */
  static Map<String, Map<String, String>> of(List<String> policies, List<Told> told, List<Double> weights) {
    List<Told> compared = oneCompared(told).stream().filter(Told::compared).toList();
    Map<String, Map<String, String>> variants = new LinkedHashMap<>();
    for (String p : policies) {
      boolean blind = NETWORK_BLIND.contains(p);
      Map<String, String> base = ReadClusterSettings.policy(p, Double.NaN);
      for (Told t : blind ? List.<Told>of() : told) {
        if (t.mbps().size() == 1) {
          base.put(t.key(), number(t.mbps().get(0)));
        }
      }
      if (blind || compared.isEmpty()) {
        variants.put(p, base);
        continue;
      }
      Told axis = compared.get(0);
      for (double mbps : axis.mbps()) {
        Map<String, String> settings = new LinkedHashMap<>(base);
        settings.put(axis.key(), number(mbps));
        variants.put(named(p, axis.label(), mbps), settings);
      }
    }
    for (double w : weights) {
      variants.put(wrr(w), ReadClusterSettings.policy("wrr", w));
    }
    return variants;
  }

  /**
   * {@code told}, if at most one of its bandwidths compares several values (a comparison is one axis).
   *
   * @throws IllegalArgumentException naming the bandwidths compared together
   */
  static List<Told> oneCompared(List<Told> told) {
    List<String> compared = told.stream().filter(Told::compared).map(Told::label).toList();
    if (compared.size() > 1) {
      throw new IllegalArgumentException("compare one bandwidth at a time, not " + compared + " together");
    }
    return told;
  }

  /** E.g. {@code drr(inter-rack=0)}. */
  private static String named(String policy, String label, double mbps) {
    return policy + "(" + label + "=" + number(mbps) + ")";
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
