/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.daemon.DataNodeControlPlugin;
import io.replicakit.testbed.daemon.NameNodeControlMBean;
import io.replicakit.testbed.daemon.NameNodeControlPlugin;
import io.replicakit.testbed.device.DeviceControl;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.LinkCounters;
import io.replicakit.testbed.net.NamespaceNetwork;
import io.replicakit.testbed.net.Ports;
import io.replicakit.testbed.process.CloseSteps;
import io.replicakit.testbed.process.DaemonCommand;
import io.replicakit.testbed.process.DaemonEnv;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.DaemonJmx;
import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.GracefulStop;
import io.replicakit.testbed.process.HadoopWebapps;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.process.RemoteDevices;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.management.MBeanServerConnection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A testbed cluster whose NameNode and DataNodes each run as a JVM of their own, started the way
 * {@code hdfs namenode} and {@code hdfs datanode} start them: their real main classes, a generated
 * {@code HADOOP_CONF_DIR} per daemon, Hadoop's jars and the installable jar on the class path (and the testbed's jar
 * for the emulated devices and the harness's control plugins). Everything the spec describes carries over from the
 * embedded mode: loopback addresses per DataNode, racks, volumes, device speeds, network limits. Faults are real
 * signals: {@link #killDataNodes} is {@code kill -9}, {@link #stopDataNode} is SIGTERM.
 *
 * <p>Logs go to {@code BASE/logs/NAME.log} (and {@code .out}); start-up waits until the NameNode has left safe mode
 * and every DataNode has registered, and fails naming the log of the daemon that did not come up.
 */
public final class ProcessCluster implements Cluster {

  private static final Logger LOG = LoggerFactory.getLogger(ProcessCluster.class);

  /** A running daemon and the JMX connection to its process. */
  private record Daemon(DaemonProcess process, DaemonJmx jmx, long startedMillis) {}

  private final ClusterSpec spec;
  private final ClusterOptions options;
  private final ProcessOptions processes;
  private final DaemonStarter starter;
  private final DaemonConfs confs;
  private final URI uri;
  /** The NameNode's RPC and web ports: its JMX port, chosen while they are not bound yet, must be neither. */
  private final Set<Integer> nameNodePorts;
  private final Map<String, String> nameNodeSettings = new LinkedHashMap<>();
  private final Map<String, Daemon> dataNodes = new ConcurrentHashMap<>();
  private final Set<String> stopped = ConcurrentHashMap.newKeySet();
  private final Set<String> fullDisks = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile Daemon nameNode;
  private volatile YarnHook yarn = YarnHook.none();
  private final AdminClient admin;
  private final NamespaceNetwork network;

  private ProcessCluster(NamespaceNetwork network, ClusterOptions options, DaemonInstall install, int nameNodePort,
      int nameNodeHttpPort) {
    this.network = network;
    this.spec = network.spec();
    this.options = options;
    this.processes = options.processes().withLauncher(network.launcher(options.processes().launcher()));
    this.starter = new DaemonStarter(install, options.baseDir(), processes);
    this.confs = new DaemonConfs(spec, options, nameNodePort, nameNodeHttpPort);
    this.nameNodePorts = Set.of(nameNodePort, nameNodeHttpPort);
    this.uri = URI.create("hdfs://" + spec.masterAddress() + ":" + nameNodePort);
    this.admin = new AdminClient(uri, clientConf(ClientPlacement.offCluster()));
  }

  /**
   * Builds the spec's network (a namespace per host, when it has one), formats a namespace, starts the NameNode
   * and every DataNode, and waits until all are up.
   */
  public static ProcessCluster start(ClusterSpec requested, ClusterOptions options) throws IOException {
    ProcessCluster cluster = open(requested, options);
    try {
      cluster.startDaemons();
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
    LOG.info("Multi-process cluster '{}' up: NameNode {} and {} DataNodes; logs in {}", cluster.spec.name(),
        cluster.uri, cluster.spec.dataNodes().size(), logDir(options));
    return cluster;
  }

  /**
   * Everything before the first daemon: the base directory reset, the web files, the network, the NameNode's ports.
   * Tests start stand-in daemons on what it returns.
   */
  static ProcessCluster open(ClusterSpec requested, ClusterOptions options) throws IOException {
    DaemonInstall install = options.processes().resolveInstall();
    ClusterDirs.reset(options.baseDir());
    HadoopWebapps.copyTo(ClusterDirs.home(options.baseDir()));
    NamespaceNetwork network = NamespaceNetwork.open(requested);
    // Until the cluster exists to close it, the network is closed here: a configuration that cannot be built (a
    // site file that does not exist) would otherwise leave its namespaces and devices behind, and the driver's
    // next cluster could not build its own on the same names.
    try {
      // Both NameNode ports fixed before it starts: clients need the web server's for hdfs fsck.
      List<Integer> ports = Ports.freeOn(network.spec().masterAddress(), 2);
      return new ProcessCluster(network, options, install, ports.get(0), ports.get(1));
    } catch (RuntimeException e) {
      network.close();
      throw e;
    }
  }

  private void startDaemons() throws IOException {
    format();
    // The NameNode first, alone: on a small machine, DataNode JVMs starting beside it would only slow it down.
    startNameNode();
    awaitNameNode();
    for (DataNodeSpec dn : spec.dataNodes()) {
      startDataNode(dn);
    }
    awaitDataNodes(spec.dataNodes().stream().map(DataNodeSpec::name).toList());
    yarn = options.yarn() ? YarnHook.start(spec, options, processes, confs, starter.install()) : YarnHook.none();
  }

  /** Where the daemons' log files go. */
  public static java.nio.file.Path logDir(ClusterOptions options) {
    return ClusterDirs.logs(options.baseDir());
  }

  @Override
  public ClusterSpec spec() {
    return spec;
  }

  @Override
  public ClusterMode mode() {
    return ClusterMode.PROCESSES;
  }

  @Override
  public URI uri() {
    return uri;
  }

  @Override
  public Configuration clientConf(ClientPlacement placement) {
    return ClientConfs.at(confs.clientBase(), uri, addressOf(placement));
  }

  @Override
  public DeviceControl devices(String nodeName) {
    return remoteDevices(spec.dataNode(nodeName).name());
  }

  @Override
  public MBeanServerConnection nameNodeBeans() throws IOException {
    return nameNode.jmx().connection();
  }

  /** metrics2's default period ({@code *.period} of hadoop-metrics2.properties), which JMX's copies lag by. */
  @Override
  public Duration dataNodeActivityLag() {
    return Duration.ofSeconds(10);
  }

  /** Over each DataNode process's JMX agent, as metrics2 last refreshed the bean. */
  @Override
  public long dataNodeActivity(String counter) throws IOException {
    long total = 0;
    for (Daemon dn : List.copyOf(dataNodes.values())) {
      total += DataNodeActivity.sum(dn.jmx().connection(), counter);
    }
    return total;
  }

  @Override
  public Optional<String> dataNodeUuid(String nodeName) throws IOException {
    DataNodeSpec node = spec.dataNode(nodeName);
    if (!dataNodes.containsKey(node.name())) {
      return Optional.empty();
    }
    return admin.uuid(node.address());
  }

  @Override
  public DfsioRunner dfsio(ClientPlacement placement, java.nio.file.Path workDir) throws IOException {
    return yarn.dfsio(this, placement, workDir);
  }

  @Override
  public DfsioRunner dfsioOnNodes(java.nio.file.Path workDir) throws IOException {
    return yarn.dfsioOnNodes(this, workDir);
  }

  /** The running DataNode process of that name. */
  public DaemonProcess dataNodeProcess(String nodeName) {
    return running(spec.dataNode(nodeName).name()).process();
  }

  @Override
  public List<LinkCounters> linkCounters() throws IOException {
    return network.counters();
  }

  /** The NameNode process. */
  public DaemonProcess nameNodeProcess() {
    return nameNode.process();
  }

  /** SIGTERM to the DataNode's process; the NameNode notices when its heartbeats expire (14 s). */
  @Override
  public void stopDataNode(String nodeName) throws IOException {
    Daemon dn = running(spec.dataNode(nodeName).name());
    dn.process().stop(processes.stopGrace());
    forget(dn);
    yarn.nodeStopped(dn.process().id().name());
    LOG.info("Stopped DataNode {} (SIGTERM to pid {})", nodeName, dn.process().pid());
  }

  /**
   * {@code kill -9} of every named DataNode process, then the NameNode declares them dead at once. Every name is
   * checked first (a node of the spec, running, named once), so a mistake kills none; a node leaves the running set
   * once its process has exited; the nodes killed are declared dead even when a later kill fails.
   */
  @Override
  public void killDataNodes(List<String> nodeNames) throws IOException {
    List<Daemon> targets = DataNodeNames.distinct(spec, nodeNames).stream().map(dn -> running(dn.name())).toList();
    List<Daemon> killed = new ArrayList<>();
    Throwable failure = null;
    try {
      for (Daemon dn : targets) {
        // Once SIGKILL is sent the node never heartbeats again: it is declared dead whatever follows.
        killed.add(dn);
        dn.process().kill();
        forget(dn);
      }
    } catch (IOException | RuntimeException e) {
      failure = e;
      throw e;
    } finally {
      declareDead(killed, failure);
    }
    LOG.info("Killed DataNodes {} (SIGKILL); NameNode told they are dead", nodeNames);
  }

  /**
   * Stops the killed nodes' NodeManagers and has the NameNode declare the nodes dead; a failure here is added to
   * {@code pending} (the kill's own failure, which it must not hide) when there is one.
   */
  private void declareDead(List<Daemon> killed, Throwable pending) throws IOException {
    if (killed.isEmpty()) {
      return;
    }
    try {
      yarn.nodesKilled(killed.stream().map(d -> d.process().id().name()).toList());
      NameNodeControlMBean control = nameNode.jmx().proxy(NameNodeControlPlugin.OBJECT_NAME,
          NameNodeControlMBean.class);
      for (Daemon dn : killed) {
        control.declareDead(dn.process().id().address());
      }
    } catch (IOException | RuntimeException e) {
      if (pending == null) {
        throw e;
      }
      pending.addSuppressed(e);
    }
  }

  /** Moves a DataNode whose process has exited from the running set to the stopped one, closing its JMX connection. */
  private void forget(Daemon dn) {
    String name = dn.process().id().name();
    dataNodes.remove(name);
    stopped.add(name);
    dn.jmx().close();
  }

  private Daemon running(String name) {
    Daemon dn = dataNodes.get(name);
    if (dn == null) {
      throw new IllegalStateException("DataNode " + name + " (" + spec.dataNode(name).address()
          + ") is not running");
    }
    return dn;
  }

  /**
   * Starts the DataNode's process again with its configuration and data. Its devices are new ones: counters start
   * at zero; disks it had filled are filled again once its control bean is up.
   */
  @Override
  public void restartDataNode(String nodeName) throws IOException {
    DataNodeSpec node = spec.dataNode(nodeName);
    if (!stopped.contains(node.name())) {
      throw new IllegalStateException("DataNode " + node.name() + " was not stopped by this harness");
    }
    startDataNode(node);
    stopped.remove(node.name());
    awaitDataNodes(List.of(node.name()));
    yarn.nodeRestarted(node.name());
    if (fullDisks.contains(node.name())) {
      remoteDevices(node.name()).fillDisks();
    }
  }

  @Override
  public void fillDisks(String nodeName) throws IOException {
    String name = spec.dataNode(nodeName).name();
    remoteDevices(name).fillDisks();
    fullDisks.add(name);
    LOG.info("Filled the disks of DataNode {}", name);
  }

  @Override
  public void clearDisks(String nodeName) throws IOException {
    String name = spec.dataNode(nodeName).name();
    remoteDevices(name).clearDisks();
    fullDisks.remove(name);
    LOG.info("Cleared the disks of DataNode {}", name);
  }

  private RemoteDevices remoteDevices(String name) {
    return new RemoteDevices(name, () -> running(name).jmx());
  }

  /** SIGTERM to the NameNode, then its process again with {@code settings} added, on the same RPC port. */
  @Override
  public void restartNameNode(Map<String, String> settings) throws IOException {
    nameNodeSettings.putAll(settings);
    Daemon old = nameNode;
    old.jmx().close();
    old.process().stop(processes.stopGrace());
    admin.close();
    startNameNode();
    awaitNameNode();
    awaitDataNodes(List.copyOf(dataNodes.keySet()));
    LOG.info("Restarted the NameNode with {}", settings);
  }

  @Override
  public Set<String> liveDataNodes() throws IOException {
    Set<String> liveIps = LiveReplicas.ips(LiveReplicas.liveTransferAddresses(admin.fs(), downIps()));
    return spec.dataNodes().stream().filter(dn -> liveIps.contains(dn.address()))
        .map(DataNodeSpec::name).collect(Collectors.toCollection(TreeSet::new));
  }

  @Override
  public Duration waitForLiveReplicas(Path path, int replicas, Duration timeout)
      throws IOException, TimeoutException, InterruptedException {
    try (DistributedFileSystem fs = fileSystem(ClientPlacement.offCluster())) {
      return LiveReplicas.await(fs, downIps(), path, replicas, timeout);
    }
  }

  private Set<String> downIps() {
    return stopped.stream().map(n -> spec.dataNode(n).address()).collect(Collectors.toSet());
  }

  @Override
  public String describe() {
    StringBuilder daemons = new StringBuilder("Processes     namenode pid ").append(nameNode.process().pid());
    spec.dataNodes().stream().filter(dn -> dataNodes.containsKey(dn.name())).forEach(dn -> daemons.append(", ")
        .append(dn.name()).append(" pid ").append(dataNodes.get(dn.name()).process().pid()));
    return ClusterLayout.describe(spec, uri, options, mode()) + "\n" + daemons + yarn.describe()
        + privateNetworkHint(System.getenv(), ProcessHandle.current().pid(), uri);
  }

  /**
   * How a client reaches the cluster when this JVM runs in a private network namespace ({@code bin/netns-run},
   * which {@code bin/replicakit} enters for a shaped network): the NameNode's address exists in that namespace only,
   * which is this process's own ({@code unshare} became this JVM), so a client enters it with {@code nsenter}.
   * Empty outside one, where the URI is reachable from the machine.
   */
  static String privateNetworkHint(Map<String, String> env, long pid, URI uri) {
    if (!"1".equals(env.get(NamespaceNetwork.INSIDE_ENV))) {
      return "";
    }
    return "\nThis cluster's network is private to the network namespace of this process (pid " + pid + "): run"
        + " clients in it, e.g.\n  nsenter --target " + pid + " --user --net --preserve-credentials hdfs dfs -fs "
        + uri + " -ls /";
  }

  private void format() throws IOException {
    starter.formatNameNode(DaemonId.nameNode(spec.masterAddress()), confs.nameNode(nameNodeSettings));
  }

  void startNameNode() throws IOException {
    DaemonId id = DaemonId.nameNode(spec.masterAddress());
    DaemonEnv env = starter.configure(id, confs.nameNode(nameNodeSettings), Ports.freeOn(id.address(),
        nameNodePorts));
    long started = System.currentTimeMillis();
    DaemonProcess process = starter.start(DaemonCommand.nameNode(id, env));
    nameNode = new Daemon(process, new DaemonJmx(id.address(), env.jmxPort()), started);
  }

  void startDataNode(DataNodeSpec node) throws IOException {
    DaemonId id = DaemonId.dataNode(node.name(), node.address(), node.rack());
    DaemonEnv env = starter.configure(id, confs.dataNode(node, options), Ports.freeOn(node.address()));
    long started = System.currentTimeMillis();
    DaemonProcess process = starter.start(DaemonCommand.dataNode(id, env));
    dataNodes.put(node.name(), new Daemon(process, new DaemonJmx(id.address(), env.jmxPort()), started));
  }

  /** Waits until the NameNode answers clients and its control bean is up (each wait has the full timeout). */
  private void awaitNameNode() throws IOException {
    StartupWait wait = new StartupWait(nameNode.process(), processes.startTimeout());
    wait.until("the NameNode to answer", nameNode.process(), () -> {
      admin.fs().isInSafeMode();
      return true;
    });
    wait.untilBean(NameNodeControlPlugin.OBJECT_NAME, nameNode.process(), nameNode.jmx());
  }

  /**
   * Waits until each of {@code names} has registered since its process started and has its control bean up, and the
   * NameNode has left safe mode. DataNodes started together share the machine's cores, so the timeout grows with
   * how many there are per core.
   *
   * @throws IOException naming the daemon that died or did not come up, with the end of its log
   */
  private void awaitDataNodes(List<String> names) throws IOException {
    int perCore = Math.max(1, names.size() / Runtime.getRuntime().availableProcessors());
    StartupWait wait = new StartupWait(nameNode.process(), processes.startTimeout().multipliedBy(perCore));
    for (String name : names) {
      Daemon dn = running(name);
      DataNodeSpec node = spec.dataNode(name);
      wait.until(name + " (" + node.address() + ") to register with the NameNode", dn.process(),
          () -> admin.registeredSince(node.address(), dn.startedMillis()));
      wait.untilBean(DataNodeControlPlugin.OBJECT_NAME, dn.process(), dn.jmx());
    }
    wait.until("the NameNode to leave safe mode", nameNode.process(), () -> !admin.fs().isInSafeMode());
  }

  /**
   * SIGTERM to every daemon at once (YARN's ResourceManager once its NodeManagers are gone, with a grace of its own
   * from then), SIGKILL to any still running when the one grace period they share ends
   * ({@link ProcessOptions#stopGrace}), then the network removed.
   * Each step runs whatever the one before threw, so a failing client never leaves daemons or devices behind.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    List<DaemonProcess> hdfs = releaseDaemons();
    CloseSteps.run(LOG, "closing the harness's client", admin::close);
    GracefulStop stop = new GracefulStop(processes.stopGrace()); // the grace starts with the SIGTERMs
    stop.terminate(hdfs);
    CloseSteps.run(LOG, "stopping YARN", () -> yarn.stop(stop));
    stop.awaitOrKill(hdfs);
    CloseSteps.run(LOG, "removing the network", network::close);
  }

  /** Takes every HDFS daemon out of the cluster, closing its JMX connection; their processes. */
  private List<DaemonProcess> releaseDaemons() {
    List<Daemon> all = new ArrayList<>(dataNodes.values());
    if (nameNode != null) {
      all.add(nameNode);
    }
    dataNodes.clear();
    all.forEach(d -> d.jmx().close());
    return all.stream().map(Daemon::process).toList();
  }
}
