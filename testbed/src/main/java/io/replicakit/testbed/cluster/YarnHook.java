/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.GracefulStop;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.yarn.YarnDaemons;
import io.replicakit.testbed.yarn.YarnSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link ProcessCluster} does with YARN, when its options ask for it ({@link ClusterOptions#yarn()}): starts
 * it once HDFS is up, has a node's NodeManager follow its DataNode's faults, and runs TestDFSIO in client JVMs.
 * Without YARN every call is a no-op and TestDFSIO runs in this JVM with the local job runner, as before.
 */
final class YarnHook implements AutoCloseable {

  private final Optional<YarnDaemons> yarn;

  private YarnHook(Optional<YarnDaemons> yarn) {
    this.yarn = yarn;
  }

  static YarnHook none() {
    return new YarnHook(Optional.empty());
  }

  /**
   * Starts YARN beside the cluster's HDFS daemons (the ResourceManager on the NameNode's address), through the
   * same launcher as they, so each NodeManager runs in its DataNode's network namespace when links are shaped.
   */
  static YarnHook start(ClusterSpec spec, ClusterOptions options, ProcessOptions processes, DaemonConfs confs,
      DaemonInstall install) throws IOException {
    YarnSetup setup = new YarnSetup(spec, confs.common(), spec.masterAddress(), options.baseDir(),
        ClusterDirs.logs(options.baseDir()), ClusterDirs.home(options.baseDir()), processes, install);
    return new YarnHook(Optional.of(YarnDaemons.start(setup)));
  }

  void nodesKilled(List<String> names) throws IOException {
    if (yarn.isPresent()) {
      yarn.get().killNodes(names);
    }
  }

  void nodeStopped(String name) throws IOException {
    if (yarn.isPresent()) {
      yarn.get().stopNode(name);
    }
  }

  void nodeRestarted(String name) throws IOException {
    if (yarn.isPresent()) {
      yarn.get().restartNode(name);
    }
  }

  /** TestDFSIO with the local job runner at {@code placement}: in a client JVM there with YARN, else in this one. */
  DfsioRunner dfsio(Cluster cluster, ClientPlacement placement, Path workDir) throws IOException {
    if (yarn.isEmpty()) {
      return new DfsioRunner(cluster.clientConf(placement), workDir);
    }
    return new DfsioRunner(yarn.get().dfsioJob(clientId(cluster.spec(), placement, cluster.addressOf(placement)),
        false), workDir);
  }

  /** TestDFSIO submitted to YARN from a client outside the cluster; without YARN, {@link #dfsio} off-cluster. */
  DfsioRunner dfsioOnNodes(Cluster cluster, Path workDir) throws IOException {
    if (yarn.isEmpty()) {
      return dfsio(cluster, ClientPlacement.offCluster(), workDir);
    }
    ClientPlacement off = ClientPlacement.offCluster();
    return new DfsioRunner(yarn.get().dfsioJob(clientId(cluster.spec(), off, cluster.addressOf(off)), true),
        workDir);
  }

  /** A client JVM's identity: {@code client-dn01} on a node, {@code client-r1} in rack {@code /r1}, {@code client}. */
  static DaemonId clientId(ClusterSpec spec, ClientPlacement placement, String address) {
    if (placement instanceof ClientPlacement.OnNode on) {
      DataNodeSpec node = spec.dataNode(on.nodeName());
      return DaemonId.client("client-" + node.name(), address, node.rack());
    }
    if (placement instanceof ClientPlacement.InRack in) {
      return DaemonId.client("client-" + in.rack().replaceAll("^/+", "").replace('/', '-'), address, in.rack());
    }
    return DaemonId.client("client", address, "");
  }

  String describe() {
    return yarn.map(y -> "\n" + y.describe()).orElse("");
  }

  /** Stops YARN's daemons within {@code stop}'s grace period, which the cluster's other daemons share. */
  void stop(GracefulStop stop) {
    yarn.ifPresent(y -> y.stop(stop));
  }

  @Override
  public void close() {
    yarn.ifPresent(YarnDaemons::close);
  }
}
