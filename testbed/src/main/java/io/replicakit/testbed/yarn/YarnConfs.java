/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.net.BoundSocketFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.CommonConfigurationKeys;

/**
 * The YARN and MapReduce settings of a multi-process testbed cluster, one map per JVM kind: small containers so a
 * 2-core machine with a few GiB per node runs several TestDFSIO maps per node, every address the node's own (never
 * a wildcard or a fixed loopback address: a node may live in its own network namespace), and nothing that needs a
 * history server. Pure: the caller writes the maps to files ({@link SiteXml}).
 */
public final class YarnConfs {

  /** Memory a NodeManager offers to containers. */
  public static final int NODE_MEMORY_MB = 2048;
  /** Container and heap of MapReduce's ApplicationMaster, of each map, of each reduce. */
  public static final int AM_MB = 512;
  public static final int AM_HEAP_MB = 384;
  public static final int TASK_MB = 256;
  public static final int TASK_HEAP_MB = 200;
  /** Heap of the ResourceManager's and each NodeManager's own JVM. */
  public static final int RESOURCE_MANAGER_HEAP_MB = 384;
  public static final int NODE_MANAGER_HEAP_MB = 256;
  /** How long the ResourceManager waits for a silent NodeManager before it counts its node as lost. */
  public static final int NODE_EXPIRY_MS = 20_000;

  /** Keys a NodeManager's containers must keep from their node's configuration whatever the job says. */
  static final List<String> NODE_FINAL_KEYS = List.of(
      CommonConfigurationKeys.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY, TestbedConfig.BIND_ADDRESS_KEY);

  private YarnConfs() {}

  /**
   * The ResourceManager: its five endpoints on {@code ports.address()}, a capacity scheduler that hands out one
   * container per node heartbeat (so a job's maps spread over the nodes instead of filling the first node that
   * asks) without waiting for node-local slots (a TestDFSIO map's input split is a small control file, not the
   * data it reads).
   */
  public static Map<String, String> resourceManager(Map<String, String> common, RmEndpoints ports) {
    Map<String, String> settings = new LinkedHashMap<>(common);
    settings.putAll(ports.settings());
    settings.put("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "1000");
    settings.put("yarn.nm.liveness-monitor.expiry-interval-ms", Integer.toString(NODE_EXPIRY_MS));
    settings.put("yarn.scheduler.minimum-allocation-mb", "128");
    settings.put("yarn.scheduler.maximum-allocation-mb", Integer.toString(NODE_MEMORY_MB));
    settings.put("yarn.resourcemanager.recovery.enabled", "false");
    settings.put("yarn.scheduler.capacity.root.queues", "default");
    settings.put("yarn.scheduler.capacity.root.default.capacity", "100");
    settings.put("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
    settings.put("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5");
    settings.put("yarn.scheduler.capacity.node-locality-delay", "0");
    settings.put("yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments", "1");
    return settings;
  }

  /**
   * A NodeManager on {@code address}: ephemeral ports on that address, {@link #NODE_MEMORY_MB} for containers, no
   * memory checks (small heaps, large virtual sizes), a shuffle service on an ephemeral port, and sockets of the
   * node and of its containers bound to the node's address (final, so a job's configuration cannot move them to
   * its client's address).
   *
   * @param localDir the NodeManager's local directory (localized jars, container work folders)
   * @param logDir where its containers' logs go ({@code application_*}/{@code container_*})
   */
  public static Map<String, String> nodeManager(Map<String, String> common, RmEndpoints rm, String address,
      Path localDir, Path logDir) {
    Map<String, String> settings = new LinkedHashMap<>(common);
    settings.putAll(rm.settings());
    bind(settings, address);
    settings.put("yarn.nodemanager.hostname", address);
    settings.put("yarn.nodemanager.address", address + ":0");
    settings.put("yarn.nodemanager.localizer.address", address + ":0");
    settings.put("yarn.nodemanager.webapp.address", address + ":0");
    settings.put("yarn.nodemanager.resource.memory-mb", Integer.toString(NODE_MEMORY_MB));
    settings.put("yarn.nodemanager.resource.cpu-vcores", "8");
    settings.put("yarn.nodemanager.vmem-check-enabled", "false");
    settings.put("yarn.nodemanager.pmem-check-enabled", "false");
    settings.put("yarn.nodemanager.local-dirs", localDir.toString());
    settings.put("yarn.nodemanager.log-dirs", logDir.toString());
    settings.put("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "100.0");
    settings.put("yarn.nodemanager.disk-health-checker.min-free-space-per-disk-mb", "0");
    settings.put("yarn.nodemanager.delete.debug-delay-sec", "600");
    settings.put("yarn.nodemanager.aux-services", "mapreduce_shuffle");
    settings.put("yarn.nodemanager.aux-services.mapreduce_shuffle.class", "org.apache.hadoop.mapred.ShuffleHandler");
    settings.put("mapreduce.shuffle.port", "0");
    settings.put(CommonConfigurationKeys.HADOOP_TMP_DIR, localDir.resolveSibling("hadoop").toString());
    return settings;
  }

  /**
   * A TestDFSIO client JVM on {@code address}: jobs go to YARN unless a run asks for the local job runner; its
   * containers run {@code containerJars} after their node's configuration directory; the watchdog agent of
   * {@code testbedJar} ends each container JVM when the driver ({@code driverPid}) is gone.
   */
  public static Map<String, String> client(Map<String, String> common, RmEndpoints rm, String address,
      List<Path> containerJars, Path testbedJar, long driverPid) {
    Map<String, String> settings = new LinkedHashMap<>(common);
    settings.putAll(rm.settings());
    bind(settings, address);
    settings.put("mapreduce.framework.name", "yarn");
    // No JobHistoryServer runs: an empty address makes the job client take a finished job's state from the RM. A site
    // file cannot carry it (Configuration drops an empty <value>), so DfsioProcess also passes it as a -D option.
    settings.put("mapreduce.jobhistory.address", "");
    settings.put("yarn.app.mapreduce.am.resource.mb", Integer.toString(AM_MB));
    settings.put("yarn.app.mapreduce.am.command-opts", javaOpts(AM_HEAP_MB, testbedJar, driverPid));
    settings.put("mapreduce.map.memory.mb", Integer.toString(TASK_MB));
    settings.put("mapreduce.reduce.memory.mb", Integer.toString(TASK_MB));
    settings.put("mapreduce.map.java.opts", javaOpts(TASK_HEAP_MB, testbedJar, driverPid));
    settings.put("mapreduce.reduce.java.opts", javaOpts(TASK_HEAP_MB, testbedJar, driverPid));
    settings.put("mapreduce.task.io.sort.mb", "16");
    settings.put("mapreduce.map.speculative", "false");
    settings.put("mapreduce.reduce.speculative", "false");
    settings.put("mapreduce.job.reduce.slowstart.completedmaps", "1.0");
    settings.put("mapreduce.am.max-attempts", "2");
    settings.put("mapreduce.client.completion.pollinterval", "500");
    settings.put("mapreduce.client.progressmonitor.pollinterval", "500");
    settings.put("yarn.application.classpath", "$HADOOP_CONF_DIR");
    settings.put("mapreduce.application.classpath",
        containerJars.stream().map(Path::toString).collect(Collectors.joining(",")));
    return settings;
  }

  /** Environment of a NodeManager's JVM, which its containers inherit (YARN's default environment whitelist). */
  public static Map<String, String> nodeManagerEnvironment(Path confDir) {
    return Map.of("HADOOP_CONF_DIR", confDir.toString(), "JAVA_HOME", System.getProperty("java.home"));
  }

  private static void bind(Map<String, String> settings, String address) {
    settings.put(CommonConfigurationKeys.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
        BoundSocketFactory.class.getName());
    settings.put(TestbedConfig.BIND_ADDRESS_KEY, address);
  }

  private static String javaOpts(int heapMb, Path testbedJar, long driverPid) {
    return "-Xmx" + heapMb + "m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.net.preferIPv4Stack=true"
        + " -javaagent:" + testbedJar + "=" + driverPid;
  }

  /**
   * The ResourceManager's endpoints: clients, ApplicationMasters, NodeManagers, admin and web UI, all on its
   * address.
   */
  public record RmEndpoints(String address, int clientPort, int schedulerPort, int trackerPort, int adminPort,
      int webPort) {

    Map<String, String> settings() {
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put("yarn.resourcemanager.hostname", address);
      settings.put("yarn.resourcemanager.address", address + ":" + clientPort);
      settings.put("yarn.resourcemanager.scheduler.address", address + ":" + schedulerPort);
      settings.put("yarn.resourcemanager.resource-tracker.address", address + ":" + trackerPort);
      settings.put("yarn.resourcemanager.admin.address", address + ":" + adminPort);
      settings.put("yarn.resourcemanager.webapp.address", address + ":" + webPort);
      return settings;
    }

    /** The web UI's address, for the log line that tells where to look. */
    public String webAddress() {
      return "http://" + address + ":" + webPort;
    }
  }
}
