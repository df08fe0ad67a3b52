/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.Ports;
import io.replicakit.testbed.process.CloseSteps;
import io.replicakit.testbed.process.DaemonCommand;
import io.replicakit.testbed.process.DaemonEnv;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.GracefulStop;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YARN beside a multi-process HDFS cluster, as a real cluster runs it: a ResourceManager on the NameNode's address
 * and a NodeManager on each DataNode's address (the same node: the launcher gets the DataNode's name, address and
 * rack), their real main classes, a generated {@code HADOOP_CONF_DIR} each ({@link YarnConfs}). A node's faults
 * are its NodeManager's too: the cluster kills, stops and restarts both.
 *
 * <p>Logs: {@code resourcemanager.log}, {@code nm-NODE.log} in the cluster's log directory, containers' logs under
 * {@code containers/NODE/}. The ResourceManager's web UI address is in the start-up log line.
 */
public final class YarnDaemons implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(YarnDaemons.class);

  private final YarnSetup setup;
  private final YarnInstall install;
  private final YarnConfs.RmEndpoints rm;
  private final Map<String, DaemonProcess> nodeManagers = new ConcurrentHashMap<>();
  private final AtomicInteger clientRuns = new AtomicInteger();
  private final RmClient rmClient;
  private volatile DaemonProcess resourceManager;

  private YarnDaemons(YarnSetup setup, YarnInstall install, YarnConfs.RmEndpoints rm) {
    this.setup = setup;
    this.install = install;
    this.rm = rm;
    this.rmClient = new RmClient(rm);
  }

  /** Starts the ResourceManager, then a NodeManager per DataNode, and waits until every one has registered. */
  public static YarnDaemons start(YarnSetup setup) throws IOException {
    String address = setup.resourceManagerAddress();
    // Five distinct ports: each is released as soon as it is picked, and the ResourceManager binds them later.
    List<Integer> ports = Ports.freeOn(address, 5);
    YarnConfs.RmEndpoints rm = new YarnConfs.RmEndpoints(address, ports.get(0), ports.get(1), ports.get(2),
        ports.get(3), ports.get(4));
    YarnDaemons yarn = new YarnDaemons(setup, YarnInstall.of(setup.install()), rm);
    try {
      // The ResourceManager first, alone, as the NameNode: NodeManagers starting beside it would only slow it down.
      yarn.startResourceManager();
      yarn.awaitNodes();
      for (DataNodeSpec node : setup.spec().dataNodes()) {
        yarn.startNodeManager(node);
      }
      yarn.awaitNodes();
    } catch (IOException | RuntimeException e) {
      yarn.close();
      throw e;
    }
    LOG.info("YARN up: ResourceManager {} (web UI {}), {} NodeManagers of {} MB each", address, rm.webAddress(),
        setup.spec().dataNodes().size(), YarnConfs.NODE_MEMORY_MB);
    return yarn;
  }

  public YarnConfs.RmEndpoints resourceManager() {
    return rm;
  }

  /** The ResourceManager's process. */
  public DaemonProcess resourceManagerProcess() {
    return resourceManager;
  }

  /** The running NodeManager processes by node name. */
  public Map<String, DaemonProcess> nodeManagers() {
    return Map.copyOf(nodeManagers);
  }

  /** {@code kill -9} of the nodes' NodeManagers; the ResourceManager notices when their heartbeats expire. */
  public void killNodes(List<String> names) throws IOException {
    for (String name : names) {
      DaemonProcess nm = nodeManagers.remove(name);
      if (nm != null) {
        nm.kill();
      }
    }
  }

  /** SIGTERM to the node's NodeManager, which unregisters from the ResourceManager. */
  public void stopNode(String name) throws IOException {
    DaemonProcess nm = nodeManagers.remove(name);
    if (nm != null) {
      nm.stop(setup.processes().stopGrace());
    }
  }

  /** Starts the node's NodeManager again and waits until it has registered. */
  public void restartNode(String name) throws IOException {
    if (!nodeManagers.containsKey(name)) {
      startNodeManager(setup.spec().dataNode(name));
    }
    awaitNodes();
  }

  /**
   * Waits until the ResourceManager's running nodes are exactly the running NodeManagers: none missing, none
   * killed but not yet expired (a job given a container there would wait for the expiry).
   */
  public void awaitNodes() throws IOException {
    // As for DataNodes: NodeManagers started together share the cores, so the timeout grows with their number.
    int perCore = Math.max(1, nodeManagers.size() / Runtime.getRuntime().availableProcessors());
    Duration timeout = setup.processes().startTimeout().multipliedBy(perCore).plusMillis(YarnConfs.NODE_EXPIRY_MS);
    long deadline = System.nanoTime() + timeout.toNanos();
    List<String> expected = nodeManagers.keySet().stream().map(n -> setup.spec().dataNode(n).address()).sorted()
        .toList();
    List<String> running = List.of();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      checkAlive();
      try {
        running = rmClient.runningNodeHosts();
        if (running.equals(expected)) {
          return;
        }
      } catch (IOException e) {
        last = e;
      }
      sleep();
    }
    throw new IOException("timed out after " + timeout.toSeconds() + " s waiting for the ResourceManager to list"
        + " NodeManagers " + expected + " (it lists " + running + (last == null ? "" : "; last error: " + last)
        + "); see " + resourceManager.describeLogs(), last);
  }

  /**
   * A TestDFSIO job runner in a client JVM of its own, started through the launcher as {@code client}: its maps on
   * the NodeManagers when {@code onYarn}, else in the client JVM (the local job runner).
   */
  public DfsioRunner.Job dfsioJob(DaemonId client, boolean onYarn) throws IOException {
    Path confDir = setup.confDir(client.name());
    SiteXml.write(confDir, YarnConfs.client(setup.common(), rm, client.address(), install.containerJars(),
        install.daemonInstall().testbedJar(), ProcessHandle.current().pid()), List.of());
    DaemonEnv env = new DaemonEnv(install.clientInstall(), confDir, setup.hadoopHome(), setup.logDir(),
        setup.tmpDir(client.name()), setup.processes().extraJvmOptions(), 0);
    return new DfsioProcess(client, env, setup.processes().launcher(), onYarn, this::awaitNodes, clientRuns);
  }

  /** For each application run so far, how many map tasks ran on each node (from the container logs). */
  public Map<String, Map<String, Integer>> mapTasks() {
    return ContainerLogs.mapTasks(setup.spec(), setup.logDir());
  }

  public String describe() {
    StringBuilder text = new StringBuilder("YARN          resourcemanager pid ").append(resourceManager.pid())
        .append(" (web UI ").append(rm.webAddress()).append(")");
    new TreeSet<>(nodeManagers.keySet()).forEach(n -> text.append(", nm-").append(n).append(" pid ")
        .append(nodeManagers.get(n).pid()));
    return text.toString();
  }

  private void startResourceManager() throws IOException {
    DaemonId id = DaemonId.resourceManager(rm.address());
    Path confDir = setup.confDir(id.name());
    SiteXml.write(confDir, YarnConfs.resourceManager(setup.common(), rm), List.of());
    resourceManager = DaemonProcess.start(command(id, YarnInstall.RESOURCE_MANAGER_MAIN, id.name(), confDir,
        YarnConfs.RESOURCE_MANAGER_HEAP_MB), setup.processes().launcher());
  }

  private void startNodeManager(DataNodeSpec node) throws IOException {
    DaemonId id = DaemonId.nodeManager(node.name(), node.address(), node.rack());
    String jvm = "nm-" + node.name();
    Path confDir = setup.confDir(jvm);
    Path local = setup.tmpDir(jvm).resolve("local");
    SiteXml.write(confDir, YarnConfs.nodeManager(setup.common(), rm, node.address(), local,
        setup.containerLogs(node.name())), YarnConfs.NODE_FINAL_KEYS);
    DaemonProcess nm = DaemonProcess.start(command(id, YarnInstall.NODE_MANAGER_MAIN, jvm, confDir,
        YarnConfs.NODE_MANAGER_HEAP_MB), setup.processes().launcher(), YarnConfs.nodeManagerEnvironment(confDir));
    nodeManagers.put(node.name(), nm);
  }

  private DaemonCommand command(DaemonId id, String main, String jvm, Path confDir, int heapMb) {
    List<String> jvmOptions = new ArrayList<>();
    jvmOptions.add("-Xmx" + heapMb + "m");
    // Control-plane daemons with no data path: C1 alone starts them with less CPU, which DataNodes share.
    jvmOptions.add("-XX:TieredStopAtLevel=1");
    jvmOptions.addAll(setup.processes().extraJvmOptions());
    DaemonEnv env = new DaemonEnv(install.daemonInstall(), confDir, setup.hadoopHome(), setup.logDir(),
        setup.tmpDir(jvm), jvmOptions, 0);
    return new DaemonCommand(id, main, List.of(), jvm, env);
  }

  private void checkAlive() throws IOException {
    List<DaemonProcess> all = new ArrayList<>(nodeManagers.values());
    all.add(resourceManager);
    for (DaemonProcess daemon : all) {
      if (!daemon.isAlive()) {
        throw new IOException(daemon.command().logName() + " (pid " + daemon.pid() + ") exited; see "
            + daemon.describeLogs());
      }
    }
  }

  private static void sleep() throws IOException {
    try {
      Thread.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for YARN", e);
    }
  }

  /** {@link #stop} with a grace period of its own ({@code ProcessOptions.stopGrace}). */
  @Override
  public void close() {
    stop(new GracefulStop(setup.processes().stopGrace()));
  }

  /**
   * SIGTERM to every NodeManager at once, SIGKILL to any still running when {@code stop}'s grace period, shared with
   * the caller's other daemons, ends; then SIGTERM to the ResourceManager once they have exited (still there to hear
   * them unregister, or they wait out their shutdown timeout), with a grace period of its own: NodeManagers that used
   * up the shared one would otherwise leave it none.
   */
  public void stop(GracefulStop stop) {
    CloseSteps.run(LOG, "closing the ResourceManager client", rmClient::close);
    List<DaemonProcess> nms = new ArrayList<>(nodeManagers.values());
    nodeManagers.clear();
    stop.stop(nms);
    if (resourceManager != null) {
      new GracefulStop(setup.processes().stopGrace()).stop(List.of(resourceManager));
    }
  }
}
