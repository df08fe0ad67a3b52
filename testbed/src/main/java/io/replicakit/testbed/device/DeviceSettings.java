package io.replicakit.testbed.device;

import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.Sizes;
import io.replicakit.testbed.spec.VolumeSpec;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.StorageType;

/**
 * Validated device-emulation settings of one DataNode, read once from its configuration by
 * {@link io.replicakit.testbed.TestbedConfig#deviceSettings}.
 *
 * @param nodeName the DataNode's testbed name; devices are registered under it
 * @param bytesPerSec emulated throughput per storage type
 * @param burstBytes bytes an idle device may serve at once before the rate applies
 * @param volumes configured volumes in data-directory order (type and reported capacity); empty to keep the
 *     capacities of the real disks
 * @param pageCacheBytes size of the node's emulated page cache of recently written data ({@link PageCache}),
 *     shared by its volumes; 0 (the default) for none
 */
public record DeviceSettings(String nodeName, Map<StorageType, Long> bytesPerSec, long burstBytes,
    List<VolumeSpec> volumes, long pageCacheBytes) {

  public DeviceSettings {
    if (pageCacheBytes < 0) {
      throw new IllegalArgumentException("pageCacheBytes must be >= 0, was " + pageCacheBytes);
    }
    bytesPerSec = Map.copyOf(new EnumMap<>(bytesPerSec));
    volumes = List.copyOf(volumes);
  }

  /** Settings for a node with the given device speeds and volumes, without a page cache. */
  public DeviceSettings(String nodeName, Map<StorageType, Long> bytesPerSec, long burstBytes,
      List<VolumeSpec> volumes) {
    this(nodeName, bytesPerSec, burstBytes, volumes, 0);
  }

  /** Settings for a node with the given device speeds and volumes, without a page cache. */
  public static DeviceSettings of(String nodeName, DeviceProfile profile, List<VolumeSpec> volumes) {
    return of(nodeName, profile, volumes, 0);
  }

  /** Settings for a node with the given device speeds, volumes and page cache size (0 for none). */
  public static DeviceSettings of(String nodeName, DeviceProfile profile, List<VolumeSpec> volumes,
      long pageCacheBytes) {
    Map<StorageType, Long> rates = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      rates.put(type, profile.bytesPerSec(type));
    }
    return new DeviceSettings(nodeName, rates, profile.burstBytes(), volumes, pageCacheBytes);
  }

  public long bytesPerSec(StorageType type) {
    Long rate = bytesPerSec.get(type);
    if (rate == null) {
      throw new IllegalArgumentException("no emulated speed for storage type " + type);
    }
    return rate;
  }

  public double mibPerSec(StorageType type) {
    return bytesPerSec(type) / (double) Sizes.MIB;
  }
}
