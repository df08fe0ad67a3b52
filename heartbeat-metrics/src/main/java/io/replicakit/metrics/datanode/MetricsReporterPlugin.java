/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.PluginStartup;
import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.config.Schedulers;
import io.replicakit.metrics.config.ReporterSettings;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import io.replicakit.metrics.rpc.MetricsClient;
import io.replicakit.metrics.sample.Sampler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DataNode half ({@code dfs.datanode.plugins}): samples the node's system state every interval and reports
 * it to the ReplicaKit plugin of every NameNode, on its own thread, beside (never inside) the heartbeat.
 *
 * <p>The side channel is optional: when the reporter cannot start (invalid configuration, no counter source, a
 * Hadoop whose internals do not fit {@link DataNodeAdaptor}) the DataNode keeps running without it, logged at
 * ERROR with the key at fault and counted by {@link PluginStartup}, unless
 * {@code replicakit.metrics.abort.on.error} is true, which stops the DataNode as a bad HDFS key would.
 * Every round runs under a {@link FaultGuard}: an {@link Error} or a bug is counted ({@code RoundFaults}) and the
 * schedule goes on; rounds that fail persistently stop the reporter loudly ({@code ReporterDisabled}).
 */
public final class MetricsReporterPlugin implements ServicePlugin {

  /** The feature's name in {@link PluginStartup}'s counters. */
  public static final String FEATURE = "MetricsReporter";

  private static final Logger LOG = LoggerFactory.getLogger(MetricsReporterPlugin.class);
  /** How long {@link #stop} waits at most for a round in progress: the DataNode's shutdown waits with it. */
  static final long MAX_STOP_WAIT_MS = 10_000;

  private final FaultGuard roundGuard = new FaultGuard("metrics reporting round", LOG,
      new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow), FaultGuard.DEFAULT_DISABLE_AFTER,
      this::reporterDisabled);
  private volatile ScheduledExecutorService executor;
  private volatile long stopWaitMs;
  private Reporter reporter;
  private Sampler sampler;
  private ReporterMetricsSource metrics;

  @Override
  public void start(Object service) {
    boolean abort = false;
    try {
      DataNodeAdaptor dataNode = DataNodeAdaptor.of(service);
      Configuration conf = dataNode.conf();
      abort = PluginStartup.abortOnError(conf, MetricsConfig.ABORT_ON_ERROR_KEY);
      DataNodeAdaptor.checkInternals();
      MetricsConfig.KEYS.warnUnknown(conf, LOG);
      ReporterSettings settings = MetricsConfig.reporterSettings(conf);
      sampler = new Sampler(hostSource(settings, conf), volumeSource(settings, conf));
      List<InetSocketAddress> servers = servers(settings, dataNode);
      reporter = new Reporter(sampler, dataNode, servers,
          address -> channel(conf, address, settings.rpcTimeoutMs()),
          new Reporter.Timing(settings.intervalMs(), settings.maxBackoffMs(), Time::now, Time::monotonicNow),
          settings.maxMessageBytes());
      metrics = ReporterMetricsSource.register(reporter, roundGuard);
      stopWaitMs = Math.min(settings.rpcTimeoutMs(), MAX_STOP_WAIT_MS);
      executor = Schedulers.daemon("replicakit-metrics-reporter");
      // A fixed delay, not a fixed rate: after a stall (a NameNode host not answering for a call's timeout, a long
      // GC pause) a fixed rate runs the missed rounds back to back, and their rates, taken over windows of
      // milliseconds, would be sent as fresh samples.
      executor.scheduleWithFixedDelay(roundGuard.wrap(reporter::round), 0, settings.intervalMs(),
          TimeUnit.MILLISECONDS);
      LOG.info("ReplicaKit metrics reporter started: every {} ms to {} (host source {}, volume source {})",
          settings.intervalMs(), servers.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList(),
          settings.hostSource(), settings.volumeSource());
    } catch (RuntimeException | IOException | LinkageError e) {
      stop();
      PluginStartup.failed(FEATURE, MetricsConfig.ABORT_ON_ERROR_KEY, abort, LOG,
          "ReplicaKit metrics reporter cannot start", e);
    }
  }

  /** Whether rounds are scheduled (false after a start-up failure or when persistent faults stopped them). */
  public boolean running() {
    ScheduledExecutorService e = executor;
    return e != null && !e.isShutdown();
  }

  /** Rounds failed too often in a row: the schedule ends (the guard logged why at ERROR). */
  private void reporterDisabled() {
    ScheduledExecutorService e = executor;
    if (e != null) {
      e.shutdown();
    }
  }

  private static HostSource hostSource(ReporterSettings settings, Configuration conf) {
    return provider(MetricsConfig.HOST_SOURCE_KEY, settings.hostSource()).openHost(sourceSettings(conf))
        .orElseThrow(() -> new IllegalArgumentException(MetricsConfig.HOST_SOURCE_KEY + ": source '"
            + settings.hostSource() + "' offers no host counters"));
  }

  private static VolumeSource volumeSource(ReporterSettings settings, Configuration conf) {
    return provider(MetricsConfig.VOLUME_SOURCE_KEY, settings.volumeSource()).openVolumes(sourceSettings(conf))
        .orElseThrow(() -> new IllegalArgumentException(MetricsConfig.VOLUME_SOURCE_KEY + ": source '"
            + settings.volumeSource() + "' offers no volume counters"));
  }

  private static SourceProvider provider(String key, String name) {
    return SourceProvider.named(name).orElseThrow(
        () -> new IllegalArgumentException(key + ": no source named '" + name + "' on the class path"));
  }

  private static SourceSettings sourceSettings(Configuration conf) {
    return new SourceSettings(conf::getTrimmed);
  }

  /**
   * The warning for a fixed server host on a DataNode of several NameNodes (HA): one key names both the NameNodes'
   * bind address and the DataNodes' target, so only that host's NameNode gets samples (the other cannot even bind
   * it), and after a failover the active NameNode has none: consumers fall back to HDFS's choices unseen.
   */
  static Optional<String> fixedHostWithSeveralNameNodes(String host, int nameNodes) {
    return nameNodes > 1
        ? Optional.of(MetricsConfig.SERVER_ADDRESS_KEY + " names the host " + host + ", but this DataNode "
            + "reports to " + nameNodes + " NameNodes: only " + host + " gets samples, and after a failover the "
            + "active NameNode may have none. A wildcard host (0.0.0.0:PORT) reports to every NameNode's host.")
        : Optional.empty();
  }

  /** A fixed host, or the host of every NameNode (HA: all of them), each with the plugin's port. */
  private static List<InetSocketAddress> servers(ReporterSettings settings, DataNodeAdaptor dataNode)
      throws IOException {
    List<InetSocketAddress> nameNodes = dataNode.nameNodes();
    if (!settings.serverHost().isEmpty()) {
      fixedHostWithSeveralNameNodes(settings.serverHost(), nameNodes.size()).ifPresent(LOG::warn);
      return List.of(InetSocketAddress.createUnresolved(settings.serverHost(), settings.serverPort()));
    }
    Set<InetSocketAddress> servers = new LinkedHashSet<>();
    for (InetSocketAddress nn : nameNodes) {
      servers.add(InetSocketAddress.createUnresolved(nn.getHostString(), settings.serverPort()));
    }
    if (servers.isEmpty()) {
      throw new IllegalArgumentException(MetricsConfig.SERVER_ADDRESS_KEY
          + " has a wildcard host and no NameNode address is configured to take the host from");
    }
    return new ArrayList<>(servers);
  }

  private static Reporter.Channel channel(Configuration conf, InetSocketAddress address, int timeoutMs)
      throws IOException {
    InetSocketAddress resolved = new InetSocketAddress(address.getHostString(), address.getPort());
    if (resolved.isUnresolved()) {
      throw new IOException("cannot resolve " + address.getHostString());
    }
    MetricsClient client = MetricsClient.connect(conf, resolved, timeoutMs);
    return new Reporter.Channel() {
      @Override
      public ReportResponseProto send(DatanodeSystemMetricsProto sample) throws IOException {
        return client.report(sample);
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }

  @Override
  public void stop() {
    if (executor != null) {
      executor.shutdownNow();
      awaitRound(executor);
      executor = null;
    }
    if (reporter != null) {
      reporter.close();
    }
    if (metrics != null) {
      DefaultMetricsSystem.instance().unregisterSource(metrics.name());
      metrics = null;
    }
    closeSampler();
  }

  /**
   * Waits, at most a call's timeout and {@link #MAX_STOP_WAIT_MS}, for a round in progress (an interrupted call
   * ends at once; a connect does not), so that the sources are not closed under it.
   */
  private void awaitRound(ScheduledExecutorService e) {
    try {
      if (!e.awaitTermination(stopWaitMs, TimeUnit.MILLISECONDS)) {
        LOG.warn("ReplicaKit metrics reporter: a round still runs after {} ms; closing its connections anyway",
            stopWaitMs);
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void closeSampler() {
    if (sampler != null) {
      try {
        sampler.close();
      } catch (Exception e) {
        LOG.debug("closing the metrics sources", e);
      }
      sampler = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
