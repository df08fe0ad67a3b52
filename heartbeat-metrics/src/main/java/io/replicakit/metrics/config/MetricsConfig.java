/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.common.config.ValueType;
import io.replicakit.common.sysstate.SourceProvider;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * Every configuration key of the heartbeat-metrics module, declared once. The plugins read a
 * {@link Configuration} only here: {@link #validate} says what is wrong with it, {@link #reporterSettings} and
 * {@link #registrySettings} turn a valid one into the records the rest of the module receives.
 */
public final class MetricsConfig {

  public static final String PREFIX = "replicakit.metrics.";

  public static final ConfigKey<Long> INTERVAL = ConfigKey.durationMs(PREFIX + "interval.ms", 0, 100, 3_600_000)
      .defaultFrom(MetricsConfig::heartbeatIntervalMs, "`dfs.heartbeat.interval` (3 s)").readBy("DataNode")
      .doc("How often system state is sampled and reported.");

  public static final ConfigKey<InetSocketAddress> SERVER_ADDRESS =
      ConfigKey.address(PREFIX + "server.address", "0.0.0.0:9873", 0).readBy("both")
          .doc("NameNode: where the metrics RPC server binds (port 0: any free port). DataNode: the port to report "
              + "to, and the host too unless it is a wildcard, in which case each NameNode's own host (all "
              + "NameNodes under HA). A DataNode needs a port in 1..65535.");

  public static final ConfigKey<Long> SERVER_HANDLERS = ConfigKey.whole(PREFIX + "server.handlers", 4, 1, 64)
      .unit("threads").readBy("NameNode").doc("RPC handler threads of the metrics server.");

  public static final ConfigKey<Long> STALE_INTERVALS = ConfigKey.whole(PREFIX + "stale.intervals", 3, 1, 1000)
      .unit("intervals").readBy("NameNode")
      .doc("A sample older than this many of its DataNode's intervals is stale: listed, but ignored by consumers.");

  public static final ConfigKey<Long> MESSAGE_MAX_BYTES =
      ConfigKey.bytes(PREFIX + "message.max.bytes", 64 * 1024, 1024, 16 * 1024 * 1024).readBy("both")
          .doc("Largest sample message accepted (NameNode) or sent (DataNode).");

  public static final ConfigKey<String> HOST_SOURCE = ConfigKey.of(PREFIX + "host.source", "oshi", new SourceName())
      .unit("name").readBy("DataNode")
      .doc("Source of CPU and memory counters, a registered `SourceProvider`: `oshi`, or `testbed` (the machine "
          + "plus the node's emulated CPU and memory stress, for embedded clusters).");

  public static final ConfigKey<String> VOLUME_SOURCE = ConfigKey.of(PREFIX + "volume.source", "oshi",
      new SourceName()).unit("name").readBy("DataNode")
      .doc("Source of per-volume disk counters: `oshi` (real disks) or `testbed` (emulated devices of an embedded "
          + "cluster).");

  public static final ConfigKey<Long> RPC_TIMEOUT = ConfigKey.durationMs(PREFIX + "rpc.timeout.ms", 5_000, 100,
      600_000).readBy("DataNode").doc("Timeout of one report call.");

  public static final ConfigKey<Long> BACKOFF_MAX = ConfigKey.durationMs(PREFIX + "reconnect.backoff.max.ms",
      60_000, 100, 3_600_000).atLeast(INTERVAL).readBy("DataNode")
      .doc("Longest wait before retrying an unreachable NameNode plugin; waits double from one interval up to "
          + "this.");

  public static final ConfigKey<Boolean> ABORT_ON_ERROR = ConfigKey.bool(PREFIX + "abort.on.error", false)
      .readBy("both")
      .doc("When a plugin cannot start (port taken, invalid value, no counter source): `false` keeps the daemon "
          + "running without the side channel (ERROR line, `ReplicaKitPluginStartup` counter); `true` stops the "
          + "daemon.");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("heartbeat-metrics", PREFIX, "metrics", List.of(INTERVAL,
      SERVER_ADDRESS, SERVER_HANDLERS, STALE_INTERVALS, MESSAGE_MAX_BYTES, HOST_SOURCE, VOLUME_SOURCE, RPC_TIMEOUT,
      BACKOFF_MAX, ABORT_ON_ERROR));

  public static final String INTERVAL_MS_KEY = INTERVAL.name();
  public static final String SERVER_ADDRESS_KEY = SERVER_ADDRESS.name();
  public static final String SERVER_HANDLERS_KEY = SERVER_HANDLERS.name();
  public static final String STALE_INTERVALS_KEY = STALE_INTERVALS.name();
  public static final String MESSAGE_MAX_BYTES_KEY = MESSAGE_MAX_BYTES.name();
  public static final String HOST_SOURCE_KEY = HOST_SOURCE.name();
  public static final String VOLUME_SOURCE_KEY = VOLUME_SOURCE.name();
  public static final String RPC_TIMEOUT_MS_KEY = RPC_TIMEOUT.name();
  public static final String BACKOFF_MAX_MS_KEY = BACKOFF_MAX.name();
  public static final String ABORT_ON_ERROR_KEY = ABORT_ON_ERROR.name();

  private MetricsConfig() {}

  /** Every problem with the module's keys in {@code conf}, each naming its key and allowed range. */
  public static ValidationStatus validate(Configuration conf) {
    return KEYS.validate(conf);
  }

  /** The DataNode reporter's settings; {@code conf} must be valid. */
  public static ReporterSettings reporterSettings(Configuration conf) {
    KEYS.requireValid(conf);
    InetSocketAddress server = SERVER_ADDRESS.get(conf);
    if (server.getPort() == 0) {
      throw new IllegalArgumentException(SERVER_ADDRESS_KEY + " must name the NameNode plugin's port "
          + "(1..65535) on a DataNode, was 0");
    }
    return new ReporterSettings(
        INTERVAL.get(conf),
        server.getPort(),
        server.getAddress() != null && server.getAddress().isAnyLocalAddress() ? "" : server.getHostString(),
        HOST_SOURCE.get(conf),
        VOLUME_SOURCE.get(conf),
        Math.toIntExact(RPC_TIMEOUT.get(conf)),
        BACKOFF_MAX.get(conf),
        Math.toIntExact(MESSAGE_MAX_BYTES.get(conf)));
  }

  /** The NameNode registry's settings; {@code conf} must be valid. */
  public static RegistrySettings registrySettings(Configuration conf) {
    KEYS.requireValid(conf);
    return new RegistrySettings(
        SERVER_ADDRESS.get(conf),
        Math.toIntExact(SERVER_HANDLERS.get(conf)),
        Math.toIntExact(STALE_INTERVALS.get(conf)),
        Math.toIntExact(MESSAGE_MAX_BYTES.get(conf)),
        INTERVAL.get(conf));
  }

  /** The metrics server's configured address (host may be a wildcard; port 0 on a NameNode means any). */
  public static InetSocketAddress serverAddress(Configuration conf) {
    return SERVER_ADDRESS.get(conf);
  }

  private static long heartbeatIntervalMs(Configuration conf) {
    return conf.getTimeDuration(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY,
        DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_DEFAULT, TimeUnit.SECONDS, TimeUnit.MILLISECONDS);
  }

  /** The name of a counter source on the class path ({@link SourceProvider}), checked when a plugin starts. */
  private static final class SourceName implements ValueType<String> {

    @Override
    public String parse(String text) {
      if (!known().contains(text)) {
        throw new IllegalArgumentException(text);
      }
      return text;
    }

    @Override
    public String allowed() {
      return "a registered SourceProvider's name";
    }

    @Override
    public String unreadable(String text) {
      return "must name a source on the class path, one of " + known() + ", was '" + text + "'";
    }

    private static List<String> known() {
      return SourceProvider.all().stream().map(SourceProvider::name).sorted().toList();
    }
  }
}
