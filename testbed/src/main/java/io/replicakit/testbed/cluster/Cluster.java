/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.device.DeviceControl;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.LinkCounters;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import javax.management.MBeanServerConnection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * A testbed HDFS cluster built from a {@link ClusterSpec}, whatever runs its daemons: what experiments and tests
 * use. {@link EmbeddedCluster} runs them in this JVM (MiniDFSCluster, the default); {@link ProcessCluster} runs
 * each as its own process from the installable jar. Clients, faults and waits behave the same in both.
 */
public interface Cluster extends AutoCloseable {

  /** Starts a cluster of {@code spec} in the mode {@code options} names, and waits until it is usable. */
  static Cluster start(ClusterSpec spec, ClusterOptions options) throws IOException {
    return options.mode() == ClusterMode.PROCESSES
        ? ProcessCluster.start(spec, options) : EmbeddedCluster.start(spec, options);
  }

  ClusterSpec spec();

  ClusterMode mode();

  URI uri();

  /** A copy of the cluster's configuration for a client at {@code placement}. */
  Configuration clientConf(ClientPlacement placement);

  /** A new client file system at {@code placement}; the caller closes it. */
  default DistributedFileSystem fileSystem(ClientPlacement placement) throws IOException {
    return (DistributedFileSystem) FileSystem.get(uri(), clientConf(placement));
  }

  /**
   * A TestDFSIO runner with the local job runner and its client at {@code placement}: in this JVM, or in a client
   * JVM of its own at that place when the cluster runs YARN.
   */
  default DfsioRunner dfsio(ClientPlacement placement, java.nio.file.Path workDir) throws IOException {
    return new DfsioRunner(clientConf(placement), workDir);
  }

  /**
   * A TestDFSIO runner whose maps run on the cluster's nodes, as on a real cluster, when it runs YARN (processes
   * mode with {@link ClusterOptions#yarn()}); otherwise {@link #dfsio} from outside the cluster.
   */
  default DfsioRunner dfsioOnNodes(java.nio.file.Path workDir) throws IOException {
    return dfsio(ClientPlacement.offCluster(), workDir);
  }

  /** The source address of a client at {@code placement}. */
  default String addressOf(ClientPlacement placement) {
    if (placement instanceof ClientPlacement.OnNode on) {
      return spec().dataNode(on.nodeName()).address();
    }
    if (placement instanceof ClientPlacement.InRack in) {
      return spec().rackClientAddress(in.rack());
    }
    return spec().masterAddress();
  }

  /**
   * The network as this cluster runs it, for reports: the spec's links when a multi-process cluster built them
   * (a namespace per host), or why the wire is not shaped.
   */
  default String describeNetwork() {
    return NetworkRecord.describe(spec(), mode());
  }

  /**
   * The bytes each link of the cluster's network has carried so far (see {@link LinkCounters#since}); empty when
   * the network is not shaped.
   */
  default List<LinkCounters> linkCounters() throws IOException {
    return List.of();
  }

  /** The emulated devices of a DataNode: counters and disturbances. */
  DeviceControl devices(String nodeName);

  /**
   * The NameNode's JMX beans (HDFS's own, the plugins' metrics2 sources), wherever the NameNode runs: this JVM's
   * platform MBean server in embedded mode, the NameNode process's agent otherwise.
   */
  MBeanServerConnection nameNodeBeans() throws IOException;

  /**
   * A counter of HDFS's DataNode metrics ({@code DataNodeActivity}: {@code BlocksReplicated}, {@code BlocksWritten},
   * ...) summed over the running DataNodes. A DataNode restarted since counts from zero again. Embedded, the counts
   * as they stand; from daemon processes, over JMX, as metrics2 last refreshed them (once per period, 10 s by
   * default: {@link #dataNodeActivityLag}).
   */
  long dataNodeActivity(String counter) throws IOException;

  /** How far behind the DataNodes' counts {@link #dataNodeActivity} may be. */
  Duration dataNodeActivityLag();

  /** The UUID the NameNode knows a running DataNode by, if it has registered. */
  Optional<String> dataNodeUuid(String nodeName) throws IOException;

  /**
   * Shuts a DataNode down; the NameNode notices when its heartbeats have been missing for the expiry interval
   * (14 s here).
   */
  void stopDataNode(String nodeName) throws IOException;

  /** {@link #killDataNodes} of one node. */
  default void killDataNode(String nodeName) throws IOException {
    killDataNodes(List.of(nodeName));
  }

  /**
   * Kills DataNodes as one failure and has the NameNode declare them dead at once, so re-replication starts
   * without waiting for the heartbeat expiry; all are down before the NameNode hears of any.
   *
   * @param nodeNames names or addresses; all are checked before any node is killed
   * @throws java.util.NoSuchElementException naming an entry that is no DataNode of the spec (none killed)
   * @throws IllegalArgumentException when a node is named twice (none killed)
   * @throws IllegalStateException when a named node is not running (none killed)
   */
  void killDataNodes(List<String> nodeNames) throws IOException;

  /** Starts a stopped or killed DataNode again on its address with its data, and waits until it has registered. */
  void restartDataNode(String nodeName) throws IOException;

  /** Fills every disk of a DataNode: writes fail with "No space left on device" until {@link #clearDisks}. */
  void fillDisks(String nodeName) throws IOException;

  /** Gives a DataNode filled by {@link #fillDisks} its space back. */
  void clearDisks(String nodeName) throws IOException;

  /**
   * Restarts the NameNode with {@code settings} added to its configuration, keeping the namespace, the blocks and
   * the running DataNodes; returns once every running DataNode has registered again.
   */
  void restartNameNode(Map<String, String> settings) throws IOException;

  /** Names of the DataNodes that are up: live for the NameNode and not stopped by the harness. */
  Set<String> liveDataNodes() throws IOException;

  /**
   * Waits until every block of every file under {@code path} has at least {@code replicas} replicas on DataNodes
   * that are up.
   *
   * @return how long it took
   * @throws TimeoutException naming how many blocks are still short
   */
  Duration waitForLiveReplicas(Path path, int replicas, Duration timeout)
      throws IOException, TimeoutException, InterruptedException;

  /** The layout as the CLI prints it: racks, nodes, volumes, speeds, the NameNode URI and the mode. */
  String describe();

  @Override
  void close();
}
