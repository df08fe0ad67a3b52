package io.replicakit.read.config;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigValues;
import io.replicakit.read.policy.DrrSettings;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.policy.ReadSettings;
import io.replicakit.read.policy.ScoreModel;
import io.replicakit.read.policy.StorageModel;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;

/**
 * Every configuration key of read selection, declared once. {@link #validate} lists what is wrong with a
 * configuration, each problem naming its key and allowed range; {@link #settings} turns a valid one into the
 * {@link ReadSettings} the policies receive.
 */
public final class ReadSelectionConfig {

  /** A declared key: name, default, unit and what it is for. */
  public record Key(String name, String defaultValue, String unit, String description) {}

  public static final String PREFIX = "replicakit.read.";

  public static final String POLICY_KEY = PREFIX + "policy";
  public static final String POLICY_DEFAULT = "network-distance";

  public static final String THROUGHPUT_PREFIX = PREFIX + "throughput.mbps.";
  /** The read paper's measured devices (§4.1): SSD 300 MB/s, HDD 60 MB/s; the others scaled alike. */
  public static final Map<StorageType, Double> THROUGHPUT_DEFAULTS = throughputDefaults();

  public static final String INTRA_RACK_KEY = PREFIX + "bandwidth.intra-rack.mbps";
  public static final double INTRA_RACK_DEFAULT = 1250; // 10 Gb/s, the paper's LAN
  public static final String INTER_RACK_KEY = PREFIX + "bandwidth.inter-rack.mbps";
  public static final double INTER_RACK_DEFAULT = 0; // the paper's rule 3: across racks, read the closest

  public static final String WRR_WEIGHT_KEY = PREFIX + "wrr.weight";

  public static final String DRR_THRESHOLD_PREFIX = PREFIX + "drr.threshold.pct.";
  /** SSD 80 %, DISK 50 %: the utilizations of the paper's best static weight (7, Fig. 5). */
  public static final Map<StorageType, Double> DRR_THRESHOLD_DEFAULTS = thresholdDefaults();
  public static final String DRR_STEP_KEY = PREFIX + "drr.weight.step";
  public static final double DRR_STEP_DEFAULT = 1;
  public static final String DRR_MIN_KEY = PREFIX + "drr.weight.min";
  public static final double DRR_MIN_DEFAULT = 1;
  public static final String DRR_MAX_KEY = PREFIX + "drr.weight.max";
  public static final double DRR_MAX_DEFAULT = 20; // the paper's sweep went to 20 (Fig. 5)
  public static final String DRR_INTERVAL_KEY = PREFIX + "drr.interval.ms";
  public static final long DRR_INTERVAL_DEFAULT = 3000;

  public static final String SCORE_PREFIX = PREFIX + "score.points.";
  public static final String AWAIT_REFERENCE_KEY = PREFIX + "score.await.reference.ms";
  public static final double AWAIT_REFERENCE_DEFAULT = 100;
  public static final String IO_REFERENCE_KEY = PREFIX + "score.io.reference.kbps";
  public static final double IO_REFERENCE_DEFAULT = 2785; // 2.72 MB/s, hotspot paper §III

  public static final String ASSIGNMENT_PENALTY_KEY = PREFIX + "score.assignment.penalty";
  /** A quarter point: about the noise between two quiet nodes' scores (one CPU-idle band). */
  public static final double ASSIGNMENT_PENALTY_DEFAULT = 0.25;

  public static final String MARGIN_KEY = PREFIX + "score.margin";
  /** Below the smallest distance step (0.7), so a closer replica still always wins over a farther one. */
  public static final double MARGIN_DEFAULT = 0.5;

  public static final String CLASS_BONUS_KEY = PREFIX + "combined.class.bonus";
  /**
   * More than the largest distance difference (1.4) plus what blocks assigned since a sample can take (the read
   * points, 1), less than what a stressed node loses (up to 6.5).
   */
  public static final double CLASS_BONUS_DEFAULT = 2.5;

  private static final String[] SCORE_PARTS = {"local", "rack", "remote", "cpu", "memory", "await", "read", "write"};
  private static final double[] SCORE_DEFAULTS = {3.5, 2.8, 2.1, 1.0, 2.0, 1.5, 1.0, 1.0};

  /** All keys, for documentation and the check that docs/configuration.md lists each one. */
  public static final List<Key> KEYS = keys();

  /** The names of {@link #KEYS}, for the check of unknown keys. */
  public static final List<String> KEY_NAMES = KEYS.stream().map(Key::name).toList();

  private ReadSelectionConfig() {}

  public static String throughputKey(StorageType type) {
    return THROUGHPUT_PREFIX + type.name().toLowerCase(Locale.ROOT);
  }

  public static String thresholdKey(StorageType type) {
    return DRR_THRESHOLD_PREFIX + type.name().toLowerCase(Locale.ROOT);
  }

  public static String scoreKey(String part) {
    return SCORE_PREFIX + part;
  }

  /** Every problem with the module's keys in {@code conf}, each naming its key and allowed range. */
  public static ValidationStatus validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    String policy = conf.getTrimmed(POLICY_KEY, POLICY_DEFAULT);
    if (!ReadPolicies.isKnown(policy)) {
      problems.add(POLICY_KEY + " must be one of " + ReadPolicies.NAMES + " or a ReadPolicy class name, was '"
          + policy + "'");
    }
    for (StorageType type : StorageType.values()) {
      positive(conf, throughputKey(type), THROUGHPUT_DEFAULTS.get(type), problems);
      range(conf, thresholdKey(type), DRR_THRESHOLD_DEFAULTS.get(type), 0, 100, problems);
    }
    atLeast(conf, INTRA_RACK_KEY, INTRA_RACK_DEFAULT, 0, problems);
    atLeast(conf, INTER_RACK_KEY, INTER_RACK_DEFAULT, 0, problems);
    if (conf.getTrimmed(WRR_WEIGHT_KEY) != null && !conf.getTrimmed(WRR_WEIGHT_KEY).isEmpty()) {
      positive(conf, WRR_WEIGHT_KEY, 1, problems);
    }
    positive(conf, DRR_STEP_KEY, DRR_STEP_DEFAULT, problems);
    double min = positive(conf, DRR_MIN_KEY, DRR_MIN_DEFAULT, problems);
    atLeast(conf, DRR_MAX_KEY, DRR_MAX_DEFAULT, min, problems);
    ConfigValues.checkDurationMs(conf, DRR_INTERVAL_KEY, DRR_INTERVAL_DEFAULT, 100, 3_600_000, problems);
    for (int i = 0; i < SCORE_PARTS.length; i++) {
      range(conf, scoreKey(SCORE_PARTS[i]), SCORE_DEFAULTS[i], 0, 100, problems);
    }
    positive(conf, AWAIT_REFERENCE_KEY, AWAIT_REFERENCE_DEFAULT, problems);
    positive(conf, IO_REFERENCE_KEY, IO_REFERENCE_DEFAULT, problems);
    range(conf, ASSIGNMENT_PENALTY_KEY, ASSIGNMENT_PENALTY_DEFAULT, 0, 10, problems);
    range(conf, MARGIN_KEY, MARGIN_DEFAULT, 0, 10, problems);
    range(conf, CLASS_BONUS_KEY, CLASS_BONUS_DEFAULT, 0, 100, problems);
    return new ValidationStatus(problems);
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
    Map<String, Double> throughput = new HashMap<>();
    Map<String, Double> thresholds = new HashMap<>();
    for (StorageType type : StorageType.values()) {
      throughput.put(type.name(), conf.getDouble(throughputKey(type), THROUGHPUT_DEFAULTS.get(type)));
      thresholds.put(type.name(), conf.getDouble(thresholdKey(type), DRR_THRESHOLD_DEFAULTS.get(type)));
    }
    StorageModel storage = new StorageModel(throughput, conf.getDouble(INTRA_RACK_KEY, INTRA_RACK_DEFAULT),
        conf.getDouble(INTER_RACK_KEY, INTER_RACK_DEFAULT));
    DrrSettings drr = new DrrSettings(thresholds, conf.getDouble(DRR_STEP_KEY, DRR_STEP_DEFAULT),
        conf.getDouble(DRR_MIN_KEY, DRR_MIN_DEFAULT), conf.getDouble(DRR_MAX_KEY, DRR_MAX_DEFAULT),
        ConfigValues.durationMs(conf, DRR_INTERVAL_KEY, DRR_INTERVAL_DEFAULT));
    double[] p = new double[SCORE_PARTS.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = conf.getDouble(scoreKey(SCORE_PARTS[i]), SCORE_DEFAULTS[i]);
    }
    ScoreModel score = new ScoreModel(new ScoreModel.Points(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]),
        conf.getDouble(AWAIT_REFERENCE_KEY, AWAIT_REFERENCE_DEFAULT),
        conf.getDouble(IO_REFERENCE_KEY, IO_REFERENCE_DEFAULT),
        conf.getDouble(ASSIGNMENT_PENALTY_KEY, ASSIGNMENT_PENALTY_DEFAULT),
        conf.getDouble(MARGIN_KEY, MARGIN_DEFAULT));
    String weight = conf.getTrimmed(WRR_WEIGHT_KEY, "");
    String policy = conf.getTrimmed(POLICY_KEY, POLICY_DEFAULT);
    String builtIn = policy.toLowerCase(Locale.ROOT);
    return new ReadSettings(ReadPolicies.NAMES.contains(builtIn) ? builtIn : policy, storage,
        weight.isEmpty() ? Double.NaN : Double.parseDouble(weight), drr, score,
        conf.getDouble(CLASS_BONUS_KEY, CLASS_BONUS_DEFAULT));
  }

  private static double positive(Configuration conf, String key, double def, List<String> problems) {
    double value = number(conf, key, def, "a number > 0", problems);
    if (!(value > 0) || Double.isInfinite(value)) {
      problems.add(key + " must be a number > 0, was " + conf.getTrimmed(key));
    }
    return value;
  }

  private static void range(Configuration conf, String key, double def, double min, double max,
      List<String> problems) {
    String allowed = "a number in " + fmt(min) + ".." + fmt(max);
    double value = number(conf, key, def, allowed, problems);
    if (!(value >= min && value <= max)) {
      problems.add(key + " must be " + allowed + ", was " + conf.getTrimmed(key));
    }
  }

  private static void atLeast(Configuration conf, String key, double def, double min, List<String> problems) {
    String allowed = "a number >= " + fmt(min);
    double value = number(conf, key, def, allowed, problems);
    if (!(value >= min) || Double.isInfinite(value)) {
      problems.add(key + " must be " + allowed + ", was " + conf.getTrimmed(key));
    }
  }

  /** 100 rather than 100.0 in messages. */
  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  private static double number(Configuration conf, String key, double def, String expected,
      List<String> problems) {
    String raw = conf.getTrimmed(key);
    if (raw == null || raw.isEmpty()) {
      return def;
    }
    try {
      return Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      problems.add(key + " must be " + expected + ", was '" + raw + "'");
      return def;
    }
  }

  private static Map<StorageType, Double> throughputDefaults() {
    Map<StorageType, Double> m = new EnumMap<>(StorageType.class);
    m.put(StorageType.RAM_DISK, 1000.0);
    m.put(StorageType.NVDIMM, 1000.0);
    m.put(StorageType.SSD, 300.0);
    m.put(StorageType.DISK, 60.0);
    m.put(StorageType.ARCHIVE, 30.0);
    m.put(StorageType.PROVIDED, 60.0);
    return m;
  }

  private static Map<StorageType, Double> thresholdDefaults() {
    Map<StorageType, Double> m = new EnumMap<>(StorageType.class);
    m.put(StorageType.RAM_DISK, 80.0);
    m.put(StorageType.NVDIMM, 80.0);
    m.put(StorageType.SSD, 80.0);
    m.put(StorageType.DISK, 50.0);
    m.put(StorageType.ARCHIVE, 50.0);
    m.put(StorageType.PROVIDED, 50.0);
    return m;
  }

  private static List<Key> keys() {
    List<Key> keys = new ArrayList<>();
    keys.add(new Key(POLICY_KEY, POLICY_DEFAULT, "name", "read policy: one of " + ReadPolicies.NAMES));
    for (StorageType t : StorageType.values()) {
      keys.add(new Key(throughputKey(t), String.valueOf(THROUGHPUT_DEFAULTS.get(t)), "MB/s",
          "maximum read throughput of one " + t + " volume, > 0"));
    }
    keys.add(new Key(INTRA_RACK_KEY, String.valueOf(INTRA_RACK_DEFAULT), "MB/s", "bandwidth inside a rack, >= 0"));
    keys.add(new Key(INTER_RACK_KEY, String.valueOf(INTER_RACK_DEFAULT), "MB/s", "bandwidth between racks, >= 0"));
    keys.add(new Key(WRR_WEIGHT_KEY, "(fast/slow throughput)", "reads", "WRR fast reads per slow read, > 0"));
    for (StorageType t : StorageType.values()) {
      keys.add(new Key(thresholdKey(t), String.valueOf(DRR_THRESHOLD_DEFAULTS.get(t)), "%",
          "DRR: below this average utilization " + t + " gets more reads, 0..100"));
    }
    keys.add(new Key(DRR_STEP_KEY, String.valueOf(DRR_STEP_DEFAULT), "weight", "DRR adjustment step, > 0"));
    keys.add(new Key(DRR_MIN_KEY, String.valueOf(DRR_MIN_DEFAULT), "weight", "DRR lowest weight, > 0"));
    keys.add(new Key(DRR_MAX_KEY, String.valueOf(DRR_MAX_DEFAULT), "weight", "DRR highest weight, >= min"));
    keys.add(new Key(DRR_INTERVAL_KEY, String.valueOf(DRR_INTERVAL_DEFAULT), "ms",
        "DRR adjustment period, 100..3600000 (suffixes such as 3s allowed)"));
    for (int i = 0; i < SCORE_PARTS.length; i++) {
      keys.add(new Key(scoreKey(SCORE_PARTS[i]), String.valueOf(SCORE_DEFAULTS[i]), "points",
          "hotspot score: maximum points of " + SCORE_PARTS[i] + ", 0..100"));
    }
    keys.add(new Key(AWAIT_REFERENCE_KEY, String.valueOf(AWAIT_REFERENCE_DEFAULT), "ms", "await with 0 points"));
    keys.add(new Key(IO_REFERENCE_KEY, String.valueOf(IO_REFERENCE_DEFAULT), "kB/s", "read/write rate with 0 points"));
    keys.add(new Key(ASSIGNMENT_PENALTY_KEY, String.valueOf(ASSIGNMENT_PENALTY_DEFAULT), "points",
        "score: points off per block put first on a volume since its DataNode's latest sample (against herding), "
            + "0..10"));
    keys.add(new Key(MARGIN_KEY, String.valueOf(MARGIN_DEFAULT), "points",
        "score: replicas at the best one's distance within this of it share the reads at random, 0..10"));
    keys.add(new Key(CLASS_BONUS_KEY, String.valueOf(CLASS_BONUS_DEFAULT), "points", "combined: class bonus"));
    return List.copyOf(keys);
  }
}
