/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.pfimbi.activity.ActivityMetric;
import io.replicakit.pfimbi.sched.PositionMode;
import io.replicakit.pfimbi.sched.QueueOrder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * Every configuration key of the Pfimbi module, declared once. The module reads a {@link Configuration} only here:
 * {@link #validate} lists what is wrong with it, {@link #settings} turns a valid one into the records the rest of
 * the module receives.
 */
public final class PfimbiConfig {

  public static final String PREFIX = "replicakit.pfimbi.";

  /**
   * The extended attribute holding a file's {@code PfimbiSpec} (not a configuration key). The {@code user.}
   * namespace lets any client that may write the file set it.
   */
  public static final String XATTR = "user.replicakit.pfimbi";

  private static final Pattern CLASS_NAME =
      Pattern.compile("([\\p{L}_$][\\p{L}\\p{N}_$]*\\.)*[\\p{L}_$][\\p{L}\\p{N}_$]*");
  private static final long WEEK_MS = 7L * 24 * 3_600_000;

  public static final ConfigKey<ActivityMetric> ACTIVITY_METRIC = ConfigKey.choice(PREFIX + "activity.metric",
      ActivityMetric.MEMDISK).readBy("DataNode")
      .doc("Disk activity measure (thesis §4.2.2, §4.6.1): `latency` (mean I/O wait, ms) or `memdisk` (device "
          + "read+write bytes/s plus the growth of dirty page-cache data, less the manager's own background "
          + "writes).");

  public static final ConfigKey<Long> ACTIVITY_INTERVAL = ConfigKey.durationMs(PREFIX + "activity.interval.ms",
      100, 10, 60_000).readBy("DataNode").doc("Activity sampling period; one k-means sample per period.");

  public static final ConfigKey<String> ACTIVITY_SOURCE = ConfigKey.string(PREFIX + "activity.source", "oshi",
      "a counter source's name (e.g. oshi, testbed)", name -> !name.isEmpty()).unit("name").readBy("DataNode")
      .doc("Source of per-volume disk counters, a registered `SourceProvider`: `oshi` (real disks) or `testbed` "
          + "(emulated devices).");

  public static final ConfigKey<Boolean> ACTIVITY_DIRTY = ConfigKey.bool(PREFIX + "activity.dirty", true)
      .readBy("DataNode")
      .doc("Add the host's dirty page-cache growth to MemDisk: Linux's `/proc/meminfo`, or the counter source's own "
          + "figure where it models the host's memory (`testbed`: each emulated node's write-back, 0 when it writes "
          + "through).");

  public static final ConfigKey<Double> KMEANS_ALPHA = ConfigKey.fraction(PREFIX + "kmeans.alpha", 0.1)
      .unit("fraction").readBy("DataNode").doc("Weight of a new sample in its cluster centre (Algorithm 1's α).");

  public static final ConfigKey<Long> BUFFER_BLOCKS = ConfigKey.whole(PREFIX + "buffer.blocks", 16, 1, 4096)
      .unit("blocks").readBy("DataNode").doc("Credit buffer per storage type, in blocks (thesis §5 default).");

  public static final ConfigKey<Long> BUFFER_BYTES = ConfigKey.bytes(PREFIX + "buffer.bytes", 1L << 30, 1L << 20,
      1L << 40).readBy("DataNode")
      .doc("The same buffer's byte cap (1 MiB..1 TiB). A block larger than the cap is admitted only into an empty "
          + "buffer.");

  public static final ConfigKey<Long> GUARANTEED_SHARE = ConfigKey.whole(PREFIX + "guaranteed.share.foreground"
      + ".blocks", 8, 0, 1_000_000).unit("blocks").readBy("DataNode")
      .doc("After this many foreground blocks one background block is written even on a busy disk (§4.2.4); 0 "
          + "turns it off.");

  public static final ConfigKey<Long> IDLE_SAMPLES = ConfigKey.whole(PREFIX + "idle.samples", 3, 1, 1000)
      .unit("samples").readBy("DataNode")
      .doc("Consecutive idle activity samples before a background block is written; 1 is the thesis's rule. A "
          + "background block holds the disk for its whole length, so starting one in the short gap between a "
          + "foreground writer's blocks delays that writer; a short streak filters those gaps.");

  public static final ConfigKey<PositionMode> POSITION_MODE = ConfigKey.choice(PREFIX + "wfq.position.mode",
      PositionMode.STRICT).readBy("DataNode")
      .doc("`strict`: an earlier pipeline position is always served first; `weighted`: positions share by "
          + "`wfq.position.weights` (§4.3).");

  public static final ConfigKey<List<Double>> POSITION_WEIGHTS = ConfigKey.of(PREFIX + "wfq.position.weights",
      List.of(100.0, 10.0, 1.0), new PositionWeights()).unit("list").readBy("DataNode")
      .doc("Weights of positions 2, 3, ... (later positions take the last).");

  public static final ConfigKey<QueueOrder> QUEUE_ORDER = ConfigKey.choice(PREFIX + "queue.order", QueueOrder.FIFO)
      .readBy("DataNode")
      .doc("Order within a flow: `fifo`, or `lifo` (newest first: likelier still in the sender's page cache, "
          + "§4.6.2).");

  /**
   * One port for every DataNode's Replication Manager: the NameNode and upstream managers reach a DataNode's at
   * its registered IP and this port, so no registration round trip is needed.
   */
  public static final ConfigKey<InetSocketAddress> RPC_ADDRESS = ConfigKey.address(PREFIX + "rpc.address",
      "0.0.0.0:9875", 1).readBy("both")
      .doc("The Replication Manager RPC port, the same on every DataNode (the NameNode and upstream DataNodes reach "
          + "a DataNode at its registered IP and this port). A DataNode binds this host, or its "
          + "`dfs.datanode.address` host when this one is a wildcard.");

  public static final ConfigKey<Long> SCAN_INTERVAL = ConfigKey.durationMs(PREFIX + "scan.interval.ms", 500, 10,
      3_600_000).readBy("NameNode")
      .doc("How often the coordinator looks at the files that allocated blocks and at the background pipelines in "
          + "flight.");

  public static final ConfigKey<Long> BACKGROUND_TIMEOUT = ConfigKey.durationMs(PREFIX + "background.timeout.ms",
      600_000, 1_000, WEEK_MS).readBy("NameNode")
      .doc("A block still short of its copies after this long makes its file fall back to HDFS re-replication "
          + "(§4.4). Blocks a DataNode reports failed (status call) fall back at once.");

  public static final ConfigKey<Long> REPORT_WAIT = ConfigKey.durationMs(PREFIX + "block.report.wait.ms", 120_000,
      0, WEEK_MS).readBy("NameNode")
      .doc("While a live DataNode has not sent this NameNode its block report (since the NameNode became active or "
          + "the DataNode registered), the coordinator starts no copies and falls back no file, for at most this "
          + "long: its replicas, background copies that landed before a restart or failover among them, are unknown "
          + "until then, and copies or re-replications sent to a DataNode that already holds the block fail. "
          + "0: never wait.");

  public static final ConfigKey<String> PLACEMENT_DELEGATE = ConfigKey.string(PREFIX + "placement.delegate",
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault",
      "a fully qualified Java class name", name -> CLASS_NAME.matcher(name).matches()).unit("class")
      .readBy("NameNode")
      .doc("The placement policy the wrapper delegates to: it places every replica, background ones included. Any "
          + "`BlockPlacementPolicy` but the wrapper itself.");

  public static final ConfigKey<Long> PLACEMENT_CHOICES = ConfigKey.whole(PREFIX + "placement.choices", 2, 1, 8)
      .unit("answers").readBy("NameNode")
      .doc("Answers of the placement policy asked per block for its background targets; the coordinator keeps the "
          + "one whose targets have the fewest background bytes still to land (two choices, as HDFS's "
          + "`AvailableSpaceBlockPlacementPolicy` does for free space). 1: the policy's only answer, as in the "
          + "thesis.");

  public static final ConfigKey<List<String>> SWEEP_ROOTS = ConfigKey.of(PREFIX + "sweep.roots", List.of("/"),
      new SweepRoots()).unit("list").readBy("NameNode")
      .doc("Absolute paths whose trees the coordinator sweeps for files below their Pfimbi target (after a "
          + "restart, a failover, or a write it missed); each one found is replicated and counted in "
          + "`FilesRecovered`.");

  public static final ConfigKey<Long> SWEEP_INTERVAL = ConfigKey.durationMs(PREFIX + "sweep.interval.ms", 600_000,
      0, WEEK_MS).readBy("NameNode")
      .doc("Pause between the end of one sweep and the start of the next; a sweep also starts whenever the "
          + "NameNode becomes active. 0: only then.");

  public static final ConfigKey<Long> SWEEP_ENTRIES = ConfigKey.whole(PREFIX + "sweep.entries.per.scan", 10_000, 1,
      1_000_000).unit("entries").readBy("NameNode")
      .doc("Files and directories a sweep looks at per coordinator round (under the namespace read lock, one "
          + "directory page at a time).");

  public static final ConfigKey<Long> MAX_TRACKED = ConfigKey.whole(PREFIX + "max.tracked.files", 10_000, 1,
      1_000_000).unit("files").readBy("NameNode")
      .doc("Files the coordinator follows at once (each costs two namespace calls per round). A file written or "
          + "found by a sweep beyond them is raised to its target at once and replicated by HDFS (counted in "
          + "`FilesFellBack`): after an outage a sweep can find far more files below target than copies can be "
          + "flow-controlled.");

  public static final ConfigKey<Long> QUEUE_MAX = ConfigKey.whole(PREFIX + "queue.max.notices", 10_000, 1,
      10_000_000).unit("notices").readBy("DataNode")
      .doc("Notices a Replication Manager (per storage type) holds waiting for a buffer credit; beyond it a notice "
          + "is refused with the reason \"queue is full\" and the NameNode re-replicates that block with HDFS.");

  public static final ConfigKey<Long> FOREGROUND_WINDOW = ConfigKey.durationMs(PREFIX + "foreground.window.ms",
      10_000, 0, WEEK_MS).readBy("DataNode")
      .doc("For this long after an activity sample above the learned threshold (foreground writers at work), "
          + "background copies are synced to disk as they are stored (their last packet carries HDFS's sync flag, "
          + "as `hsync` does) and wait while the host's dirty data is above its background threshold, so they "
          + "leave no dirty data for returning writers to wait behind; after it they are written like any other "
          + "write. 0: no window: copies are never synced and always wait on dirty data (with "
          + "`activity.dirty`).");

  public static final ConfigKey<Boolean> ABORT_ON_ERROR = ConfigKey.bool(PREFIX + "abort.on.error", false)
      .readBy("both")
      .doc("When a Pfimbi plugin cannot start (Replication Manager port taken, invalid value): `false` keeps the "
          + "daemon running without Pfimbi (ERROR line, `ReplicaKitPluginStartup` counter); `true` stops the "
          + "daemon.");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("pfimbi-datanode", PREFIX, "Pfimbi", List.of(ACTIVITY_METRIC,
      ACTIVITY_INTERVAL, ACTIVITY_SOURCE, ACTIVITY_DIRTY, KMEANS_ALPHA, BUFFER_BLOCKS, BUFFER_BYTES,
      GUARANTEED_SHARE, IDLE_SAMPLES, POSITION_MODE, POSITION_WEIGHTS, QUEUE_ORDER, RPC_ADDRESS, SCAN_INTERVAL,
      BACKGROUND_TIMEOUT, REPORT_WAIT, PLACEMENT_DELEGATE, PLACEMENT_CHOICES, SWEEP_ROOTS, SWEEP_INTERVAL,
      SWEEP_ENTRIES, MAX_TRACKED, QUEUE_MAX, FOREGROUND_WINDOW, ABORT_ON_ERROR));

  public static final String ACTIVITY_METRIC_KEY = ACTIVITY_METRIC.name();
  public static final String ACTIVITY_INTERVAL_MS_KEY = ACTIVITY_INTERVAL.name();
  public static final String ACTIVITY_SOURCE_KEY = ACTIVITY_SOURCE.name();
  public static final String ACTIVITY_DIRTY_KEY = ACTIVITY_DIRTY.name();
  public static final String KMEANS_ALPHA_KEY = KMEANS_ALPHA.name();
  public static final String BUFFER_BLOCKS_KEY = BUFFER_BLOCKS.name();
  public static final String BUFFER_BYTES_KEY = BUFFER_BYTES.name();
  public static final String GUARANTEED_SHARE_KEY = GUARANTEED_SHARE.name();
  public static final String IDLE_SAMPLES_KEY = IDLE_SAMPLES.name();
  public static final String POSITION_MODE_KEY = POSITION_MODE.name();
  public static final String POSITION_WEIGHTS_KEY = POSITION_WEIGHTS.name();
  public static final String QUEUE_ORDER_KEY = QUEUE_ORDER.name();
  public static final String RPC_ADDRESS_KEY = RPC_ADDRESS.name();
  public static final String RPC_ADDRESS_DEFAULT = RPC_ADDRESS.literalDefault().orElseThrow();
  public static final String SCAN_INTERVAL_MS_KEY = SCAN_INTERVAL.name();
  public static final String BACKGROUND_TIMEOUT_MS_KEY = BACKGROUND_TIMEOUT.name();
  public static final String REPORT_WAIT_MS_KEY = REPORT_WAIT.name();
  public static final String PLACEMENT_DELEGATE_KEY = PLACEMENT_DELEGATE.name();
  public static final String PLACEMENT_CHOICES_KEY = PLACEMENT_CHOICES.name();
  public static final String SWEEP_ROOTS_KEY = SWEEP_ROOTS.name();
  public static final String SWEEP_INTERVAL_MS_KEY = SWEEP_INTERVAL.name();
  public static final String SWEEP_ENTRIES_KEY = SWEEP_ENTRIES.name();
  public static final String MAX_TRACKED_KEY = MAX_TRACKED.name();
  public static final String QUEUE_MAX_KEY = QUEUE_MAX.name();
  public static final String FOREGROUND_WINDOW_MS_KEY = FOREGROUND_WINDOW.name();
  public static final String ABORT_ON_ERROR_KEY = ABORT_ON_ERROR.name();

  private PfimbiConfig() {}

  /** Every problem with the module's keys in {@code conf}, each naming its key and allowed range. */
  public static ValidationStatus validate(Configuration conf) {
    return KEYS.validate(conf);
  }

  /**
   * All settings; {@code conf} must be valid.
   *
   * @throws IllegalArgumentException naming every problem if it is not
   */
  public static PfimbiSettings settings(Configuration conf) {
    KEYS.requireValid(conf);
    return new PfimbiSettings(activity(conf), flow(conf), scheduler(conf), coordination(conf));
  }

  private static ActivitySettings activity(Configuration conf) {
    return new ActivitySettings(ACTIVITY_METRIC.get(conf), ACTIVITY_INTERVAL.get(conf), KMEANS_ALPHA.get(conf),
        ACTIVITY_SOURCE.get(conf), ACTIVITY_DIRTY.get(conf));
  }

  private static FlowSettings flow(Configuration conf) {
    return new FlowSettings(Math.toIntExact(BUFFER_BLOCKS.get(conf)), BUFFER_BYTES.get(conf),
        GUARANTEED_SHARE.get(conf), Math.toIntExact(IDLE_SAMPLES.get(conf)), Math.toIntExact(QUEUE_MAX.get(conf)),
        FOREGROUND_WINDOW.get(conf));
  }

  private static SchedulerSettings scheduler(Configuration conf) {
    return new SchedulerSettings(POSITION_MODE.get(conf), POSITION_WEIGHTS.get(conf), QUEUE_ORDER.get(conf));
  }

  /**
   * The NameNode's {@code dfs.replication.max}: HDFS's key, not the module's, read here with the module's own so
   * that the module reads a {@link Configuration} in one place. A Pfimbi target above it is refused before any copy.
   */
  public static int nameNodeMaxReplication(Configuration conf) {
    return conf.getInt(DFSConfigKeys.DFS_REPLICATION_MAX_KEY, DFSConfigKeys.DFS_REPLICATION_MAX_DEFAULT);
  }

  private static CoordinationSettings coordination(Configuration conf) {
    return new CoordinationSettings(RPC_ADDRESS.get(conf), SCAN_INTERVAL.get(conf), BACKGROUND_TIMEOUT.get(conf),
        REPORT_WAIT.get(conf), PLACEMENT_DELEGATE.get(conf), Math.toIntExact(PLACEMENT_CHOICES.get(conf)),
        new SweepSettings(SWEEP_ROOTS.get(conf), SWEEP_INTERVAL.get(conf), Math.toIntExact(SWEEP_ENTRIES.get(conf))),
        Math.toIntExact(MAX_TRACKED.get(conf)));
  }
}
