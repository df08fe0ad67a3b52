/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.SystemStateView;
import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.placement.choice.NodeLoad;
import io.replicakit.placement.choice.RecentPlacements;
import io.replicakit.placement.choice.StateAwareChoice;
import io.replicakit.placement.config.PlacementConfig;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;

/**
 * {@code state-aware}'s translation: each candidate's {@link NodeLoad} from its fresh heartbeat-metrics sample (the
 * NameNode plugin publishes them through {@link SystemStates}; a stale or missing sample gives NaN, which the
 * choice leaves out), HDFS's xceiver count, and the policy's placements since the node's last heartbeat or sample;
 * {@link StateAwareChoice} decides.
 */
public final class StateAwareCore extends PolicyCore {

  private final StateAwareChoice choice;
  private final Supplier<SystemStateView> states;

  /** @param states the node states, {@code SystemStates::current} in a NameNode */
  public StateAwareCore(PlacementConfig.StateAware settings, RandomGenerator random, PlacementMetrics metrics,
      Supplier<SystemStateView> states) {
    super(settings.candidates(), random, metrics);
    this.choice = new StateAwareChoice(settings.weights(), random);
    this.states = states;
  }

  @Override
  protected int pick(DatanodeDescriptor[] nodes, int count, StorageType type) {
    return choice.choose(loads(nodes, count, type), count);
  }

  @Override
  protected int worst(DatanodeDescriptor[] nodes, int count, StorageType type) {
    return choice.busiest(loads(nodes, count, type), count);
  }

  @Override
  protected long mark(DatanodeDescriptor node) {
    SystemSample sample = states.get().freshSample(node.getDatanodeUuid());
    return RecentPlacements.mark(node.getLastUpdateMonotonic(), sample == null ? -1 : sample.sequence());
  }

  private NodeLoad[] loads(DatanodeDescriptor[] nodes, int count, StorageType type) {
    SystemStateView view = states.get();
    long now = view.nowMs();
    NodeLoad[] loads = new NodeLoad[count];
    for (int i = 0; i < count; i++) {
      DatanodeDescriptor node = nodes[i];
      SystemSample sample = view.freshSample(node.getDatanodeUuid(), now);
      long mark = RecentPlacements.mark(node.getLastUpdateMonotonic(), sample == null ? -1 : sample.sequence());
      loads[i] = load(sample, type, node.getXceiverCount(), recentPlacements(node, mark));
    }
    return loads;
  }

  /** The load of a node from its fresh sample (null: none) and its HDFS figures. */
  static NodeLoad load(SystemSample sample, StorageType type, int xceivers, int recent) {
    if (sample == null) {
      return NodeLoad.withoutMetrics(xceivers, recent);
    }
    double busy = Double.NaN;
    double queue = Double.NaN;
    for (VolumeMetrics v : sample.volumes()) {
      boolean wanted = type == null || type.name().equals(v.storageType());
      if (wanted && v.hasUtilization() && !(v.utilizationPct() <= busy)) {
        busy = v.utilizationPct();
        queue = v.queueLength();
      }
    }
    double cpuBusy = sample.host().hasCpu() ? 100 - sample.host().cpuIdlePct() : Double.NaN;
    double memoryUsed = sample.host().hasMemory() ? 100 - sample.host().memoryFreePct() : Double.NaN;
    return new NodeLoad(busy, queue, cpuBusy, memoryUsed, xceivers, recent);
  }
}
