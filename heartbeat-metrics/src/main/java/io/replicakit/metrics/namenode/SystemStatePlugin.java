/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replicakit.common.CoarseClock;
import io.replicakit.common.MetricsRegistration;
import io.replicakit.common.PluginStartup;
import io.replicakit.common.config.ReadTopologyCheck;
import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.config.RegistrySettings;
import io.replicakit.metrics.config.Schedulers;
import io.replicakit.common.state.NodeState;
import io.replicakit.metrics.registry.SampleBounds;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.common.state.SystemStates;
import io.replicakit.metrics.rpc.MetricsServer;
import io.replicakit.common.state.VolumeMetrics;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.util.MBeans;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode half ({@code dfs.namenode.plugins}): the registry of DataNode system state, the RPC server that
 * fills it, a sweeper that drops dead and decommissioned DataNodes every interval, and its metrics2 and JMX
 * beans. It publishes the registry through {@link SystemStates} for the other modules in the NameNode.
 *
 * <p>The registry is optional for the NameNode: when it cannot start (its port is taken, invalid configuration, a
 * Hadoop whose internals do not fit {@link NameNodeAdaptor}) the NameNode keeps running without it (consumers see
 * no system state and fall back to HDFS's choices), logged at ERROR and counted by {@link PluginStartup}, unless
 * {@code replicakit.metrics.abort.on.error} is true, which stops the NameNode as a taken RPC port of its own would.
 * The sweeper runs under a {@link FaultGuard}: faults are counted ({@code SweepFaults}) and persistent ones stop it
 * loudly.
 */
public final class SystemStatePlugin implements ServicePlugin, SystemStateMXBean {

  /** The feature's name in {@link PluginStartup}'s counters. */
  public static final String FEATURE = "MetricsRegistry";

  private static final Logger LOG = LoggerFactory.getLogger(SystemStatePlugin.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FaultGuard sweepGuard = new FaultGuard("system-state sweep", LOG,
      new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow), FaultGuard.DEFAULT_DISABLE_AFTER,
      this::sweeperDisabled);
  private SystemStateRegistry registry;
  private MetricsServer server;
  private volatile ScheduledExecutorService sweeper;
  private String metricsName;
  private ObjectName mbean;

  @Override
  public void start(Object service) {
    boolean abort = false;
    try {
      NameNodeAdaptor nameNode = NameNodeAdaptor.of(service);
      Configuration conf = nameNode.conf();
      abort = PluginStartup.abortOnError(conf, MetricsConfig.ABORT_ON_ERROR_KEY);
      NameNodeAdaptor.checkInternals();
      MetricsConfig.KEYS.warnUnknown(conf, LOG);
      ReadTopologyCheck.warn(conf, LOG);
      RegistrySettings settings = MetricsConfig.registrySettings(conf);
      registry = new SystemStateRegistry(
          new SystemStateRegistry.Clocks(CoarseClock::monotonicMs, CoarseClock::wallMs), settings.staleIntervals(),
          SampleBounds.forInterval(settings.sweepIntervalMs()), nameNode::status);
      server = MetricsServer.start(conf, settings, registry, nameNode);
      sweeper = Schedulers.daemon("replicakit-metrics-sweeper");
      sweeper.scheduleWithFixedDelay(sweepGuard.wrap(this::sweep), settings.sweepIntervalMs(),
          settings.sweepIntervalMs(), TimeUnit.MILLISECONDS);
      metricsName = MetricsRegistration.register(RegistryMetricsSource.NAME, "ReplicaKit system-state registry",
          new RegistryMetricsSource(registry, sweepGuard));
      mbean = MBeans.register("NameNode", "ReplicaKitSystemState", this);
      SystemStates.publish(registry);
    } catch (RuntimeException | IOException | LinkageError e) {
      stop();
      PluginStartup.failed(FEATURE, MetricsConfig.ABORT_ON_ERROR_KEY, abort, LOG,
          "ReplicaKit system-state registry cannot start", e);
    }
  }

  /** One sweep; the guard contains its faults. */
  private void sweep() {
    int dropped = registry.sweep();
    if (dropped > 0) {
      LOG.debug("Dropped {} dead or decommissioned DataNodes from the system-state registry", dropped);
    }
  }

  /** Sweeps failed too often in a row: they stop (the guard logged why); stale entries then stay listed. */
  private void sweeperDisabled() {
    ScheduledExecutorService s = sweeper;
    if (s != null) {
      s.shutdown();
    }
  }

  /** Whether the registry's server is up (false after a start-up failure). */
  public boolean running() {
    return server != null;
  }

  /** The server's bound address (tests bind port 0). */
  public InetSocketAddress address() {
    return server.address();
  }

  @Override
  public String getNodes() {
    List<Map<String, Object>> nodes = new ArrayList<>();
    for (NodeState n : registry.all()) {
      nodes.add(row(n));
    }
    try {
      return JSON.writeValueAsString(nodes);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the registry as JSON", e);
    }
  }

  @Override
  public int getNodeCount() {
    return registry.all().size();
  }

  @Override
  public int getFreshNodeCount() {
    return (int) registry.all().stream().filter(n -> !n.stale()).count();
  }

  private static Map<String, Object> row(NodeState n) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("datanodeUuid", n.datanodeUuid());
    row.put("ageMs", n.ageMs());
    row.put("stale", n.stale());
    row.put("cpuIdlePct", number(n.sample().host().cpuIdlePct()));
    row.put("memoryFreePct", number(n.sample().host().memoryFreePct()));
    row.put("memoryTotalBytes", n.sample().host().memoryTotalBytes());
    List<Map<String, Object>> volumes = new ArrayList<>();
    for (VolumeMetrics v : n.sample().volumes()) {
      Map<String, Object> vol = new LinkedHashMap<>();
      vol.put("storageId", v.storageId());
      vol.put("storageType", v.storageType());
      vol.put("device", v.device());
      vol.put("awaitMs", number(v.awaitMs()));
      vol.put("readKbPerSec", number(v.readKbPerSec()));
      vol.put("writeKbPerSec", number(v.writeKbPerSec()));
      vol.put("utilizationPct", number(v.utilizationPct()));
      vol.put("queueLength", number(v.queueLength()));
      volumes.add(vol);
    }
    row.put("volumes", volumes);
    return row;
  }

  /** JSON has no NaN: a missing metric is null. */
  private static Double number(double value) {
    return Double.isNaN(value) ? null : value;
  }

  @Override
  public void stop() {
    if (registry != null) {
      SystemStates.withdraw(registry);
    }
    if (mbean != null) {
      MBeans.unregister(mbean);
      mbean = null;
    }
    if (metricsName != null) {
      DefaultMetricsSystem.instance().unregisterSource(metricsName);
      metricsName = null;
    }
    if (sweeper != null) {
      sweeper.shutdownNow();
      sweeper = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
