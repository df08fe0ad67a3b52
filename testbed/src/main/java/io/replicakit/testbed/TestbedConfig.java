package io.replicakit.testbed;

import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.VolumeSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;

/**
 * Every configuration key of the testbed, declared once. The embedded cluster sets them per DataNode through
 * MiniDFSCluster's configuration overlays; nothing else in the module reads a {@link Configuration}.
 */
public final class TestbedConfig {

  /** A declared key: name, default, unit and what it is for. */
  public record Key(String name, String defaultValue, String unit, String description) {}

  public static final String PREFIX = "replicakit.testbed.";

  public static final String NODE_NAME_KEY = PREFIX + "node.name";
  public static final String NODE_NAME_DEFAULT = "";

  public static final String DEVICE_MIBPS_PREFIX = PREFIX + "device.mibps.";

  public static final String DEVICE_BURST_BYTES_KEY = PREFIX + "device.burst.bytes";
  public static final long DEVICE_BURST_BYTES_DEFAULT = DeviceProfile.DEFAULT_BURST_BYTES;

  public static final String PAGE_CACHE_BYTES_KEY = PREFIX + "page.cache.bytes";
  public static final long PAGE_CACHE_BYTES_DEFAULT = 0;

  public static final String VOLUME_CAPACITIES_KEY = PREFIX + "volume.capacities";
  public static final String VOLUME_CAPACITIES_DEFAULT = "";

  public static final String BIND_ADDRESS_KEY = PREFIX + "bind.address";
  public static final String BIND_ADDRESS_DEFAULT = "";

  /** All keys, for documentation and the check that docs/configuration.md lists each one. */
  public static final List<Key> KEYS = keys();

  private TestbedConfig() {}

  /** The key of the emulated speed of one storage type, e.g. {@code replicakit.testbed.device.mibps.ssd}. */
  public static String deviceMibpsKey(StorageType type) {
    return DEVICE_MIBPS_PREFIX + type.name().toLowerCase(Locale.ROOT);
  }

  /**
   * Reads and validates a DataNode's device settings.
   *
   * @throws IllegalArgumentException naming the key and its allowed range when a value is bad
   */
  public static DeviceSettings deviceSettings(Configuration conf) {
    String node = conf.getTrimmed(NODE_NAME_KEY, NODE_NAME_DEFAULT);
    if (node.isEmpty()) {
      throw new IllegalArgumentException(NODE_NAME_KEY + " must name the DataNode (e.g. dn01); it is empty");
    }
    Map<StorageType, Double> speeds = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      String key = deviceMibpsKey(type);
      double speed = conf.getDouble(key, DeviceProfile.DEFAULT_MIB_PER_SEC.get(type));
      if (!(speed > 0) || Double.isInfinite(speed)) {
        throw new IllegalArgumentException(key + " must be a speed > 0 MiB/s, was " + speed);
      }
      speeds.put(type, speed);
    }
    long burst = conf.getLong(DEVICE_BURST_BYTES_KEY, DEVICE_BURST_BYTES_DEFAULT);
    if (burst < 0) {
      throw new IllegalArgumentException(DEVICE_BURST_BYTES_KEY + " must be >= 0 bytes, was " + burst);
    }
    long pageCache = conf.getLong(PAGE_CACHE_BYTES_KEY, PAGE_CACHE_BYTES_DEFAULT);
    if (pageCache < 0) {
      throw new IllegalArgumentException(PAGE_CACHE_BYTES_KEY + " must be >= 0 bytes (0 = no page cache), was "
          + pageCache);
    }
    return DeviceSettings.of(node, new DeviceProfile(speeds, burst), volumes(conf), pageCache);
  }

  /** Sets a DataNode's device settings, the inverse of {@link #deviceSettings}. */
  public static void setDeviceSettings(Configuration conf, DeviceSettings settings) {
    conf.set(NODE_NAME_KEY, settings.nodeName());
    for (StorageType type : StorageType.values()) {
      conf.set(deviceMibpsKey(type), Double.toString(settings.mibPerSec(type)));
    }
    conf.setLong(DEVICE_BURST_BYTES_KEY, settings.burstBytes());
    conf.setLong(PAGE_CACHE_BYTES_KEY, settings.pageCacheBytes());
    List<String> entries = new ArrayList<>();
    settings.volumes().forEach(v -> entries.add(v.type() + ":" + v.capacityBytes()));
    conf.set(VOLUME_CAPACITIES_KEY, String.join(",", entries));
  }

  /**
   * The source address sockets of this node or client must come from, if any.
   *
   * @throws IllegalArgumentException naming the key when the value is not an address
   */
  public static java.util.Optional<java.net.InetAddress> bindAddress(Configuration conf) {
    String address = conf.getTrimmed(BIND_ADDRESS_KEY, BIND_ADDRESS_DEFAULT);
    if (address.isEmpty()) {
      return java.util.Optional.empty();
    }
    try {
      return java.util.Optional.of(java.net.InetAddress.getByName(address));
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException(BIND_ADDRESS_KEY
          + " must be an IP address of this machine (e.g. 127.0.0.12), was '" + address + "'", e);
    }
  }

  private static List<VolumeSpec> volumes(Configuration conf) {
    List<VolumeSpec> volumes = new ArrayList<>();
    for (String entry : conf.getTrimmedStrings(VOLUME_CAPACITIES_KEY)) {
      String[] parts = entry.split(":");
      try {
        volumes.add(new VolumeSpec(StorageType.parseStorageType(parts[0]), Long.parseLong(parts[1])));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(VOLUME_CAPACITIES_KEY + " entries must be TYPE:BYTES with TYPE one of "
            + List.of(StorageType.values()) + " and BYTES > 0, was '" + entry + "'");
      }
    }
    return volumes;
  }

  private static List<Key> keys() {
    List<Key> keys = new ArrayList<>();
    keys.add(new Key(NODE_NAME_KEY, "(set per DataNode)", "name",
        "Testbed name of the DataNode; its emulated devices are registered under it."));
    for (StorageType type : StorageType.values()) {
      keys.add(new Key(deviceMibpsKey(type), String.valueOf(DeviceProfile.DEFAULT_MIB_PER_SEC.get(type)),
          "MiB/s", "Emulated throughput of each " + type + " volume, shared by its reads and writes."));
    }
    keys.add(new Key(DEVICE_BURST_BYTES_KEY, String.valueOf(DEVICE_BURST_BYTES_DEFAULT), "bytes",
        "Bytes an idle emulated device may serve at once before its rate applies."));
    keys.add(new Key(PAGE_CACHE_BYTES_KEY, String.valueOf(PAGE_CACHE_BYTES_DEFAULT), "bytes",
        "Emulated page cache of the node's most recently written data, shared by its volumes; 0 = none."));
    keys.add(new Key(VOLUME_CAPACITIES_KEY, "(empty: real disk capacity)", "TYPE:bytes list",
        "Capacity each volume reports, in data-directory order, e.g. SSD:2147483648,DISK:4294967296."));
    keys.add(new Key(BIND_ADDRESS_KEY, "(empty: no binding)", "IP address",
        "Source address of every socket made by BoundSocketFactory: the node or client's identity."));
    return List.copyOf(keys);
  }
}
