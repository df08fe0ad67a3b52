/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.policy.PolicyEnvironment;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.read.policy.Replica;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;

/**
 * The read paper's model of a read on heterogeneous storage (§3.2): a policy sends a fraction {@code f} of the
 * blocks to fast storage and the rest to slow storage, and the read ends when the busier class is done, so the
 * cluster reads at most {@code 1 / max(f / fast, (1 − f) / slow)} with {@code fast} and {@code slow} the summed
 * speeds of all fast and all slow devices. It is the device-bound ceiling of each policy, reached only with
 * enough parallel readers and no other cost; the report shows it beside the measurements.
 *
 * <p>The fraction {@code f} is not derived by hand for each policy: the production policy, created from the same
 * settings the experiment's NameNode ran it with, orders {@value #BLOCKS} synthetic One_SSD blocks (one replica on
 * a fast volume, the others on slow volumes of other nodes, placed at random) for an off-cluster reader, and
 * {@code f} is the share it put a fast replica first. No DataNode has reported system state, as in the paper's
 * model, which knows no load: DRR and the combined policy keep WRR's weight, the system-state score falls back to
 * HDFS's order. Policies that break ties at random give a sampled share (within about 0.2 % of the exact one with
 * this many blocks, always the same for a given seed); the round-robin ones give their weight's exactly, and DRR
 * by volume (the default) the same split to within 0.01 % (its read times are rounded to microseconds).
 *
 */
final class DeviceModel {

  /** Synthetic blocks each policy orders. */
  static final int BLOCKS = 120_000;
  /** HDFS's distance weight from a reader outside the cluster's racks to any replica. */
  private static final int OFF_CLUSTER_DISTANCE = 4;
  private static final long SEED = 1;

  private final int nodes;
  private final double fastMibS;
  private final double slowMibS;
  private final int replication;
  private final Map<String, Map<String, String>> variants;
  /** The simulated share per variant: the report asks for each several times. */
  private final Map<String, Double> fastFractions = new ConcurrentHashMap<>();

  /**
   * @param nodes DataNodes, each with one fast and one slow volume
   * @param fastMibS speed of one fast volume
   * @param slowMibS speed of one slow volume
   * @param replication replicas per block, one of them on fast storage (One_SSD)
   * @param variants each variant's NameNode settings ({@code replicakit.read.*} and the rest), as the experiment
   *     ran it; a variant not listed has no ceiling
   */
  DeviceModel(int nodes, double fastMibS, double slowMibS, int replication,
      Map<String, Map<String, String>> variants) {
    this.nodes = nodes;
    this.fastMibS = fastMibS;
    this.slowMibS = slowMibS;
    this.replication = replication;
    this.variants = Map.copyOf(variants);
  }

  /** Ceiling in MiB/s when {@code fastFraction} of the blocks are read from fast storage. */
  double ceilingMibS(double fastFraction) {
    double fast = fastFraction / (nodes * fastMibS);
    double slow = (1 - fastFraction) / (nodes * slowMibS);
    return 1 / Math.max(fast, slow);
  }

  /** The share of blocks the variant's policy reads from fast storage; NaN for a variant not listed. */
  double fastFraction(String variant) {
    Map<String, String> settings = variants.get(variant);
    return settings == null ? Double.NaN : fastFractions.computeIfAbsent(variant, v -> simulate(settings));
  }

  private double simulate(Map<String, String> settings) {
    SystemStateRegistry noReports = new SystemStateRegistry(() -> 0L, 3, uuid -> NodeStatus.LIVE);
    ReadPolicy policy = ReadPolicies.create(ReadSelectionConfig.settings(configuration(settings)),
        new PolicyEnvironment(() -> noReports, () -> 0L));
    SplittableRandom random = new SplittableRandom(SEED);
    long fast = 0;
    for (int b = 0; b < BLOCKS; b++) {
      List<Replica> ordered = policy.order(block(random), random);
      fast += ordered.get(0).storageType().equals(StorageType.SSD.name()) ? 1 : 0;
    }
    return fast / (double) BLOCKS;
  }

  double ceilingMibS(String variant) {
    double f = fastFraction(variant);
    return Double.isNaN(f) ? Double.NaN : ceilingMibS(f);
  }

  private static Configuration configuration(Map<String, String> settings) {
    Configuration conf = new Configuration(false);
    settings.forEach(conf::set);
    return conf;
  }

  /** A One_SSD block: {@code replication} distinct nodes at random, one replica on SSD, at a random position. */
  private List<Replica> block(SplittableRandom random) {
    List<Integer> nodesOfBlock = new ArrayList<>(replication);
    while (nodesOfBlock.size() < replication) {
      int node = random.nextInt(nodes);
      if (!nodesOfBlock.contains(node)) {
        nodesOfBlock.add(node);
      }
    }
    int ssd = random.nextInt(replication);
    List<Replica> replicas = new ArrayList<>(replication);
    for (int i = 0; i < replication; i++) {
      String type = (i == ssd ? StorageType.SSD : StorageType.DISK).name();
      int node = nodesOfBlock.get(i);
      replicas.add(new Replica(i, OFF_CLUSTER_DISTANCE, type, "DS-" + node + "-" + type, "dn-" + node));
    }
    return replicas;
  }

  /**
   * The settings of each variant: the cluster's settings (storage model, user's {@code --set}) with the
   * variant's policy settings over them, as the NameNode has them after switching to it.
   */
  static Map<String, Map<String, String>> variants(Map<String, String> cluster,
      Map<String, Map<String, String>> policySettings) {
    Map<String, Map<String, String>> variants = new LinkedHashMap<>();
    policySettings.forEach((variant, settings) -> {
      Map<String, String> all = new HashMap<>(cluster);
      all.putAll(settings);
      variants.put(variant, all);
    });
    return variants;
  }
}
