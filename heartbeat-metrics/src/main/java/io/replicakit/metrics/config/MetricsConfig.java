package io.replicakit.metrics.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigValues;
import io.replicakit.common.sysstate.SourceProvider;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.net.NetUtils;

/**
 * Every configuration key of the heartbeat-metrics module, declared once. The plugins read a
 * {@link Configuration} only here: {@link #validate} says what is wrong with it, {@link #reporterSettings} and
 * {@link #registrySettings} turn a valid one into the records the rest of the module receives.
 */
public final class MetricsConfig {

  /** A declared key: name, default, unit, allowed values and what it is for. */
  public record Key(String name, String defaultValue, String unit, String description) {}

  public static final String PREFIX = "replicakit.metrics.";

  public static final String INTERVAL_MS_KEY = PREFIX + "interval.ms";
  /** Unset means: the DataNode's heartbeat interval ({@code dfs.heartbeat.interval}). */
  public static final long INTERVAL_MS_MIN = 100;
  public static final long INTERVAL_MS_MAX = 3_600_000;

  public static final String SERVER_ADDRESS_KEY = PREFIX + "server.address";
  public static final String SERVER_ADDRESS_DEFAULT = "0.0.0.0:9873";

  public static final String SERVER_HANDLERS_KEY = PREFIX + "server.handlers";
  public static final int SERVER_HANDLERS_DEFAULT = 4;

  public static final String STALE_INTERVALS_KEY = PREFIX + "stale.intervals";
  public static final int STALE_INTERVALS_DEFAULT = 3;

  public static final String MESSAGE_MAX_BYTES_KEY = PREFIX + "message.max.bytes";
  public static final int MESSAGE_MAX_BYTES_DEFAULT = 64 * 1024;

  public static final String HOST_SOURCE_KEY = PREFIX + "host.source";
  public static final String HOST_SOURCE_DEFAULT = "oshi";

  public static final String VOLUME_SOURCE_KEY = PREFIX + "volume.source";
  public static final String VOLUME_SOURCE_DEFAULT = "oshi";

  public static final String RPC_TIMEOUT_MS_KEY = PREFIX + "rpc.timeout.ms";
  public static final int RPC_TIMEOUT_MS_DEFAULT = 5_000;

  public static final String BACKOFF_MAX_MS_KEY = PREFIX + "reconnect.backoff.max.ms";
  public static final long BACKOFF_MAX_MS_DEFAULT = 60_000;

  public static final String ABORT_ON_ERROR_KEY = PREFIX + "abort.on.error";
  public static final boolean ABORT_ON_ERROR_DEFAULT = false;

  /** All keys, for documentation and the check that docs/configuration.md lists each one. */
  public static final List<Key> KEYS = List.of(
      new Key(INTERVAL_MS_KEY, "dfs.heartbeat.interval", "ms",
          "DataNode: how often system state is sampled and reported, " + INTERVAL_MS_MIN + ".."
              + INTERVAL_MS_MAX + " (suffixes such as 3s allowed)"),
      new Key(SERVER_ADDRESS_KEY, SERVER_ADDRESS_DEFAULT, "host:port",
          "NameNode: where the metrics RPC server binds. DataNode: its port, and its host unless that is a "
              + "wildcard, in which case each NameNode's own host"),
      new Key(SERVER_HANDLERS_KEY, Integer.toString(SERVER_HANDLERS_DEFAULT), "threads",
          "NameNode: RPC handler threads of the metrics server, 1..64"),
      new Key(STALE_INTERVALS_KEY, Integer.toString(STALE_INTERVALS_DEFAULT), "intervals",
          "NameNode: a sample older than this many of its DataNode's intervals is stale and ignored, 1..1000"),
      new Key(MESSAGE_MAX_BYTES_KEY, Integer.toString(MESSAGE_MAX_BYTES_DEFAULT), "bytes",
          "both: largest accepted sample message, 1024..16777216"),
      new Key(HOST_SOURCE_KEY, HOST_SOURCE_DEFAULT, "name",
          "DataNode: where CPU and memory counters come from (oshi; testbed in embedded clusters)"),
      new Key(VOLUME_SOURCE_KEY, VOLUME_SOURCE_DEFAULT, "name",
          "DataNode: where per-volume disk counters come from (oshi; testbed in embedded clusters)"),
      new Key(RPC_TIMEOUT_MS_KEY, Integer.toString(RPC_TIMEOUT_MS_DEFAULT), "ms",
          "DataNode: timeout of one report call, 100..600000"),
      new Key(BACKOFF_MAX_MS_KEY, Long.toString(BACKOFF_MAX_MS_DEFAULT), "ms",
          "DataNode: longest wait before retrying an unreachable NameNode plugin (doubles from one interval), "
              + "the interval.." + INTERVAL_MS_MAX),
      new Key(ABORT_ON_ERROR_KEY, Boolean.toString(ABORT_ON_ERROR_DEFAULT), "boolean",
          "both: when a plugin cannot start (port taken, invalid value, no counter source), stop the daemon (true) "
              + "or keep it running without the side channel, logged at ERROR and counted (false)"));

  /** The names of {@link #KEYS}, for the check of unknown keys. */
  public static final List<String> KEY_NAMES = KEYS.stream().map(Key::name).toList();

  private MetricsConfig() {}

  /** Every problem with the module's keys in {@code conf}, each naming its key and allowed range. */
  public static ValidationStatus validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    long interval = ConfigValues.checkDurationMs(conf, INTERVAL_MS_KEY, defaultIntervalMs(conf), INTERVAL_MS_MIN,
        INTERVAL_MS_MAX, problems);
    checkLong(conf, SERVER_HANDLERS_KEY, SERVER_HANDLERS_DEFAULT, 1, 64, problems);
    checkLong(conf, STALE_INTERVALS_KEY, STALE_INTERVALS_DEFAULT, 1, 1000, problems);
    ConfigValues.checkBytes(conf, MESSAGE_MAX_BYTES_KEY, MESSAGE_MAX_BYTES_DEFAULT, 1024, 16 * 1024 * 1024,
        problems);
    ConfigValues.checkDurationMs(conf, RPC_TIMEOUT_MS_KEY, RPC_TIMEOUT_MS_DEFAULT, 100, 600_000, problems);
    ConfigValues.checkDurationMs(conf, BACKOFF_MAX_MS_KEY, BACKOFF_MAX_MS_DEFAULT,
        Math.max(interval, INTERVAL_MS_MIN), INTERVAL_MS_MAX, problems);
    String abort = conf.getTrimmed(ABORT_ON_ERROR_KEY, "false");
    if (!abort.equalsIgnoreCase("true") && !abort.equalsIgnoreCase("false")) {
      problems.add(ABORT_ON_ERROR_KEY + " must be true or false, was '" + abort + "'");
    }
    checkAddress(conf, problems);
    checkSourceName(conf, HOST_SOURCE_KEY, HOST_SOURCE_DEFAULT, problems);
    checkSourceName(conf, VOLUME_SOURCE_KEY, VOLUME_SOURCE_DEFAULT, problems);
    return new ValidationStatus(problems);
  }

  /** The DataNode reporter's settings; {@code conf} must be valid. */
  public static ReporterSettings reporterSettings(Configuration conf) {
    requireValid(conf);
    InetSocketAddress server = serverAddress(conf);
    if (server.getPort() == 0) {
      throw new IllegalArgumentException(SERVER_ADDRESS_KEY + " must name the NameNode plugin's port "
          + "(1..65535) on a DataNode, was 0");
    }
    return new ReporterSettings(
        ConfigValues.durationMs(conf, INTERVAL_MS_KEY, defaultIntervalMs(conf)),
        server.getPort(),
        server.getAddress() != null && server.getAddress().isAnyLocalAddress() ? "" : server.getHostString(),
        conf.getTrimmed(HOST_SOURCE_KEY, HOST_SOURCE_DEFAULT),
        conf.getTrimmed(VOLUME_SOURCE_KEY, VOLUME_SOURCE_DEFAULT),
        (int) ConfigValues.durationMs(conf, RPC_TIMEOUT_MS_KEY, RPC_TIMEOUT_MS_DEFAULT),
        ConfigValues.durationMs(conf, BACKOFF_MAX_MS_KEY, BACKOFF_MAX_MS_DEFAULT),
        (int) ConfigValues.bytes(conf, MESSAGE_MAX_BYTES_KEY, MESSAGE_MAX_BYTES_DEFAULT));
  }

  /** The NameNode registry's settings; {@code conf} must be valid. */
  public static RegistrySettings registrySettings(Configuration conf) {
    requireValid(conf);
    return new RegistrySettings(
        serverAddress(conf),
        conf.getInt(SERVER_HANDLERS_KEY, SERVER_HANDLERS_DEFAULT),
        conf.getInt(STALE_INTERVALS_KEY, STALE_INTERVALS_DEFAULT),
        (int) ConfigValues.bytes(conf, MESSAGE_MAX_BYTES_KEY, MESSAGE_MAX_BYTES_DEFAULT),
        ConfigValues.durationMs(conf, INTERVAL_MS_KEY, defaultIntervalMs(conf)));
  }

  private static void requireValid(Configuration conf) {
    ValidationStatus status = validate(conf);
    if (!status.isValid()) {
      throw new IllegalArgumentException("invalid ReplicaKit metrics configuration: " + status.reason());
    }
  }

  private static long defaultIntervalMs(Configuration conf) {
    return conf.getTimeDuration(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY,
        DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_DEFAULT, TimeUnit.SECONDS, TimeUnit.MILLISECONDS);
  }

  /** The metrics server's configured address (host may be a wildcard; port 0 on a NameNode means any). */
  public static InetSocketAddress serverAddress(Configuration conf) {
    return NetUtils.createSocketAddr(conf.getTrimmed(SERVER_ADDRESS_KEY, SERVER_ADDRESS_DEFAULT), -1,
        SERVER_ADDRESS_KEY);
  }

  private static long checkLong(Configuration conf, String key, long def, long min, long max,
      List<String> problems) {
    String raw = conf.getTrimmed(key);
    long value;
    try {
      value = raw == null || raw.isEmpty() ? def : Long.parseLong(raw);
    } catch (NumberFormatException e) {
      problems.add(key + " must be a whole number in " + min + ".." + max + ", was '" + raw + "'");
      return def;
    }
    if (value < min || value > max) {
      problems.add(key + " must be in " + min + ".." + max + ", was " + value);
    }
    return value;
  }

  private static void checkAddress(Configuration conf, List<String> problems) {
    String raw = conf.getTrimmed(SERVER_ADDRESS_KEY, SERVER_ADDRESS_DEFAULT);
    try {
      InetSocketAddress address = NetUtils.createSocketAddr(raw, -1, SERVER_ADDRESS_KEY);
      if (address.getPort() < 0 || address.getPort() > 65535) {
        problems.add(SERVER_ADDRESS_KEY + " must be host:port with a port in 0..65535, was '" + raw + "'");
      }
    } catch (IllegalArgumentException e) {
      problems.add(SERVER_ADDRESS_KEY + " must be host:port with a port in 0..65535, was '" + raw + "'");
    }
  }

  private static void checkSourceName(Configuration conf, String key, String def, List<String> problems) {
    String name = conf.getTrimmed(key, def);
    List<String> known = SourceProvider.all().stream().map(SourceProvider::name).sorted().toList();
    if (!known.contains(name)) {
      problems.add(key + " must name a source on the class path, one of " + known + ", was '" + name + "'");
    }
  }
}
