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
 */
public record DeviceSettings(String nodeName, Map<StorageType, Long> bytesPerSec, long burstBytes,
    List<VolumeSpec> volumes) {

  public DeviceSettings {
    bytesPerSec = Map.copyOf(new EnumMap<>(bytesPerSec));
    volumes = List.copyOf(volumes);
  }

  /** Settings for a node with the given device speeds and volumes. */
  public static DeviceSettings of(String nodeName, DeviceProfile profile, List<VolumeSpec> volumes) {
    Map<StorageType, Long> rates = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      rates.put(type, profile.bytesPerSec(type));
    }
    return new DeviceSettings(nodeName, rates, profile.burstBytes(), volumes);
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
