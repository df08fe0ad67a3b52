/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import io.replicakit.common.MetricsRegistration;
import io.replicakit.read.policy.ReadPolicy;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.net.Node;

/**
 * Read selection's metrics2 source ({@code ReplicaKitReadSelection}, hence JMX): blocks ordered, how many went
 * to each storage type first, policy failures that fell back to HDFS's order, blocks ordered but not
 * recorded as reads (the repeated last block of each listing), and the round-robin weight.
 */
class ReadSelectionMetrics implements MetricsSource {

  /** Counts nothing; used before configuration. */
  static final ReadSelectionMetrics NONE = new ReadSelectionMetrics(null);

  static final String NAME = "ReplicaKitReadSelection";
  private static final MetricsInfo RECORD = Interns.info(NAME, "ReplicaKit read selection");
  private static final MetricsInfo ORDERED = Interns.info("BlocksOrdered", "Blocks whose replicas were ordered");
  private static final MetricsInfo FALLBACKS = Interns.info("Fallbacks",
      "Orderings left to HDFS, or reads left unrecorded, after a policy failure");
  private static final MetricsInfo NOT_RECORDED = Interns.info("ReadsNotRecorded",
      "Blocks ordered but not counted as reads: the last block HDFS orders again after each listing, the blocks of a "
          + "listing past listing.read.blocks, and ReplicaKit's own lookups");
  private static final MetricsInfo WEIGHT = Interns.info("Weight", "Round-robin fast-to-slow weight (NaN: none)");

  private final ReadPolicy policy;
  /** Blocks ordered whose first replica has no storage type; the blocks ordered are these plus firstByType's. */
  private final LongAdder orderedUntyped = new LongAdder();
  private final LongAdder fallbacks = new LongAdder();
  private final LongAdder notRecorded = new LongAdder();
  private final Map<StorageType, LongAdder> firstByType = new EnumMap<>(StorageType.class);

  private ReadSelectionMetrics(ReadPolicy policy) {
    this.policy = policy;
    for (StorageType t : StorageType.values()) {
      firstByType.put(t, new LongAdder());
    }
  }

  static ReadSelectionMetrics register(ReadPolicy policy) {
    ReadSelectionMetrics metrics = new ReadSelectionMetrics(policy);
    if (DefaultMetricsSystem.instance() != null) {
      // Not DefaultMetricsSystem.sourceName(NAME, true) first: that reserves the name, and the register call then
      // finds it taken. MiniDFSCluster renames such a clash; a NameNode process fails to start on it.
      MetricsRegistration.register(NAME, RECORD.description(), metrics);
    }
    return metrics;
  }

  <T extends Node> void ordered(T[] nodes, int activeLen) {
    if (policy == null || activeLen < 1) {
      return;
    }
    // One counter per block (this runs for every block read): the total is summed when metrics are collected.
    StorageType type = nodes[0] instanceof DatanodeInfoWithStorage node ? node.getStorageType() : null;
    (type != null ? firstByType.get(type) : orderedUntyped).increment();
  }

  void fellBack() {
    fallbacks.increment();
  }

  void notRecorded() {
    notRecorded.increment();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder record = collector.addRecord(RECORD).setContext("dfs")
        .tag(Interns.info("Policy", "Read policy"), policy == null ? "" : policy.name())
        .addCounter(ORDERED, orderedUntyped.sum() + firstByType.values().stream().mapToLong(LongAdder::sum).sum())
        .addCounter(FALLBACKS, fallbacks.sum())
        .addCounter(NOT_RECORDED, notRecorded.sum())
        .addGauge(WEIGHT, policy == null ? Double.NaN : policy.weight());
    for (Map.Entry<StorageType, LongAdder> e : firstByType.entrySet()) {
      String type = e.getKey().name().charAt(0) + e.getKey().name().substring(1).toLowerCase(Locale.ROOT);
      record.addCounter(Interns.info("FirstOn" + type.replace("_d", "D"), "Blocks first on " + e.getKey()),
          e.getValue().sum());
    }
  }
}
