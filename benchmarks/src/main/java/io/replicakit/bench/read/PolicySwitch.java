/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.Progress;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.cluster.Cluster;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Switches the NameNode's read policy by restarting it with new settings, keeping the data and the running
 * DataNodes (so every policy reads the same blocks from the same replicas), then waits until the restarted
 * NameNode's system-state registry has a fresh sample of every DataNode again: the policies that read node state
 * (system-state, combined, and DRR's weight) must not start blind.
 */
final class PolicySwitch {

  private static final Duration REGISTRY_TIMEOUT = Duration.ofSeconds(60);

  private final Cluster cluster;
  private final Progress progress;

  PolicySwitch(Cluster cluster, Progress progress) {
    this.cluster = cluster;
    this.progress = progress;
  }

  void to(String variant, Map<String, String> settings) throws Exception {
    long since = System.currentTimeMillis();
    cluster.restartNameNode(settings);
    awaitClientCalls();
    List<String> uuids = allUuids();
    // A DataNode's first sample after the restart can cover the interval before it (the previous policy's
    // read); DRR would adjust its weight on it. Wait for samples taken wholly after the restart.
    long restarted = System.currentTimeMillis();
    RegistryWait.await(cluster, uuids, restarted + ReadClusterSettings.METRICS_INTERVAL_MS, s -> true,
        REGISTRY_TIMEOUT);
    progress.step("%s: NameNode restarted with policy %s; fresh state of all %d DataNodes after %.1f s", variant,
        settings.getOrDefault(PlacementPolicies.REPLICATOR_CLASSNAME_KEY, settings.get(ReadSelectionConfig.POLICY_KEY)),
        uuids.size(), (System.currentTimeMillis() - since) / 1000.0);
  }

  /** Makes sure a client's RPC reaches the new NameNode, dropping any pooled connection to the old one. */
  private void awaitClientCalls() throws Exception {
    IOException last = null;
    for (int attempt = 0; attempt < 50; attempt++) {
      try (FileSystem fs = FileSystem.get(cluster.uri(), ReadClusterSettings.clientConf(cluster))) {
        fs.getFileStatus(new Path("/"));
        return;
      } catch (IOException e) {
        last = e;
        Thread.sleep(200);
      }
    }
    throw new IOException("the restarted NameNode does not answer clients", last);
  }

  List<String> allUuids() throws IOException {
    List<String> uuids = new java.util.ArrayList<>();
    for (io.replicakit.testbed.spec.DataNodeSpec dn : cluster.spec().dataNodes()) {
      uuids.add(RegistryWait.uuid(cluster, dn.name()));
    }
    return uuids;
  }
}
