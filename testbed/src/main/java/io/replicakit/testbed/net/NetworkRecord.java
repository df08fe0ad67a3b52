/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import io.replicakit.common.storage.Throughput;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.NetworkSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The network of a run as results record it ({@code results.json}'s {@code cluster.network}): whether the links
 * were shaped, which rates, and in words. Only a multi-process cluster shapes them; an embedded run of a spec with
 * links says that they were not, so that no result claims a network it did not have.
 */
public final class NetworkRecord {

  private NetworkRecord() {}

  /** {@code {"shaped": ..., "description": ..., "node_links_mb_s": [...], ...}}; rates 0 = unshaped. */
  public static Map<String, Object> of(ClusterSpec spec, ClusterMode mode) {
    NetworkSpec net = spec.network();
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("shaped", net.enabled() && mode == ClusterMode.PROCESSES);
    record.put("description", describe(spec, mode));
    if (net.enabled()) {
      record.put("node_links_mb_s", mbPerSec(net.nodeLinks()));
      record.put("rack_uplinks_mb_s", mbPerSec(net.rackUplinks()));
      record.put("client_links_mb_s", mbPerSec(net.clientLinks()));
    }
    return record;
  }

  /** In words: the links as built, or why there are none. */
  public static String describe(ClusterSpec spec, ClusterMode mode) {
    NetworkSpec net = spec.network();
    if (!net.enabled()) {
      return net.describe();
    }
    return mode == ClusterMode.PROCESSES ? net.describe() + " (a network namespace per host)"
        : "not shaped: the embedded mode runs every daemon in one JVM; the spec's links (" + net.describe()
            + ") apply with --processes";
  }

  private static List<Double> mbPerSec(List<Throughput> rates) {
    return rates.stream().map(Throughput::mbPerSec).toList();
  }
}
