/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.hdfs.HadoopInternals;
import io.replicakit.testbed.net.BoundSocketFactory;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real HDFS cluster (MiniDFSCluster: the NameNode and DataNode code of a production cluster, in one JVM)
 * built from a {@link ClusterSpec}: DataNodes on their own loopback addresses and racks, volumes of the given
 * storage types and capacities, emulated device speeds and per-node network limits. Adds what experiments
 * need on top: clients placed on a node or off-cluster, DataNode faults by name, and waiting for replication.
 */
public final class EmbeddedCluster implements AutoCloseable {

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

  /** Starts the cluster and waits until every DataNode has registered under its own address. */
  public static EmbeddedCluster start(ClusterSpec spec, ClusterOptions options) throws IOException {
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

  public ClusterSpec spec() {
    return spec;
  }

  public URI uri() {
    return cluster.getURI();
  }

  /** The underlying MiniDFSCluster, for HDFS-level access the harness does not wrap. */
  public MiniDFSCluster miniCluster() {
    return cluster;
  }

  /** A copy of the cluster's configuration for a client at {@code placement}. */
  public Configuration clientConf(ClientPlacement placement) {
    Configuration client = new HdfsConfiguration(conf);
    client.set(CommonConfigurationKeys.FS_DEFAULT_NAME_KEY, uri().toString());
    client.set(CommonConfigurationKeys.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
        BoundSocketFactory.class.getName());
    client.set(TestbedConfig.BIND_ADDRESS_KEY, addressOf(placement));
    // Clients at different addresses must not share a cached FileSystem (and its connections).
    client.setBoolean("fs.hdfs.impl.disable.cache", true);
    return client;
  }

  /** A new client file system at {@code placement}; the caller closes it. */
  public DistributedFileSystem fileSystem(ClientPlacement placement) throws IOException {
    return (DistributedFileSystem) FileSystem.get(uri(), clientConf(placement));
  }

  public String addressOf(ClientPlacement placement) {
    if (placement instanceof ClientPlacement.OnNode on) {
      return spec.dataNode(on.nodeName()).address();
    }
    if (placement instanceof ClientPlacement.InRack in) {
      return spec.rackClientAddress(in.rack());
    }
    return OFF_CLUSTER_ADDRESS;
  }

  /** The emulated devices of a DataNode (its counters survive restarts). */
  public NodeDevices devices(String nodeName) {
    return EmulatedDevices.global().node(spec.dataNode(nodeName).name());
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
  public void stopDataNode(String nodeName) {
    shutDown(nodeName);
    LOG.info("Stopped DataNode {}", nodeName);
  }

  /**
   * Shuts a DataNode down and has the NameNode declare it dead at once, so re-replication starts without
   * waiting for the heartbeat expiry; use it to measure re-replication itself.
   */
  public void killDataNode(String nodeName) throws IOException {
    killDataNodes(List.of(nodeName));
  }

  /**
   * Kills several DataNodes as one failure: all are shut down before the NameNode is told of any, so it never
   * schedules re-replication onto a node that is about to die (such work would only be retried after the
   * pending-reconstruction timeout, 5 minutes by default).
   */
  public void killDataNodes(List<String> nodeNames) throws IOException {
    List<DataNode> killed = new ArrayList<>();
    for (String nodeName : nodeNames) {
      killed.add(shutDown(nodeName));
    }
    for (DataNode dn : killed) {
      cluster.setDataNodeDead(dn.getDatanodeId());
    }
    LOG.info("Killed DataNodes {}; NameNode told they are dead", nodeNames);
  }

  /** Shuts a running DataNode down and remembers it for {@link #restartDataNode}. */
  private DataNode shutDown(String nodeName) {
    DataNodeSpec node = spec.dataNode(nodeName);
    DataNode dn = dataNode(node.name()).orElseThrow(() -> notRunning(node));
    stopped.put(node.name(), cluster.stopDataNode(dn.getDatanodeId().getXferAddr()));
    return dn;
  }

  /** Starts a stopped or killed DataNode again on its address, with its data and devices. */
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
  public void fillDisks(String nodeName) throws IOException {
    devices(nodeName).fillDisks();
    reportCapacity(nodeName);
    LOG.info("Filled the disks of DataNode {}", nodeName);
  }

  /** Gives a DataNode filled by {@link #fillDisks} its space back. */
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
  public Duration waitForLiveReplicas(Path path, int replicas, Duration timeout)
      throws IOException, TimeoutException, InterruptedException {
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    try (DistributedFileSystem fs = fileSystem(ClientPlacement.offCluster())) {
      while (true) {
        ReplicaCount count = countReplicas(fs, path, replicas);
        if (count.shortBlocks() == 0) {
          return Duration.ofNanos(System.nanoTime() - start);
        }
        if (System.nanoTime() > deadline) {
          throw new TimeoutException(count.shortBlocks() + " of " + count.blocks() + " blocks under " + path
              + " still have fewer than " + replicas + " live replicas after " + timeout);
        }
        Thread.sleep(250);
      }
    }
  }

  private record ReplicaCount(int blocks, int shortBlocks) {}

  private ReplicaCount countReplicas(DistributedFileSystem fs, Path path, int replicas) throws IOException {
    Set<String> live = liveAddresses();
    int blocks = 0;
    int shortBlocks = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(path, true);
    while (files.hasNext()) {
      for (BlockLocation block : files.next().getBlockLocations()) {
        blocks++;
        long onLive = Arrays.stream(block.getNames()).filter(live::contains).count();
        if (onLive < replicas) {
          shortBlocks++;
        }
      }
    }
    return new ReplicaCount(blocks, shortBlocks);
  }

  /**
   * Transfer addresses of the DataNodes that are up: live for the NameNode and not stopped by this harness
   * (a stopped node stays live for the NameNode until its heartbeats expire).
   */
  private Set<String> liveAddresses() throws IOException {
    Set<String> down = stopped.keySet().stream().map(n -> spec.dataNode(n).address()).collect(Collectors.toSet());
    DatanodeInfo[] live = cluster.getFileSystem().getDataNodeStats(DatanodeReportType.LIVE);
    return Arrays.stream(live).filter(dn -> !down.contains(dn.getIpAddr()))
        .map(DatanodeInfo::getXferAddr).collect(Collectors.toSet());
  }

  /** IP addresses of the DataNodes that are up (see {@link #liveAddresses}). */
  private Set<String> liveIps() throws IOException {
    return liveAddresses().stream().map(xfer -> xfer.substring(0, xfer.indexOf(':'))).collect(Collectors.toSet());
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
  public String describe() {
    return ClusterLayout.describe(spec, uri(), options);
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
