package io.replicakit.common.config;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.StorageSize;
import org.apache.hadoop.conf.StorageUnit;
import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;

/**
 * Durations and sizes read the way Hadoop reads its own keys, so an operator can write {@code 3s} or {@code 64m}
 * in a ReplicaKit key as in {@code dfs.heartbeat.interval} or {@code dfs.blocksize}. A duration is a whole number
 * in the key's unit (milliseconds here) or with a {@link Configuration#getTimeDuration} suffix (ns, us, ms, s, m,
 * h, d); a size is a byte count, with a binary prefix ({@code 64m}, as {@link Configuration#getLongBytes}) or a
 * {@link Configuration#getStorageSize} unit ({@code 64mb}). The {@code check*} methods report a bad value with
 * the key and the allowed range; the plain ones read a value that was checked.
 */
public final class ConfigValues {

  public static final String DURATION_SUFFIXES = "ns, us, ms, s, m, h, d";

  private ConfigValues() {}

  /** {@code key} in milliseconds, {@code def} when unset or empty; the value must be valid. */
  public static long durationMs(Configuration conf, String key, long def) {
    String raw = conf.getTrimmed(key);
    return raw == null || raw.isEmpty() ? def : conf.getTimeDurationHelper(key, raw, TimeUnit.MILLISECONDS);
  }

  /**
   * Checks a duration key against {@code min..max} milliseconds.
   *
   * @return its value, or {@code def} when it cannot be read (the problem is listed)
   */
  public static long checkDurationMs(Configuration conf, String key, long def, long min, long max,
      List<String> problems) {
    String range = min + ".." + max + " ms";
    long value;
    try {
      value = durationMs(conf, key, def);
    } catch (IllegalArgumentException e) {
      problems.add(key + " must be a duration in " + range + " (milliseconds, or a number with a unit "
          + DURATION_SUFFIXES + "), was '" + conf.getTrimmed(key) + "'");
      return def;
    }
    if (value < min || value > max) {
      problems.add(key + " must be in " + range + ", was " + conf.getTrimmed(key)
          + (conf.getTrimmed(key).equals(Long.toString(value)) ? "" : " (" + value + " ms)"));
      return def;
    }
    return value;
  }

  /** {@code key} in bytes, {@code def} when unset or empty; the value must be valid. */
  public static long bytes(Configuration conf, String key, long def) {
    String raw = conf.getTrimmed(key);
    return raw == null || raw.isEmpty() ? def : parseBytes(raw);
  }

  /**
   * Checks a size key against {@code min..max} bytes.
   *
   * @return its value, or {@code def} when it cannot be read or is out of range (the problem is listed)
   */
  public static long checkBytes(Configuration conf, String key, long def, long min, long max,
      List<String> problems) {
    String range = min + ".." + max + " bytes";
    long value;
    try {
      value = bytes(conf, key, def);
    } catch (IllegalArgumentException | IllegalStateException e) {
      problems.add(key + " must be a size in " + range + " (bytes, or with a suffix such as 64k, 64m, 1g, 64mb), "
          + "was '" + conf.getTrimmed(key) + "'");
      return def;
    }
    if (value < min || value > max) {
      problems.add(key + " must be in " + range + ", was " + conf.getTrimmed(key)
          + (conf.getTrimmed(key).equals(Long.toString(value)) ? "" : " (" + value + " bytes)"));
      return def;
    }
    return value;
  }

  /** {@code 65536}, {@code 64k}, {@code 64m}, {@code 1g} (binary prefixes) or {@code 64kb}, {@code 1gb}. */
  static long parseBytes(String raw) {
    try {
      return TraditionalBinaryPrefix.string2long(raw);
    } catch (IllegalArgumentException e) {
      StorageSize size = StorageSize.parse(raw.toLowerCase(Locale.ROOT));
      double bytes = StorageUnit.BYTES.fromBytes(size.getUnit().toBytes(size.getValue()));
      if (bytes != Math.rint(bytes) || bytes > Long.MAX_VALUE || bytes < Long.MIN_VALUE) {
        throw new IllegalArgumentException("not a whole number of bytes: " + raw);
      }
      return (long) bytes;
    }
  }
}
