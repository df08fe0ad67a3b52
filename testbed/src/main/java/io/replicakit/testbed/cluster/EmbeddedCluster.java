/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.hdfs.HadoopInternals;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.management.MBeanServerConnection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real HDFS cluster (MiniDFSCluster: the NameNode and DataNode code of a production cluster, in one JVM; the
 * default {@link ClusterMode})
 * built from a {@link ClusterSpec}: DataNodes on their own loopback addresses and racks, volumes of the given
 * storage types and capacities, emulated device speeds and per-node network limits. Adds what experiments
 * need on top: clients placed on a node or off-cluster, DataNode faults by name, and waiting for replication.
 */
public final class EmbeddedCluster implements Cluster {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);

  /** DataNodes heartbeat every second, and are declared dead 2 × 2 s + 10 × 1 s = 14 s after the last one. */
  static final long HEARTBEAT_SECONDS = 1;
  static final int HEARTBEAT_RECHECK_MS = 2000;

  /** Address of off-cluster clients (and of the NameNode): no DataNode lives there. */
  public static final String OFF_CLUSTER_ADDRESS = "127.0.0.1";

  private final ClusterSpec spec;
  private final ClusterOptions options;
  private final Configuration conf;
  private final MiniDFSCluster cluster;
  private final Map<String, MiniDFSCluster.DataNodeProperties> stopped = new ConcurrentHashMap<>();
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedCluster(ClusterSpec spec, ClusterOptions options, Configuration conf, MiniDFSCluster cluster) {
    this.spec = spec;
    this.options = options;
    this.conf = conf;
    this.cluster = cluster;
  }

  /**
   * Starts the cluster and waits until every DataNode has registered under its own address. MiniDFSCluster formats
   * the base directory's {@code data/} and name folders and deletes the whole directory when the cluster stops, so a
   * directory that is neither new, empty nor marked as a cluster's is refused first ({@link ClusterDirs#claim}).
   */
  public static EmbeddedCluster start(ClusterSpec spec, ClusterOptions options) throws IOException {
    ClusterDirs.claim(options.baseDir());
    EmulatedDevices.global().detach(spec.dataNodes().stream().map(DataNodeSpec::name).toList());
    Configuration conf = ClusterConfigs.base(spec, options);
    Configuration[] overlays = spec.dataNodes().stream()
        .map(dn -> ClusterConfigs.dataNodeOverlay(spec, dn, options))
        .toArray(Configuration[]::new);
    StorageType[][] types = spec.dataNodes().stream()
        .map(dn -> dn.volumes().stream().map(v -> v.type()).toArray(StorageType[]::new))
        .toArray(StorageType[][]::new);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, options.baseDir().toFile())
        .numDataNodes(spec.dataNodes().size())
        .storagesPerDatanode(spec.volumeTypes().size())
        .storageTypes(types)
        .dataNodeConfOverlays(overlays)
        .checkDataNodeAddrConfig(true)
        .useConfiguredTopologyMappingClass(true)
        .setNNRedundancyConsiderLoad(conf.getBoolean(
            DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false))
        .build();
    EmbeddedCluster embedded = new EmbeddedCluster(spec, options, conf, cluster);
    try {
      cluster.waitActive();
      embedded.awaitRegistered(Duration.ofSeconds(60));
    } catch (IOException | RuntimeException | TimeoutException e) {
      embedded.close();
      throw e instanceof IOException io ? io : new IOException("cluster did not start: " + e.getMessage(), e);
    }
    return embedded;
  }

  @Override
  public ClusterSpec spec() {
    return spec;
  }

  @Override
  public ClusterMode mode() {
    return ClusterMode.EMBEDDED;
  }

  @Override
  public URI uri() {
    return cluster.getURI();
  }

  /** The underlying MiniDFSCluster, for HDFS-level access the harness does not wrap. */
  public MiniDFSCluster miniCluster() {
    return cluster;
  }

  @Override
  public Configuration clientConf(ClientPlacement placement) {
    return ClientConfs.at(conf, uri(), addressOf(placement));
  }

  /** The emulated devices of a DataNode (its counters survive restarts). */
  @Override
  public NodeDevices devices(String nodeName) {
    return EmulatedDevices.global().node(spec.dataNode(nodeName).name());
  }

  /** This JVM's platform MBean server, where the embedded NameNode registers its beans. */
  @Override
  public MBeanServerConnection nameNodeBeans() {
    return ManagementFactory.getPlatformMBeanServer();
  }

  @Override
  public Duration dataNodeActivityLag() {
    return Duration.ZERO;
  }

  /** Read from each running DataNode's metrics source, as it stands now. */
  @Override
  public long dataNodeActivity(String counter) {
    long total = 0;
    for (DataNode dn : cluster.getDataNodes()) {
      total += HadoopInternals.dataNodeCounter(dn, counter);
    }
    return total;
  }

  @Override
  public Optional<String> dataNodeUuid(String nodeName) {
    return dataNode(nodeName).map(DataNode::getDatanodeUuid);
  }

  /** Running DataNode of that name, if it is up. */
  public Optional<DataNode> dataNode(String nodeName) {
    String address = spec.dataNode(nodeName).address();
    return cluster.getDataNodes().stream()
        .filter(dn -> dn.getDatanodeId() != null && dn.getDatanodeId().getIpAddr().equals(address))
        .findFirst();
  }

  /**
   * Shuts a DataNode down. The NameNode notices as it would a crashed node: when its heartbeats have been
   * missing for the expiry interval (14 s here).
   */
  @Override
  public void stopDataNode(String nodeName) {
    DataNodeSpec node = spec.dataNode(nodeName);
    shutDown(node, running(node));
    LOG.info("Stopped DataNode {}", nodeName);
  }

  /**
   * Kills several DataNodes as one failure: all are shut down before the NameNode is told of any, so it never
   * schedules re-replication onto a node that is about to die (such work would only be retried after the
   * pending-reconstruction timeout, 5 minutes by default). Every name is checked first (a node of the spec, running,
   * named once), so a mistake shuts none down; the nodes shut down are declared dead even when a later one fails.
   */
  @Override
  public void killDataNodes(List<String> nodeNames) throws IOException {
    List<DataNodeSpec> nodes = DataNodeNames.distinct(spec, nodeNames);
    List<DataNode> targets = nodes.stream().map(this::running).toList();
    List<DataNode> killed = new ArrayList<>();
    Throwable failure = null;
    try {
      for (int i = 0; i < targets.size(); i++) {
        shutDown(nodes.get(i), targets.get(i));
        killed.add(targets.get(i));
      }
    } catch (RuntimeException e) {
      failure = e;
      throw e;
    } finally {
      declareDead(killed, failure);
    }
    LOG.info("Killed DataNodes {}; NameNode told they are dead", nodeNames);
  }

  /** Has the NameNode declare {@code killed} dead; a failure is added to {@code pending} when there is one. */
  private void declareDead(List<DataNode> killed, Throwable pending) throws IOException {
    try {
      for (DataNode dn : killed) {
        cluster.setDataNodeDead(dn.getDatanodeId());
      }
    } catch (IOException | RuntimeException e) {
      if (pending == null) {
        throw e;
      }
      pending.addSuppressed(e);
    }
  }

  private DataNode running(DataNodeSpec node) {
    return dataNode(node.name()).orElseThrow(() -> notRunning(node));
  }

  /** Shuts a running DataNode down and remembers it for {@link #restartDataNode}. */
  private void shutDown(DataNodeSpec node, DataNode dn) {
    stopped.put(node.name(), cluster.stopDataNode(dn.getDatanodeId().getXferAddr()));
  }

  /** Starts a stopped or killed DataNode again on its address, with its data and devices. */
  @Override
  public void restartDataNode(String nodeName) throws IOException {
    DataNodeSpec node = spec.dataNode(nodeName);
    MiniDFSCluster.DataNodeProperties props = stopped.remove(node.name());
    if (props == null) {
      throw new IllegalStateException("DataNode " + node.name() + " was not stopped by this harness");
    }
    cluster.restartDataNode(props, false);
    try {
      awaitRegistered(Duration.ofSeconds(60));
    } catch (TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /**
   * Fills every disk of a DataNode: its emulated volumes refuse writes with "No space left on device" (HDFS's
   * {@code DiskOutOfSpaceException}), including a replica being written when it fills, and report no remaining
   * space, so the NameNode stops choosing the node as a target and the DataNode's own volume choice refuses new
   * replicas. Reads go on. The state outlives a restart of the node until {@link #clearDisks}.
   */
  @Override
  public void fillDisks(String nodeName) throws IOException {
    devices(nodeName).fillDisks();
    reportCapacity(nodeName);
    LOG.info("Filled the disks of DataNode {}", nodeName);
  }

  /** Gives a DataNode filled by {@link #fillDisks} its space back. */
  @Override
  public void clearDisks(String nodeName) throws IOException {
    devices(nodeName).clearDisks();
    reportCapacity(nodeName);
    LOG.info("Cleared the disks of DataNode {}", nodeName);
  }

  /** Makes a running DataNode report its volumes' capacity as its devices now have it, at its next heartbeat. */
  private void reportCapacity(String nodeName) throws IOException {
    Optional<DataNode> dn = dataNode(nodeName);
    if (dn.isPresent()) {
      NodeDevices devices = devices(nodeName);
      HadoopInternals.configureVolumes(dn.get().getFSDataset(), devices, devices.settings().volumes());
      cluster.triggerHeartbeats();
    }
  }

  /**
   * Restarts the NameNode with {@code settings} added to its configuration, keeping the namespace, the blocks
   * and the running DataNodes: how an experiment switches a NameNode-side plugin (a read policy, a placement
   * policy) without writing its data again. Returns once every running DataNode has registered again.
   */
  @Override
  public void restartNameNode(Map<String, String> settings) throws IOException {
    Configuration nameNodeConf = cluster.getConfiguration(0);
    settings.forEach(nameNodeConf::set);
    cluster.restartNameNode(0, true);
    try {
      awaitRegistered(Duration.ofSeconds(60));
    } catch (TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    }
    LOG.info("Restarted the NameNode with {}", settings);
  }

  /** Names of the DataNodes the NameNode currently counts as live. */
  @Override
  public Set<String> liveDataNodes() throws IOException {
    Set<String> liveIps = liveIps();
    return spec.dataNodes().stream().filter(dn -> liveIps.contains(dn.address()))
        .map(DataNodeSpec::name).collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  /**
   * Waits until every block of every file under {@code path} has at least {@code replicas} replicas on live
   * DataNodes.
   *
   * @return how long it took
   * @throws TimeoutException naming how many blocks are still short
   */
  @Override
  public Duration waitForLiveReplicas(Path path, int replicas, Duration timeout)
      throws IOException, TimeoutException, InterruptedException {
    try (DistributedFileSystem fs = fileSystem(ClientPlacement.offCluster())) {
      return LiveReplicas.await(fs, downIps(), path, replicas, timeout);
    }
  }

  /** IP addresses of the DataNodes this harness stopped (live for the NameNode until their heartbeats expire). */
  private Set<String> downIps() {
    return stopped.keySet().stream().map(n -> spec.dataNode(n).address()).collect(Collectors.toSet());
  }

  /** IP addresses of the DataNodes that are up: live for the NameNode and not stopped by this harness. */
  private Set<String> liveIps() throws IOException {
    return LiveReplicas.ips(LiveReplicas.liveTransferAddresses(cluster.getFileSystem(), downIps()));
  }

  /** Waits until every running DataNode is registered with the NameNode under its own address. */
  private void awaitRegistered(Duration timeout) throws IOException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<DataNodeSpec> running = spec.dataNodes().stream().filter(dn -> !stopped.containsKey(dn.name())).toList();
    Set<String> expected = running.stream().map(DataNodeSpec::address).collect(Collectors.toSet());
    while (true) {
      Set<String> registered = liveIps();
      // The NameNode alone is not enough: it still counts a just-restarted node's old incarnation as live.
      boolean started = running.stream().allMatch(
          dn -> dataNode(dn.name()).map(DataNode::isDatanodeFullyStarted).orElse(false));
      if (registered.containsAll(expected) && started) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("DataNodes did not register under their own addresses: expected "
            + expected + ", NameNode sees " + registered);
      }
      cluster.triggerHeartbeats();
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for DataNodes", e);
      }
    }
  }

  /** The layout as the CLI prints it: racks, nodes, volumes, speeds and the NameNode URI. */
  @Override
  public String describe() {
    return ClusterLayout.describe(spec, uri(), options, mode());
  }

  private static IllegalStateException notRunning(DataNodeSpec node) {
    return new IllegalStateException("DataNode " + node.name() + " (" + node.address() + ") is not running");
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      cluster.shutdown(true);
    } finally {
      EmulatedDevices.global().detach(spec.dataNodes().stream().map(DataNodeSpec::name).toList());
    }
  }
}
