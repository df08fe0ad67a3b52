/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.state.NodeState;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.read.config.ReadSelectionConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;

/** Replicas, settings and a fake-clocked system-state registry shared by the policy tests. */
final class Fixtures {

  /** HDFS distance weights: the reader's node, its rack, another rack. */
  static final int LOCAL = 0;
  static final int RACK = 2;
  static final int OFF_RACK = 4;

  /** Sampling interval of every fake DataNode; with 3 stale intervals a sample is stale after 9 s. */
  static final int SAMPLE_INTERVAL_MS = 3_000;
  static final int STALE_INTERVALS = 3;

  private Fixtures() {}

  /** A replica on DataNode {@code dn-<position>}, volume {@code vol-<position>}. */
  static Replica replica(int position, int distance, String storageType) {
    return new Replica(position, distance, storageType, "vol-" + position, "dn-" + position);
  }

  /** A One_SSD block: position 0 on SSD, positions 1 and 2 on DISK. */
  static List<Replica> oneSsd(int ssdDistance, int disk1Distance, int disk2Distance) {
    return List.of(replica(0, ssdDistance, "SSD"), replica(1, disk1Distance, "DISK"),
        replica(2, disk2Distance, "DISK"));
  }

  /**
   * A One_SSD block on a cluster of {@code nodes} DataNodes, every replica {@link #RACK} away: the SSD replica on one
   * node and the DISK replicas on two others, drawn from {@code random}. See {@link #onNode} for the names.
   */
  static List<Replica> oneSsdOnNodes(int nodes, RandomGenerator random) {
    int ssd = random.nextInt(nodes);
    int disk1 = (ssd + 1 + random.nextInt(nodes - 1)) % nodes;
    int disk2;
    do {
      disk2 = random.nextInt(nodes);
    } while (disk2 == ssd || disk2 == disk1);
    return List.of(onNode(0, ssd, "SSD"), onNode(1, disk1, "DISK"), onNode(2, disk2, "DISK"));
  }

  /** A replica {@link #RACK} away on DataNode {@code dn-<node>}, its volume {@code dn-<node>-<type>}. */
  static Replica onNode(int position, int node, String type) {
    String uuid = "dn-" + node;
    return new Replica(position, RACK, type, uuid + "-" + type, uuid);
  }

  /** Settings from the documented defaults with {@code keyValues} (pairs of key and value) on top. */
  static ReadSettings settings(String policy, String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(ReadSelectionConfig.POLICY_KEY, policy);
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return ReadSelectionConfig.settings(conf);
  }

  static StorageModel defaultStorage() {
    return settings("network-distance").storage();
  }

  static List<Integer> positions(Collection<Replica> replicas) {
    return replicas.stream().map(Replica::position).toList();
  }

  static HostMetrics healthyHost() {
    return new HostMetrics(90, 60, 1L << 34);
  }

  /** The stressed node of the tests: CPU idle 10 %, memory free 5 %. */
  static HostMetrics stressedHost() {
    return new HostMetrics(10, 5, 1L << 34);
  }

  static VolumeMetrics healthyVolume(String storageId, String storageType, double utilizationPct) {
    return new VolumeMetrics(storageId, storageType, "sda", 5, 100, 100, utilizationPct, 0.2);
  }

  /** The stressed volume of the tests: await 200 ms, writing 50,000 kB/s. */
  static VolumeMetrics stressedVolume(String storageId, String storageType, double utilizationPct) {
    return new VolumeMetrics(storageId, storageType, "sda", 200, 0, 50_000, utilizationPct, 30);
  }

  /** A volume reporting only its utilization, for DRR. */
  static VolumeMetrics utilization(String storageId, String storageType, double utilizationPct) {
    return new VolumeMetrics(storageId, storageType, "sda", 1, 0, 0, utilizationPct, 0);
  }

  /** A real registry on a fake clock, every DataNode LIVE unless set; each report is a DataNode's next sample. */
  static final class Cluster {

    final AtomicLong clock = new AtomicLong(1_000_000);
    final Map<String, NodeStatus> statuses = new java.util.concurrent.ConcurrentHashMap<>();
    final SystemStateRegistry registry = new SystemStateRegistry(clock::get, STALE_INTERVALS,
        uuid -> statuses.getOrDefault(uuid, NodeStatus.LIVE));
    private final Map<String, Long> sequences = new HashMap<>();

    PolicyEnvironment env() {
      return new PolicyEnvironment(() -> registry, clock::get);
    }

    void report(String uuid, HostMetrics host, VolumeMetrics... volumes) {
      long sequence = sequences.merge(uuid, 1L, Long::sum);
      SystemSample sample = new SystemSample(uuid, 1, sequence, clock.get(), SAMPLE_INTERVAL_MS, host,
          List.of(volumes));
      if (registry.offer(sample).isPresent()) {
        throw new AssertionError("registry rejected " + sample);
      }
    }

    NodeState fresh(String uuid) {
      return registry.fresh(uuid).orElseThrow();
    }

    void advance(long ms) {
      clock.addAndGet(ms);
    }
  }

  /** Random blocks of 1..12 replicas with mixed storage types (unknown ones too) and distances. */
  static List<Replica> randomBlock(RandomGenerator random) {
    String[] types = {"SSD", "DISK", "ARCHIVE", "RAM_DISK", "NVDIMM", "PROVIDED", "TAPE"};
    int[] distances = {LOCAL, 1, RACK, OFF_RACK, 6};
    int n = 1 + random.nextInt(12);
    List<Replica> block = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String type = types[random.nextInt(types.length)];
      String uuid = "dn-" + random.nextInt(10);
      String storageId = random.nextInt(4) == 0 ? "unknown-" + i : uuid + "-" + type;
      block.add(new Replica(i, distances[random.nextInt(distances.length)], type, storageId, uuid));
    }
    return block;
  }

  /**
   * Makes threads that all count on one {@link ReadCounter} stripe (the stripe of the first thread made): a thread's
   * stripe is its ID modulo the stripes, and IDs are handed out as threads are made, so a thread whose ID falls on
   * another stripe is dropped unstarted and another made.
   */
  static ThreadFactory threadsOnOneReadCounterStripe() {
    int mask = ReadCounter.defaultStripes() - 1;
    long[] stripe = {-1};
    return r -> {
      while (true) {
        Thread t = new Thread(r);
        if (stripe[0] < 0) {
          stripe[0] = t.getId() & mask;
        }
        if ((t.getId() & mask) == stripe[0]) {
          return t;
        }
      }
    };
  }
}
