/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import io.replicakit.read.policy.CombinedPolicy;
import io.replicakit.read.policy.DrrBalance;
import io.replicakit.read.policy.DrrSettings;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.policy.ReadSettings;
import io.replicakit.read.policy.ScoreModel;
import io.replicakit.read.policy.StorageModel;
import io.replicakit.read.policy.VolumeBooking;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;

/**
 * Every configuration key of read selection, declared once. {@link #validate} lists what is wrong with a
 * configuration, each problem naming its key and allowed range; {@link #settings} turns a valid one into the
 * {@link ReadSettings} the policies receive.
 */
public final class ReadSelectionConfig {

  public static final String PREFIX = "replicakit.read.";

  public static final String POLICY_DEFAULT = "network-distance";
  public static final ConfigKey<String> POLICY = ConfigKey.string(PREFIX + "policy", POLICY_DEFAULT,
      "one of " + ReadPolicies.NAMES + " or a ReadPolicy class name", ReadPolicies::isKnown).unit("name")
      .doc("How replicas are ordered for reads: `network-distance` (HDFS's own code), `storage-type`, `wrr`, "
          + "`drr`, `system-state`, `combined`, or the class name of your own `ReadPolicy`.");

  public static final String THROUGHPUT_PREFIX = PREFIX + "throughput.mbps.";
  /** The read paper's measured devices (§4.1): SSD 300 MB/s, HDD 60 MB/s; the others scaled alike. */
  public static final StorageSpeeds THROUGHPUT_DEFAULTS = StorageSpeeds.of(perType(1000, 300, 60, 30, 60, 1000,
      Throughput::mbPerSec));
  private static final Map<StorageType, ConfigKey<Throughput>> THROUGHPUT = throughputKeys();

  public static final ConfigKey<Throughput> INTRA_RACK = ConfigKey.throughputOrZero(
      PREFIX + "bandwidth.intra-rack.mbps", Throughput.mbPerSec(1250), Throughput.Unit.MB_PER_SEC) // 10 Gb/s
      .doc("Bandwidth between nodes of a rack (10 Gb/s); a fast replica in the reader's rack is preferred only if "
          + "this exceeds the slow storage's throughput (read paper §3.1 rule 2).");
  /** 0: the paper's rule 3, across racks read the closest replica. */
  public static final ConfigKey<Throughput> INTER_RACK = ConfigKey.throughputOrZero(
      PREFIX + "bandwidth.inter-rack.mbps", Throughput.ZERO, Throughput.Unit.MB_PER_SEC)
      .doc("Bandwidth between racks; 0 keeps the paper's rule 3 (in another rack, read the closest replica). Set "
          + "it when uplinks carry more than slow storage delivers.");

  public static final ConfigKey<Double> WRR_WEIGHT = ConfigKey.positive(PREFIX + "wrr.weight", Double.NaN)
      .unit("reads").defaultDoc("(fast/slow throughput)")
      .doc("WRR: fast reads per slow read; unset, derived per block from the throughputs (eq. 1). Also DRR's "
          + "starting weight.");

  private static final String DFS_BLOCK_SIZE = "dfs.blocksize";

  public static final String DRR_THRESHOLD_PREFIX = PREFIX + "drr.threshold.pct.";
  /** SSD 80 %, DISK 50 %: the utilizations of the paper's best static weight (7, Fig. 5). */
  private static final Map<StorageType, Double> DRR_THRESHOLD_DEFAULTS = perType(80, 80, 50, 50, 50, 80, d -> d);
  private static final Map<StorageType, ConfigKey<Double>> THRESHOLD = thresholdKeys();
  public static final ConfigKey<Double> DRR_STEP = ConfigKey.positive(PREFIX + "drr.weight.step", 1)
      .unit("weight").doc("How much one DRR adjustment moves the weight.");
  public static final ConfigKey<Double> DRR_MIN = ConfigKey.positive(PREFIX + "drr.weight.min", 1)
      .unit("weight").doc("Lowest DRR weight.");
  public static final ConfigKey<Double> DRR_MAX = ConfigKey.positive(PREFIX + "drr.weight.max", 20).atLeast(DRR_MIN)
      .unit("weight").doc("Highest DRR weight (the paper's sweep ends at 20, Fig. 5).");
  public static final ConfigKey<Long> DRR_INTERVAL = ConfigKey.durationMs(PREFIX + "drr.interval.ms", 3000, 100,
      3_600_000).doc("At most one DRR adjustment per period, on samples newer than the last one used.");
  public static final ConfigKey<Double> DRR_IDLE = ConfigKey.number(PREFIX + "drr.idle.pct", 10, 0, 100).unit("%")
      .doc("DRR keeps its weight while no storage type is busier than this on average: samples of idle devices "
          + "say nothing about how to split reads (0: every sample moves it, as in the paper).");
  public static final ConfigKey<DrrBalance> DRR_BALANCE = ConfigKey.choice(PREFIX + "drr.balance", DrrBalance.VOLUME)
      .doc("What DRR's weight divides reads between: `class`, the paper's turns of fast and slow storage; "
          + "`volume`, each block to the replica whose volume would read it first given what every volume was "
          + "already sent, fast volumes counted weight times as fast (the same split, no volume overloaded). "
          + "`combined` follows it: by volume among the replicas its node state keeps, or turns by class.");
  /** At most 1 TiB: far above HDFS's own limit (32 GiB), far from overflowing a read's time in microseconds. */
  public static final ConfigKey<Long> DRR_BLOCK_BYTES = ConfigKey.bytes(PREFIX + "drr.block.bytes", 128L << 20, 1,
      1L << 40).defaultFrom(c -> c.getLongBytes(DFS_BLOCK_SIZE, 128L << 20), "`dfs.blocksize` (128 MiB)")
      .doc("DRR by volume: the size of a block read, for each volume's read times (the policy does not see "
          + "blocks' lengths).");
  public static final ConfigKey<Boolean> DRR_SEQUENTIAL = ConfigKey.bool(PREFIX + "drr.listing.sequential", true)
      .doc("DRR by volume: a listing's blocks are read one after another by its client (HDFS's input stream lists "
          + "`dfs.client.read.prefetch.size` at a time), so each block's read is booked from when the block before "
          + "it would end; false books every block of a listing from the time it is listed (readers that fetch a "
          + "listing's blocks in parallel).");
  public static final ConfigKey<Boolean> DRR_READER_LINKS = ConfigKey.bool(PREFIX + "drr.reader.links", false)
      .doc("DRR by volume, for readers on DataNodes: also book each read from another node on the reader's own "
          + "link, at its path's bandwidth (`bandwidth.intra-rack.mbps` in the reader's rack, `inter-rack` beyond), "
          + "and read a replica behind a link slower than slow storage while the reader's own devices are busier "
          + "than the link (the network rules 2 and 3 compare one stream with one device; with many readers on "
          + "a node its devices and its link work in parallel). Needs those bandwidths to be the links' real "
          + "rates; a path told 0 is never read over. Measured with `drr.listing.sequential` false (many readers "
          + "per node): docs/experiments/read-selection.md.");

  /** HDFS's input stream lists ten blocks' length at a time: at most 11 blocks when it starts inside a block. */
  public static final long LISTING_READ_BLOCKS_DEFAULT = 11;
  public static final ConfigKey<Long> LISTING_READ_BLOCKS = ConfigKey.whole(PREFIX + "listing.read.blocks",
      LISTING_READ_BLOCKS_DEFAULT, 1, 1_000_000).unit("blocks")
      .doc("Blocks of one `getBlockLocations` call that policies record as reads (DRR's bookings, WRR's and DRR's "
          + "turns, the blocks system-state counts against a volume): HDFS's input stream lists "
          + "`dfs.client.read.prefetch.size` bytes at a time (ten of the client's `dfs.blocksize`), at most 11 "
          + "blocks of a file with that block size. The rest of a longer listing (a job planner's "
          + "`getFileBlockLocations`, a file checksum, a WebHDFS lookup) is ordered but not recorded: no one reads "
          + "it from that listing. Raise it with the clients' prefetch, or when they read files whose blocks are "
          + "smaller than their own `dfs.blocksize` (a 1.28 GB prefetch lists 20 blocks of 64 MiB).");

  public static final String SCORE_PREFIX = PREFIX + "score.points.";
  private static final Map<String, ConfigKey<Double>> SCORE = scoreKeys();
  public static final ConfigKey<Double> AWAIT_REFERENCE = ConfigKey.positive(PREFIX + "score.await.reference.ms",
      100).unit("ms").doc("Await at which the await points reach 0.");
  public static final ConfigKey<Double> IO_REFERENCE = ConfigKey.positive(PREFIX + "score.io.reference.kbps",
      2785).unit("kB/s").doc("Read or write rate at which their points reach 0: the hotspot paper's 2.72 MB/s "
          + "(§III).");
  /** A quarter point: about the noise between two quiet nodes' scores (one CPU-idle band). */
  public static final ConfigKey<Double> ASSIGNMENT_PENALTY = ConfigKey.number(PREFIX + "score.assignment.penalty",
      0.25, 0, 10).unit("points")
      .doc("Points a volume's score loses for each block put first on it since its DataNode's latest sample, up "
          + "to the volume's remaining read points. It orders the replicas after the first (the first is drawn: "
          + "`replicakit.read.score.margin`), and all of them with margin 0, where it is what spreads readers "
          + "between two samples. 0 turns it off.");
  /** Half the write points: a node whose disk another tenant's writes saturate (all of them lost) is left out. */
  public static final ConfigKey<Double> MARGIN = ConfigKey.number(PREFIX + "score.margin", 0.5, 0, 10)
      .unit("points")
      .doc("`system-state`, `combined`: a replica whose DataNode has more than this many fewer points for load "
          + "from elsewhere (idle CPU, free memory, writes) than the best one's is not read first. Among the rest "
          + "`system-state` (and `combined` with `drr.balance=class`) draws the closest at random, in proportion "
          + "to its volume's headroom; `combined` by volume reads the one DRR's calendar would finish first. 0 is "
          + "the paper's strict highest-score-first order, with no draw; `combined` by volume refuses 0 (it would "
          + "keep only the best node's replicas and send it every block until its next sample); a margin smaller "
          + "than the points quiet nodes differ by does much the same.");
  /** C3's cubic (NSDI 2015, §4): a volume twice as queued gets an eighth of the blocks. */
  public static final ConfigKey<Double> QUEUE_EXPONENT = ConfigKey.number(PREFIX + "score.queue.exponent", 3, 0,
      8).doc("`system-state`, `combined` by class: a replica is drawn first with a weight of "
          + "1 / (1 + q + os)^exponent, q its volume's sampled queue length, os the blocks put first on the volume "
          + "since that sample. 0 draws uniformly.");
  /**
   * More than the largest distance difference (1.4) plus what blocks assigned since a sample can take (the read
   * points, 1), less than what a stressed node loses (up to 6.5).
   */
  public static final ConfigKey<Double> CLASS_BONUS = ConfigKey.number(PREFIX + "combined.class.bonus", 2.5, 0,
      100).unit("points")
      .doc("`combined` with `drr.balance=class`: points added to the replicas of the storage class whose "
          + "round-robin turn it is; more than the largest distance difference (1.4) plus the assignment penalty's "
          + "cap (the read points, 1).");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("read-selection", PREFIX, "read-selection", allKeys());

  public static final String POLICY_KEY = POLICY.name();
  public static final String INTRA_RACK_KEY = INTRA_RACK.name();
  public static final String INTER_RACK_KEY = INTER_RACK.name();
  public static final String WRR_WEIGHT_KEY = WRR_WEIGHT.name();
  public static final String DRR_STEP_KEY = DRR_STEP.name();
  public static final String DRR_MIN_KEY = DRR_MIN.name();
  public static final String DRR_MAX_KEY = DRR_MAX.name();
  public static final String DRR_INTERVAL_KEY = DRR_INTERVAL.name();
  public static final String DRR_BALANCE_KEY = DRR_BALANCE.name();
  public static final String AWAIT_REFERENCE_KEY = AWAIT_REFERENCE.name();
  public static final String IO_REFERENCE_KEY = IO_REFERENCE.name();
  public static final String ASSIGNMENT_PENALTY_KEY = ASSIGNMENT_PENALTY.name();
  public static final String MARGIN_KEY = MARGIN.name();
  public static final String CLASS_BONUS_KEY = CLASS_BONUS.name();

  private ReadSelectionConfig() {}

  /** The key of one storage type's read throughput, in MB/s. */
  public static ConfigKey<Throughput> throughput(StorageType type) {
    return THROUGHPUT.get(type);
  }

  public static String throughputKey(StorageType type) {
    return throughput(type).name();
  }

  public static String thresholdKey(StorageType type) {
    return THRESHOLD.get(type).name();
  }

  public static String scoreKey(String part) {
    return SCORE.get(part).name();
  }

  /**
   * The settings that give the policies' storage model {@code speeds}, each in its key's unit: an embedded
   * cluster's read settings from the speeds of its emulated devices.
   */
  public static Map<String, String> throughputSettings(StorageSpeeds speeds) {
    Map<String, String> settings = new LinkedHashMap<>();
    speeds.asMap().forEach((type, speed) -> settings.put(throughputKey(type), throughput(type).text(speed)));
    return settings;
  }

  /**
   * Every problem with the module's keys in {@code conf}, each naming its key and allowed range: each key alone,
   * then the values that are allowed alone but not together.
   */
  public static ValidationStatus validate(Configuration conf) {
    List<String> problems = new ArrayList<>(KEYS.validate(conf).problems());
    if (problems.isEmpty()) {
      marginForCombinedByVolume(conf).ifPresent(problems::add);
    }
    return new ValidationStatus(problems);
  }

  /**
   * Margin 0 with {@code combined} by volume, which the key's range allows for the other policies. There the margin
   * only leaves replicas out (what its calendar chooses among), and at 0 it keeps only the replicas on the nodes
   * with exactly the best points for load from elsewhere. Free-memory points are continuous, so that is usually one
   * node, and every block with a replica there goes to it until its next sample, whatever the calendar says. The
   * other policies read 0 as "no draw" and order by the full score, which counts each block assigned; {@code drr}
   * does not read the margin.
   */
  private static Optional<String> marginForCombinedByVolume(Configuration conf) {
    boolean combinedByVolume = POLICY.get(conf).equalsIgnoreCase(CombinedPolicy.NAME)
        && DRR_BALANCE.get(conf) == DrrBalance.VOLUME;
    if (!combinedByVolume || MARGIN.get(conf) > 0) {
      return Optional.empty();
    }
    return Optional.of(MARGIN.name() + " must be in (0, 10] with " + POLICY.name() + "=" + CombinedPolicy.NAME
        + " and " + DRR_BALANCE.name() + "=volume, was " + conf.getTrimmed(MARGIN.name()) + ": 0 keeps only the "
        + "replicas on the nodes with the very best points, usually one node, which then gets every block until "
        + "its next sample");
  }

  /**
   * The policies' settings.
   *
   * @throws IllegalArgumentException listing every problem, each naming its key, when {@code conf} is invalid
   */
  public static ReadSettings settings(Configuration conf) {
    ValidationStatus status = validate(conf);
    if (!status.isValid()) {
      throw new IllegalArgumentException("invalid ReplicaKit read-selection configuration: " + status.reason());
    }
    Map<StorageType, Throughput> throughput = new EnumMap<>(StorageType.class);
    Map<String, Double> thresholds = new HashMap<>();
    for (StorageType type : StorageType.values()) {
      throughput.put(type, THROUGHPUT.get(type).get(conf));
      thresholds.put(type.name(), THRESHOLD.get(type).get(conf));
    }
    StorageModel storage = new StorageModel(StorageSpeeds.of(throughput), INTRA_RACK.get(conf),
        INTER_RACK.get(conf));
    DrrSettings drr = new DrrSettings(thresholds, DRR_STEP.get(conf), DRR_MIN.get(conf), DRR_MAX.get(conf),
        DRR_INTERVAL.get(conf), DRR_IDLE.get(conf), DRR_BALANCE.get(conf), new VolumeBooking(DRR_BLOCK_BYTES.get(conf),
            DRR_SEQUENTIAL.get(conf), DRR_READER_LINKS.get(conf)));
    ScoreModel.Points points = new ScoreModel.Points(score(conf, "local"), score(conf, "rack"),
        score(conf, "remote"), score(conf, "cpu"), score(conf, "memory"), score(conf, "await"), score(conf, "read"),
        score(conf, "write"));
    ScoreModel score = new ScoreModel(points, AWAIT_REFERENCE.get(conf), IO_REFERENCE.get(conf),
        ASSIGNMENT_PENALTY.get(conf), MARGIN.get(conf), QUEUE_EXPONENT.get(conf));
    Double weight = WRR_WEIGHT.get(conf);
    String policy = POLICY.get(conf);
    String builtIn = policy.toLowerCase(Locale.ROOT);
    return new ReadSettings(ReadPolicies.NAMES.contains(builtIn) ? builtIn : policy, storage,
        weight == null ? Double.NaN : weight, drr, score, CLASS_BONUS.get(conf));
  }

  private static double score(Configuration conf, String part) {
    return SCORE.get(part).get(conf);
  }

  private static <V> Map<StorageType, V> perType(double ramDisk, double ssd, double disk, double archive,
      double provided, double nvdimm, java.util.function.DoubleFunction<V> as) {
    Map<StorageType, V> m = new EnumMap<>(StorageType.class);
    m.put(StorageType.RAM_DISK, as.apply(ramDisk));
    m.put(StorageType.SSD, as.apply(ssd));
    m.put(StorageType.DISK, as.apply(disk));
    m.put(StorageType.ARCHIVE, as.apply(archive));
    m.put(StorageType.PROVIDED, as.apply(provided));
    m.put(StorageType.NVDIMM, as.apply(nvdimm));
    return m;
  }

  private static Map<StorageType, ConfigKey<Throughput>> throughputKeys() {
    Map<StorageType, String> notes = Map.of(StorageType.SSD, "; the read paper's measured SSD (§4.1)",
        StorageType.DISK, "; the read paper's HDD (§4.1)");
    Map<StorageType, ConfigKey<Throughput>> keys = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      keys.put(type, ConfigKey.throughput(THROUGHPUT_PREFIX + lower(type), THROUGHPUT_DEFAULTS.get(type),
          Throughput.Unit.MB_PER_SEC).doc("Maximum read throughput of one " + type + " volume"
              + notes.getOrDefault(type, "") + "."));
    }
    return keys;
  }

  private static Map<StorageType, ConfigKey<Double>> thresholdKeys() {
    Map<StorageType, String> notes = Map.of(StorageType.SSD, " (the paper's best static weight ran SSD at 80 %)",
        StorageType.DISK, " (DISK at 50 % in the same run)");
    Map<StorageType, ConfigKey<Double>> keys = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      keys.put(type, ConfigKey.number(DRR_THRESHOLD_PREFIX + lower(type), DRR_THRESHOLD_DEFAULTS.get(type), 0, 100)
          .unit("%").doc("DRR: below this average utilization, " + type + " gets more reads"
              + notes.getOrDefault(type, "") + "."));
    }
    return keys;
  }

  /** The hotspot score's maximum points per part (paper Table I), in {@link ScoreModel.Points}' order. */
  private static Map<String, ConfigKey<Double>> scoreKeys() {
    String[][] parts = {
        {"local", "3.5", "Hotspot score: distance points of a replica on the reader's node (paper Table I)."},
        {"rack", "2.8", "... in the reader's rack."},
        {"remote", "2.1", "... in another rack."},
        {"cpu", "1.0", "Idle CPU points (full at 80–100 % idle)."},
        {"memory", "2.0", "Free memory points (proportional to the free share)."},
        {"await", "1.5", "Await points of the replica's disk (full at 0 ms)."},
        {"read", "1.0", "Read-rate points (full when idle)."},
        {"write", "1.0", "Write-rate points (full when idle)."}};
    Map<String, ConfigKey<Double>> keys = new LinkedHashMap<>();
    for (String[] p : parts) {
      keys.put(p[0], ConfigKey.number(SCORE_PREFIX + p[0], Double.parseDouble(p[1]), 0, 100).unit("points")
          .doc(p[2]));
    }
    return keys;
  }

  private static List<ConfigKey<?>> allKeys() {
    List<ConfigKey<?>> keys = new ArrayList<>();
    keys.add(POLICY);
    keys.addAll(THROUGHPUT.values());
    keys.addAll(List.of(INTRA_RACK, INTER_RACK, WRR_WEIGHT));
    keys.addAll(THRESHOLD.values());
    keys.addAll(List.of(DRR_STEP, DRR_MIN, DRR_MAX, DRR_INTERVAL, DRR_IDLE, DRR_BALANCE, DRR_BLOCK_BYTES,
        DRR_SEQUENTIAL, DRR_READER_LINKS, LISTING_READ_BLOCKS));
    keys.addAll(SCORE.values());
    keys.addAll(List.of(AWAIT_REFERENCE, IO_REFERENCE, ASSIGNMENT_PENALTY, MARGIN, QUEUE_EXPONENT, CLASS_BONUS));
    return keys;
  }

  private static String lower(StorageType type) {
    return type.name().toLowerCase(Locale.ROOT);
  }
}
