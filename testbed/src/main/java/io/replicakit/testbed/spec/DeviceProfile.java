package io.replicakit.testbed.spec;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.StorageType;

/**
 * Emulated throughput of each storage medium, in MiB/s (the unit TestDFSIO reports as "mb/sec"), and the burst
 * an idle device may serve at once. Every volume of that type on every DataNode gets one device of this speed,
 * shared by all its reads and writes.
 *
 * <p>The defaults keep the fastest device well below what two cores can push through the DataNode code in one
 * JVM (see docs/testbed.md), and keep the read-selection paper's ratio of SSD to HDD speed (about 5:1).
 */
public record DeviceProfile(Map<StorageType, Double> mibPerSec, long burstBytes) {

  /** Default emulated speeds, MiB/s. */
  public static final Map<StorageType, Double> DEFAULT_MIB_PER_SEC = defaults();

  /**
   * Default burst: covers the DataNode's own processing time between packets, so a single stream reaches the
   * configured speed (docs/testbed.md, "Burst").
   */
  public static final long DEFAULT_BURST_BYTES = 1024 * 1024;

  public DeviceProfile {
    if (burstBytes < 0) {
      throw new IllegalArgumentException("burstBytes must be >= 0, was " + burstBytes);
    }
    EnumMap<StorageType, Double> copy = new EnumMap<>(StorageType.class);
    copy.putAll(DEFAULT_MIB_PER_SEC);
    copy.putAll(mibPerSec);
    mibPerSec = Collections.unmodifiableMap(copy);
  }

  public static DeviceProfile defaultProfile() {
    return new DeviceProfile(Map.of(), DEFAULT_BURST_BYTES);
  }

  public DeviceProfile withBurstBytes(long burst) {
    return new DeviceProfile(mibPerSec, burst);
  }

  public double mibPerSec(StorageType type) {
    return mibPerSec.get(type);
  }

  public long bytesPerSec(StorageType type) {
    return (long) (mibPerSec(type) * Sizes.MIB);
  }

  public String describe() {
    StringBuilder sb = new StringBuilder();
    mibPerSec.forEach((type, speed) -> {
      if (type != StorageType.PROVIDED) {
        sb.append(sb.length() == 0 ? "" : ", ")
            .append(type).append(' ').append(String.format(Locale.ROOT, "%.1f", speed)).append(" MiB/s");
      }
    });
    return sb.append("; burst ").append(Sizes.format(burstBytes)).toString();
  }

  private static Map<StorageType, Double> defaults() {
    EnumMap<StorageType, Double> m = new EnumMap<>(StorageType.class);
    m.put(StorageType.RAM_DISK, 80.0);
    m.put(StorageType.NVDIMM, 80.0);
    m.put(StorageType.SSD, 40.0);
    m.put(StorageType.DISK, 8.0);
    m.put(StorageType.ARCHIVE, 4.0);
    m.put(StorageType.PROVIDED, 8.0);
    return Collections.unmodifiableMap(m);
  }
}
