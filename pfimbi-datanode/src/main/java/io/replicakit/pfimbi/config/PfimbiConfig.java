package io.replicakit.pfimbi.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigValues;
import io.replicakit.pfimbi.activity.ActivityMetric;
import io.replicakit.pfimbi.sched.PositionMode;
import io.replicakit.pfimbi.sched.QueueOrder;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;

/**
 * Every configuration key of the Pfimbi module, declared once. The module reads a {@link Configuration} only here:
 * {@link #validate} lists what is wrong with it, {@link #settings} turns a valid one into the records the rest of
 * the module receives.
 */
public final class PfimbiConfig {

  /** A declared key: name, default, unit, allowed values and what it is for. */
  public record Key(String name, String defaultValue, String unit, String description) {}

  public static final String PREFIX = "replicakit.pfimbi.";

  /**
   * The extended attribute holding a file's {@code PfimbiSpec} (not a configuration key). The {@code user.}
   * namespace lets any client that may write the file set it.
   */
  public static final String XATTR = "user.replicakit.pfimbi";

  public static final String ACTIVITY_METRIC_KEY = PREFIX + "activity.metric";
  public static final String ACTIVITY_METRIC_DEFAULT = "memdisk";

  public static final String ACTIVITY_INTERVAL_MS_KEY = PREFIX + "activity.interval.ms";
  public static final long ACTIVITY_INTERVAL_MS_DEFAULT = 100;
  public static final long ACTIVITY_INTERVAL_MS_MIN = 10;
  public static final long ACTIVITY_INTERVAL_MS_MAX = 60_000;

  public static final String ACTIVITY_SOURCE_KEY = PREFIX + "activity.source";
  public static final String ACTIVITY_SOURCE_DEFAULT = "oshi";

  public static final String ACTIVITY_DIRTY_KEY = PREFIX + "activity.dirty";
  public static final boolean ACTIVITY_DIRTY_DEFAULT = true;

  public static final String KMEANS_ALPHA_KEY = PREFIX + "kmeans.alpha";
  public static final double KMEANS_ALPHA_DEFAULT = 0.1;

  public static final String BUFFER_BLOCKS_KEY = PREFIX + "buffer.blocks";
  public static final int BUFFER_BLOCKS_DEFAULT = 16;
  public static final int BUFFER_BLOCKS_MAX = 4096;

  public static final String BUFFER_BYTES_KEY = PREFIX + "buffer.bytes";
  public static final long BUFFER_BYTES_DEFAULT = 1L << 30;
  public static final long BUFFER_BYTES_MIN = 1L << 20;
  public static final long BUFFER_BYTES_MAX = 1L << 40;

  public static final String GUARANTEED_SHARE_KEY = PREFIX + "guaranteed.share.foreground.blocks";
  public static final long GUARANTEED_SHARE_DEFAULT = 8;
  public static final long GUARANTEED_SHARE_MAX = 1_000_000;

  public static final String IDLE_SAMPLES_KEY = PREFIX + "idle.samples";
  public static final int IDLE_SAMPLES_DEFAULT = 3;
  public static final int IDLE_SAMPLES_MAX = 1000;

  public static final String POSITION_MODE_KEY = PREFIX + "wfq.position.mode";
  public static final String POSITION_MODE_DEFAULT = "strict";

  public static final String POSITION_WEIGHTS_KEY = PREFIX + "wfq.position.weights";
  public static final String POSITION_WEIGHTS_DEFAULT = "100,10,1";
  /** Positions 2..32: replication is at most 32. */
  public static final int POSITION_WEIGHTS_MAX_COUNT = 31;
  public static final double POSITION_WEIGHT_MAX = 1e6;

  public static final String QUEUE_ORDER_KEY = PREFIX + "queue.order";
  public static final String QUEUE_ORDER_DEFAULT = "fifo";

  public static final String RPC_ADDRESS_KEY = PREFIX + "rpc.address";
  /**
   * One port for every DataNode's Replication Manager: the NameNode and upstream managers reach a DataNode's at
   * its registered IP and this port, so no registration round trip is needed.
   */
  public static final String RPC_ADDRESS_DEFAULT = "0.0.0.0:9875";

  public static final String SCAN_INTERVAL_MS_KEY = PREFIX + "scan.interval.ms";
  public static final long SCAN_INTERVAL_MS_DEFAULT = 500;
  public static final long SCAN_INTERVAL_MS_MIN = 10;
  public static final long SCAN_INTERVAL_MS_MAX = 3_600_000;

  public static final String BACKGROUND_TIMEOUT_MS_KEY = PREFIX + "background.timeout.ms";
  public static final long BACKGROUND_TIMEOUT_MS_DEFAULT = 600_000;
  public static final long BACKGROUND_TIMEOUT_MS_MIN = 1_000;
  public static final long BACKGROUND_TIMEOUT_MS_MAX = 7L * 24 * 3_600_000;

  public static final String PLACEMENT_DELEGATE_KEY = PREFIX + "placement.delegate";
  public static final String PLACEMENT_DELEGATE_DEFAULT =
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault";

  public static final String SWEEP_ROOTS_KEY = PREFIX + "sweep.roots";
  public static final String SWEEP_ROOTS_DEFAULT = "/";

  public static final String SWEEP_INTERVAL_MS_KEY = PREFIX + "sweep.interval.ms";
  public static final long SWEEP_INTERVAL_MS_DEFAULT = 600_000;
  public static final long SWEEP_INTERVAL_MS_MAX = 7L * 24 * 3_600_000;

  public static final String SWEEP_ENTRIES_KEY = PREFIX + "sweep.entries.per.scan";
  public static final int SWEEP_ENTRIES_DEFAULT = 10_000;
  public static final int SWEEP_ENTRIES_MAX = 1_000_000;

  public static final String QUEUE_MAX_KEY = PREFIX + "queue.max.notices";
  public static final int QUEUE_MAX_DEFAULT = 10_000;
  public static final int QUEUE_MAX_MAX = 10_000_000;

  public static final String ABORT_ON_ERROR_KEY = PREFIX + "abort.on.error";
  public static final boolean ABORT_ON_ERROR_DEFAULT = false;

  private static final Pattern CLASS_NAME =
      Pattern.compile("([\\p{L}_$][\\p{L}\\p{N}_$]*\\.)*[\\p{L}_$][\\p{L}\\p{N}_$]*");

  /** All keys, for documentation and for checks that the docs list each one. */
  public static final List<Key> KEYS = List.of(
      new Key(ACTIVITY_METRIC_KEY, ACTIVITY_METRIC_DEFAULT, "name",
          "DataNode: disk activity measure, latency (mean I/O wait) or memdisk (disk throughput plus dirty-data "
              + "growth)"),
      new Key(ACTIVITY_INTERVAL_MS_KEY, Long.toString(ACTIVITY_INTERVAL_MS_DEFAULT), "ms",
          "DataNode: activity sampling period, " + ACTIVITY_INTERVAL_MS_MIN + ".." + ACTIVITY_INTERVAL_MS_MAX
              + " (suffixes such as 250ms, 1s allowed)"),
      new Key(ACTIVITY_SOURCE_KEY, ACTIVITY_SOURCE_DEFAULT, "name",
          "DataNode: where per-volume disk counters come from (oshi; testbed in embedded clusters)"),
      new Key(ACTIVITY_DIRTY_KEY, Boolean.toString(ACTIVITY_DIRTY_DEFAULT), "boolean",
          "DataNode: add the growth of the host's dirty page-cache data (Linux /proc/meminfo) to MemDisk; off for "
              + "devices without a page cache, such as the testbed's emulated ones"),
      new Key(KMEANS_ALPHA_KEY, Double.toString(KMEANS_ALPHA_DEFAULT), "fraction",
          "DataNode: weight of a new sample in its busy/idle cluster centre, (0, 1]"),
      new Key(BUFFER_BLOCKS_KEY, Integer.toString(BUFFER_BLOCKS_DEFAULT), "blocks",
          "DataNode: background blocks buffered per storage type, 1.." + BUFFER_BLOCKS_MAX),
      new Key(BUFFER_BYTES_KEY, Long.toString(BUFFER_BYTES_DEFAULT), "bytes",
          "DataNode: bytes buffered per storage type, " + BUFFER_BYTES_MIN + ".." + BUFFER_BYTES_MAX
              + " (suffixes such as 64m, 1g, 512mb allowed)"),
      new Key(GUARANTEED_SHARE_KEY, Long.toString(GUARANTEED_SHARE_DEFAULT), "blocks",
          "DataNode: after this many foreground blocks one background block is written even on a busy disk, "
              + "0.." + GUARANTEED_SHARE_MAX + " (0 disables)"),
      new Key(IDLE_SAMPLES_KEY, Integer.toString(IDLE_SAMPLES_DEFAULT), "samples",
          "DataNode: consecutive idle activity samples before a background block is written (1: the thesis's "
              + "rule), 1.." + IDLE_SAMPLES_MAX),
      new Key(POSITION_MODE_KEY, POSITION_MODE_DEFAULT, "name",
          "DataNode: strict (earlier pipeline positions always first) or weighted (by " + POSITION_WEIGHTS_KEY
              + ")"),
      new Key(POSITION_WEIGHTS_KEY, POSITION_WEIGHTS_DEFAULT, "comma list",
          "DataNode: weights of pipeline positions 2, 3, ... (later positions take the last), 1.."
              + POSITION_WEIGHTS_MAX_COUNT + " numbers each in (0, " + (long) POSITION_WEIGHT_MAX + "]"),
      new Key(QUEUE_ORDER_KEY, QUEUE_ORDER_DEFAULT, "name",
          "DataNode: order within a flow, fifo or lifo (newest first: likelier still cached at the sender)"),
      new Key(RPC_ADDRESS_KEY, RPC_ADDRESS_DEFAULT, "host:port",
          "both: the Replication Manager RPC port of every DataNode (the same on all); a DataNode binds it on "
              + "this host, or on the host of dfs.datanode.address when this one is a wildcard"),
      new Key(SCAN_INTERVAL_MS_KEY, Long.toString(SCAN_INTERVAL_MS_DEFAULT), "ms",
          "NameNode: how often completed blocks are scanned for pending background copies, "
              + SCAN_INTERVAL_MS_MIN + ".." + SCAN_INTERVAL_MS_MAX + " (suffixes such as 500ms, 2s allowed)"),
      new Key(BACKGROUND_TIMEOUT_MS_KEY, Long.toString(BACKGROUND_TIMEOUT_MS_DEFAULT), "ms",
          "NameNode: after this long without its background copies a block falls back to HDFS re-replication, "
              + BACKGROUND_TIMEOUT_MS_MIN + ".." + BACKGROUND_TIMEOUT_MS_MAX + " (suffixes such as 10m, 1h allowed)"),
      new Key(PLACEMENT_DELEGATE_KEY, PLACEMENT_DELEGATE_DEFAULT, "class",
          "NameNode: the BlockPlacementPolicy that Pfimbi wraps to choose targets"),
      new Key(SWEEP_ROOTS_KEY, SWEEP_ROOTS_DEFAULT, "comma list",
          "NameNode: absolute paths of the directories whose trees are swept for files below their Pfimbi target "
              + "(when the NameNode becomes active, then every " + SWEEP_INTERVAL_MS_KEY + ")"),
      new Key(SWEEP_INTERVAL_MS_KEY, Long.toString(SWEEP_INTERVAL_MS_DEFAULT), "ms",
          "NameNode: pause between the end of one sweep and the start of the next, 0.." + SWEEP_INTERVAL_MS_MAX
              + " (0: sweep only when the NameNode becomes active; suffixes such as 10m allowed)"),
      new Key(SWEEP_ENTRIES_KEY, Integer.toString(SWEEP_ENTRIES_DEFAULT), "entries",
          "NameNode: files and directories a sweep looks at per scan, 1.." + SWEEP_ENTRIES_MAX),
      new Key(QUEUE_MAX_KEY, Integer.toString(QUEUE_MAX_DEFAULT), "notices",
          "DataNode: notices waiting per storage type before new ones are refused (the NameNode then "
              + "re-replicates with HDFS), 1.." + QUEUE_MAX_MAX),
      new Key(ABORT_ON_ERROR_KEY, Boolean.toString(ABORT_ON_ERROR_DEFAULT), "boolean",
          "both: when Pfimbi cannot start (port taken, invalid setting), stop the daemon (true) or keep it running "
              + "without Pfimbi, logged at ERROR and counted (false)"));

  /** The names of {@link #KEYS}, for the check of unknown keys. */
  public static final List<String> KEY_NAMES = KEYS.stream().map(Key::name).toList();

  private PfimbiConfig() {}

  /** Every problem with the module's keys in {@code conf}, each naming its key and allowed range. */
  public static ValidationStatus validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    checkName(conf, ACTIVITY_METRIC_KEY, ACTIVITY_METRIC_DEFAULT, ActivityMetric.values(), problems);
    ConfigValues.checkDurationMs(conf, ACTIVITY_INTERVAL_MS_KEY, ACTIVITY_INTERVAL_MS_DEFAULT,
        ACTIVITY_INTERVAL_MS_MIN, ACTIVITY_INTERVAL_MS_MAX, problems);
    checkName(conf, ACTIVITY_SOURCE_KEY, ACTIVITY_SOURCE_DEFAULT, problems);
    checkBoolean(conf, ACTIVITY_DIRTY_KEY, problems);
    checkAlpha(conf, problems);
    checkLong(conf, BUFFER_BLOCKS_KEY, BUFFER_BLOCKS_DEFAULT, 1, BUFFER_BLOCKS_MAX, problems);
    ConfigValues.checkBytes(conf, BUFFER_BYTES_KEY, BUFFER_BYTES_DEFAULT, BUFFER_BYTES_MIN, BUFFER_BYTES_MAX,
        problems);
    checkLong(conf, GUARANTEED_SHARE_KEY, GUARANTEED_SHARE_DEFAULT, 0, GUARANTEED_SHARE_MAX, problems);
    checkLong(conf, IDLE_SAMPLES_KEY, IDLE_SAMPLES_DEFAULT, 1, IDLE_SAMPLES_MAX, problems);
    checkName(conf, POSITION_MODE_KEY, POSITION_MODE_DEFAULT, PositionMode.values(), problems);
    checkPositionWeights(conf, problems);
    checkName(conf, QUEUE_ORDER_KEY, QUEUE_ORDER_DEFAULT, QueueOrder.values(), problems);
    checkAddress(conf, RPC_ADDRESS_KEY, RPC_ADDRESS_DEFAULT, problems);
    ConfigValues.checkDurationMs(conf, SCAN_INTERVAL_MS_KEY, SCAN_INTERVAL_MS_DEFAULT, SCAN_INTERVAL_MS_MIN,
        SCAN_INTERVAL_MS_MAX, problems);
    ConfigValues.checkDurationMs(conf, BACKGROUND_TIMEOUT_MS_KEY, BACKGROUND_TIMEOUT_MS_DEFAULT,
        BACKGROUND_TIMEOUT_MS_MIN, BACKGROUND_TIMEOUT_MS_MAX, problems);
    checkClassName(conf, problems);
    checkSweepRoots(conf, problems);
    ConfigValues.checkDurationMs(conf, SWEEP_INTERVAL_MS_KEY, SWEEP_INTERVAL_MS_DEFAULT, 0, SWEEP_INTERVAL_MS_MAX,
        problems);
    checkLong(conf, SWEEP_ENTRIES_KEY, SWEEP_ENTRIES_DEFAULT, 1, SWEEP_ENTRIES_MAX, problems);
    checkLong(conf, QUEUE_MAX_KEY, QUEUE_MAX_DEFAULT, 1, QUEUE_MAX_MAX, problems);
    checkBoolean(conf, ABORT_ON_ERROR_KEY, problems);
    return new ValidationStatus(problems);
  }

  /**
   * All settings; {@code conf} must be valid.
   *
   * @throws IllegalArgumentException naming every problem if it is not
   */
  public static PfimbiSettings settings(Configuration conf) {
    ValidationStatus status = validate(conf);
    if (!status.isValid()) {
      throw new IllegalArgumentException("invalid ReplicaKit Pfimbi configuration: " + status.reason());
    }
    return new PfimbiSettings(activity(conf), flow(conf), scheduler(conf), coordination(conf));
  }

  private static ActivitySettings activity(Configuration conf) {
    return new ActivitySettings(
        enumValue(ActivityMetric.class, conf.getTrimmed(ACTIVITY_METRIC_KEY, ACTIVITY_METRIC_DEFAULT)),
        ConfigValues.durationMs(conf, ACTIVITY_INTERVAL_MS_KEY, ACTIVITY_INTERVAL_MS_DEFAULT),
        doubleValue(conf, KMEANS_ALPHA_KEY, KMEANS_ALPHA_DEFAULT),
        conf.getTrimmed(ACTIVITY_SOURCE_KEY, ACTIVITY_SOURCE_DEFAULT),
        conf.getBoolean(ACTIVITY_DIRTY_KEY, ACTIVITY_DIRTY_DEFAULT));
  }

  private static void checkName(Configuration conf, String key, String def, List<String> problems) {
    String value = conf.getTrimmed(key, def);
    if (value.isEmpty()) {
      problems.add(key + " must name a counter source (e.g. oshi, testbed), was empty");
    }
  }

  private static void checkBoolean(Configuration conf, String key, List<String> problems) {
    String value = conf.getTrimmed(key);
    if (value != null && !value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      problems.add(key + " must be true or false, was '" + value + "'");
    }
  }

  private static FlowSettings flow(Configuration conf) {
    return new FlowSettings(
        (int) longValue(conf, BUFFER_BLOCKS_KEY, BUFFER_BLOCKS_DEFAULT),
        ConfigValues.bytes(conf, BUFFER_BYTES_KEY, BUFFER_BYTES_DEFAULT),
        longValue(conf, GUARANTEED_SHARE_KEY, GUARANTEED_SHARE_DEFAULT),
        (int) longValue(conf, IDLE_SAMPLES_KEY, IDLE_SAMPLES_DEFAULT),
        (int) longValue(conf, QUEUE_MAX_KEY, QUEUE_MAX_DEFAULT));
  }

  private static SchedulerSettings scheduler(Configuration conf) {
    return new SchedulerSettings(
        enumValue(PositionMode.class, conf.getTrimmed(POSITION_MODE_KEY, POSITION_MODE_DEFAULT)),
        parseWeights(conf.getTrimmed(POSITION_WEIGHTS_KEY, POSITION_WEIGHTS_DEFAULT)),
        enumValue(QueueOrder.class, conf.getTrimmed(QUEUE_ORDER_KEY, QUEUE_ORDER_DEFAULT)));
  }

  private static CoordinationSettings coordination(Configuration conf) {
    return new CoordinationSettings(
        address(conf, RPC_ADDRESS_KEY, RPC_ADDRESS_DEFAULT),
        ConfigValues.durationMs(conf, SCAN_INTERVAL_MS_KEY, SCAN_INTERVAL_MS_DEFAULT),
        ConfigValues.durationMs(conf, BACKGROUND_TIMEOUT_MS_KEY, BACKGROUND_TIMEOUT_MS_DEFAULT),
        conf.getTrimmed(PLACEMENT_DELEGATE_KEY, PLACEMENT_DELEGATE_DEFAULT),
        sweepRoots(conf),
        ConfigValues.durationMs(conf, SWEEP_INTERVAL_MS_KEY, SWEEP_INTERVAL_MS_DEFAULT),
        (int) longValue(conf, SWEEP_ENTRIES_KEY, SWEEP_ENTRIES_DEFAULT));
  }

  private static List<String> sweepRoots(Configuration conf) {
    return Arrays.stream(conf.getTrimmed(SWEEP_ROOTS_KEY, SWEEP_ROOTS_DEFAULT).split(","))
        .map(String::trim).filter(r -> !r.isEmpty()).toList();
  }

  private static void checkSweepRoots(Configuration conf, List<String> problems) {
    List<String> roots = sweepRoots(conf);
    if (roots.isEmpty() || roots.stream().anyMatch(r -> !r.startsWith("/"))) {
      problems.add(SWEEP_ROOTS_KEY + " must be a comma list of one or more absolute paths, was '"
          + conf.getTrimmed(SWEEP_ROOTS_KEY, SWEEP_ROOTS_DEFAULT) + "'");
    }
  }

  /** The configured bind address of {@code key} (host may be a wildcard, port 0 means any free port). */
  public static InetSocketAddress address(Configuration conf, String key, String def) {
    return NetUtils.createSocketAddr(conf.getTrimmed(key, def), -1, key);
  }

  private static String raw(Configuration conf, String key) {
    String raw = conf.getTrimmed(key);
    return raw == null || raw.isEmpty() ? null : raw;
  }

  private static long longValue(Configuration conf, String key, long def) {
    String raw = raw(conf, key);
    return raw == null ? def : Long.parseLong(raw);
  }

  private static double doubleValue(Configuration conf, String key, double def) {
    String raw = raw(conf, key);
    return raw == null ? def : Double.parseDouble(raw);
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
    return Enum.valueOf(type, name.toUpperCase(Locale.ROOT));
  }

  private static List<Double> parseWeights(String raw) {
    return Arrays.stream(raw.split(",", -1)).map(String::trim).map(Double::valueOf).toList();
  }

  private static void checkLong(Configuration conf, String key, long def, long min, long max,
      List<String> problems) {
    String raw = raw(conf, key);
    long value;
    try {
      value = raw == null ? def : Long.parseLong(raw);
    } catch (NumberFormatException e) {
      problems.add(key + " must be a whole number in " + min + ".." + max + ", was '" + raw + "'");
      return;
    }
    if (value < min || value > max) {
      problems.add(key + " must be in " + min + ".." + max + ", was " + value);
    }
  }

  private static void checkAlpha(Configuration conf, List<String> problems) {
    String raw = raw(conf, KMEANS_ALPHA_KEY);
    double alpha;
    try {
      alpha = raw == null ? KMEANS_ALPHA_DEFAULT : Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      alpha = Double.NaN;
    }
    if (!(alpha > 0 && alpha <= 1)) {
      problems.add(KMEANS_ALPHA_KEY + " must be a number in (0, 1], was '" + raw + "'");
    }
  }

  private static void checkName(Configuration conf, String key, String def, Enum<?>[] allowed,
      List<String> problems) {
    String name = conf.getTrimmed(key, def);
    List<String> names = Arrays.stream(allowed).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
    if (!names.contains(name.toLowerCase(Locale.ROOT))) {
      problems.add(key + " must be one of " + names + ", was '" + name + "'");
    }
  }

  private static void checkPositionWeights(Configuration conf, List<String> problems) {
    String raw = conf.getTrimmed(POSITION_WEIGHTS_KEY, POSITION_WEIGHTS_DEFAULT);
    String allowed = "a comma list of 1.." + POSITION_WEIGHTS_MAX_COUNT + " numbers each in (0, "
        + (long) POSITION_WEIGHT_MAX + "]";
    String[] parts = raw.split(",", -1);
    if (parts.length > POSITION_WEIGHTS_MAX_COUNT) {
      problems.add(POSITION_WEIGHTS_KEY + " must be " + allowed + ", had " + parts.length + " entries");
      return;
    }
    for (String part : parts) {
      if (!validWeight(part.trim())) {
        problems.add(POSITION_WEIGHTS_KEY + " must be " + allowed + ", was '" + raw + "'");
        return;
      }
    }
  }

  private static boolean validWeight(String text) {
    try {
      double w = Double.parseDouble(text);
      return w > 0 && w <= POSITION_WEIGHT_MAX;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static void checkAddress(Configuration conf, String key, String def, List<String> problems) {
    String raw = conf.getTrimmed(key, def);
    try {
      InetSocketAddress address = NetUtils.createSocketAddr(raw, -1, key);
      if (address.getPort() < 1 || address.getPort() > 65535) {
        problems.add(key + " must be host:port with a port in 1..65535, was '" + raw + "'");
      }
    } catch (IllegalArgumentException e) {
      problems.add(key + " must be host:port with a port in 1..65535, was '" + raw + "'");
    }
  }

  private static void checkClassName(Configuration conf, List<String> problems) {
    String name = conf.getTrimmed(PLACEMENT_DELEGATE_KEY, PLACEMENT_DELEGATE_DEFAULT);
    if (!CLASS_NAME.matcher(name).matches()) {
      problems.add(PLACEMENT_DELEGATE_KEY + " must be a fully qualified Java class name, was '" + name + "'");
    }
  }
}
