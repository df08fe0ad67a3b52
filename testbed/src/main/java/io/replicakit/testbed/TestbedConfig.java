/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed;

import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.common.config.ValueType;
import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.device.DirtyLedger;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.VolumeSpec;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;

/**
 * Every configuration key of the testbed, declared once. The embedded cluster sets them per DataNode through
 * MiniDFSCluster's configuration overlays; nothing else in the module reads a {@link Configuration}.
 */
public final class TestbedConfig {

  public static final String PREFIX = "replicakit.testbed.";

  public static final ConfigKey<String> NODE_NAME = ConfigKey.string(PREFIX + "node.name", "",
      "the DataNode's testbed name (e.g. dn01)", name -> !name.isEmpty()).unit("name")
      .defaultDoc("(set per DataNode)")
      .doc("Testbed name of the DataNode; its emulated devices are registered under it. Required when "
          + "`dfs.datanode.fsdataset.factory` is the emulated factory.");

  public static final String DEVICE_MIBPS_PREFIX = PREFIX + "device.mibps.";
  private static final Map<StorageType, ConfigKey<Throughput>> DEVICE_SPEED = deviceSpeedKeys();

  public static final ConfigKey<Long> DEVICE_BURST_BYTES = ConfigKey.bytes(PREFIX + "device.burst.bytes",
      DeviceProfile.DEFAULT_BURST_BYTES, 0, Long.MAX_VALUE)
      .doc("Bytes an idle emulated device may serve at once before its rate applies (see docs/testbed.md, "
          + "\"Burst\"); the spec's `device.burst`.");

  public static final ConfigKey<Long> PAGE_CACHE_BYTES = ConfigKey.bytes(PREFIX + "page.cache.bytes", 0, 0,
      Long.MAX_VALUE)
      .doc("Emulated page cache of the DataNode's most recently written data, shared by its volumes (see "
          + "docs/testbed.md, \"Page cache\"); the spec's `page.cache.mib`. 0 = none.");

  public static final ConfigKey<Long> DIRTY_BACKGROUND_BYTES = ConfigKey.bytes(PREFIX + "dirty.background.bytes", 0,
      0, Long.MAX_VALUE)
      .doc("Write-back: dirty data (of all the node's volumes) above which the node's flushers write it to the "
          + "devices, oldest first, as Linux's `vm.dirty_background_bytes` (docs/testbed.md, \"Write-back\"); the "
          + "spec's `vm.dirty_background_ratio` of `page.cache.mib`. At most `replicakit.testbed.dirty.bytes`.");

  public static final ConfigKey<Long> DIRTY_BYTES = ConfigKey.bytes(PREFIX + "dirty.bytes", 0, 0, Long.MAX_VALUE)
      .doc("Write-back: dirty data past which a DataNode write waits for the flushers, as Linux's `vm.dirty_bytes`; "
          + "the spec's `vm.dirty_ratio` of `page.cache.mib`. 0 = no write-back: every write waits for its device.");

  public static final ConfigKey<Long> DIRTY_EXPIRE_MS = ConfigKey.durationMs(PREFIX + "dirty.expire.ms", 30_000, 1,
      Long.MAX_VALUE / 1_000_000)
      .doc("Write-back: age after which dirty data is written even below the background threshold, as Linux's "
          + "`vm.dirty_expire_centisecs` (the spec's field, in centiseconds).");

  public static final ConfigKey<Long> DIRTY_WRITEBACK_MS = ConfigKey.durationMs(PREFIX + "dirty.writeback.ms",
      5_000, 1, Long.MAX_VALUE / 1_000_000)
      .doc("Write-back: period of the flushers' checks for expired dirty data, as Linux's "
          + "`vm.dirty_writeback_centisecs` (the spec's field, in centiseconds).");

  public static final ConfigKey<List<VolumeSpec>> VOLUME_CAPACITIES = ConfigKey.of(PREFIX + "volume.capacities",
      List.of(), new Volumes()).unit("`TYPE:bytes` list").defaultDoc("(empty: real disk capacity)")
      .doc("Capacity each volume reports, in data-directory order, e.g. `SSD:2147483648,DISK:4294967296`.");

  public static final ConfigKey<InetAddress> BIND_ADDRESS = ConfigKey.of(PREFIX + "bind.address", null,
      new LocalAddress()).unit("IP address").defaultDoc("(empty: no binding)")
      .doc("Source address of every socket made by `io.replicakit.testbed.net.BoundSocketFactory`: the node's or "
          + "client's identity for the NameNode.");

  public static final ConfigKey<String> MAP_BIND_ADDRESSES = ConfigKey.string(PREFIX + "map.bind.addresses", "",
      "comma list of IP addresses", TestbedConfig::ipList).unit("IP addresses").defaultDoc("(empty: none)")
      .doc("Client side, embedded mode: with `hadoop.rpc.socket.factory.class.default` = "
          + "`io.replicakit.bench.write.MapThreadSocketFactory`, the sockets of a client made on the local job "
          + "runner's map thread k come from the k-th of these addresses (round robin), so TestDFSIO's maps write "
          + "from the DataNodes as YARN's would; other threads' from `replicakit.testbed.bind.address`.");

  public static final ConfigKey<Long> PORT_RACK_SIZE = ConfigKey.whole(PREFIX + "port-rack.size", 20, 1, 10_000)
      .unit("DataNodes").readBy("NameNode")
      .doc("Rack size of `io.replicakit.bench.scale.PortRackTopology`, the rack mapping of the placement-scale "
          + "experiment's simulated DataNodes, which share one address and differ only in their transfer port: "
          + "port p goes to rack (p - 1) / size + 1.");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("testbed", PREFIX, "testbed", allKeys());

  public static final String NODE_NAME_KEY = NODE_NAME.name();
  public static final String DEVICE_BURST_BYTES_KEY = DEVICE_BURST_BYTES.name();
  public static final String PAGE_CACHE_BYTES_KEY = PAGE_CACHE_BYTES.name();
  public static final String VOLUME_CAPACITIES_KEY = VOLUME_CAPACITIES.name();
  public static final String BIND_ADDRESS_KEY = BIND_ADDRESS.name();

  private TestbedConfig() {}

  /** The key of the emulated speed of one storage type, e.g. {@code replicakit.testbed.device.mibps.ssd}. */
  public static String deviceMibpsKey(StorageType type) {
    return DEVICE_SPEED.get(type).name();
  }

  /**
   * Why {@code text} is no speed the key of {@code type} takes, as " must be ..., was ..." (the sentence after the
   * key's name), or empty when it is one: a cluster spec's speeds are checked by the same rule the DataNodes apply.
   */
  public static Optional<String> deviceSpeedProblem(StorageType type, String text) {
    ConfigKey<Throughput> key = DEVICE_SPEED.get(type);
    Configuration conf = new Configuration(false);
    conf.set(key.name(), text);
    return key.problem(conf).map(p -> p.startsWith(key.name()) ? p.substring(key.name().length()) : " " + p);
  }

  /**
   * Reads and validates a DataNode's device settings.
   *
   * @throws IllegalArgumentException naming every bad key and its allowed values
   */
  public static DeviceSettings deviceSettings(Configuration conf) {
    KEYS.requireValid(conf);
    Map<StorageType, Throughput> speeds = new EnumMap<>(StorageType.class);
    DEVICE_SPEED.forEach((type, key) -> speeds.put(type, key.get(conf)));
    DeviceProfile devices = new DeviceProfile(StorageSpeeds.of(speeds), DEVICE_BURST_BYTES.get(conf));
    return DeviceSettings.of(NODE_NAME.get(conf), devices, VOLUME_CAPACITIES.get(conf), PAGE_CACHE_BYTES.get(conf))
        .withWriteBack(writeBack(conf));
  }

  /** The write-back thresholds; {@code IllegalArgumentException} naming both keys if background exceeds the limit. */
  private static DirtyLedger.Limits writeBack(Configuration conf) {
    long background = DIRTY_BACKGROUND_BYTES.get(conf);
    long limit = DIRTY_BYTES.get(conf);
    if (background > limit) {
      throw new IllegalArgumentException("invalid ReplicaKit testbed configuration: "
          + DIRTY_BACKGROUND_BYTES.name() + " (" + background + ") must be at most " + DIRTY_BYTES.name() + " ("
          + limit + ")");
    }
    return new DirtyLedger.Limits(background, limit, DIRTY_EXPIRE_MS.get(conf) * 1_000_000L,
        DIRTY_WRITEBACK_MS.get(conf) * 1_000_000L);
  }

  /** Sets a DataNode's device settings, the inverse of {@link #deviceSettings}. */
  public static void setDeviceSettings(Configuration conf, DeviceSettings settings) {
    NODE_NAME.set(conf, settings.nodeName());
    DEVICE_SPEED.forEach((type, key) -> key.set(conf, settings.speeds().get(type)));
    DEVICE_BURST_BYTES.set(conf, settings.burstBytes());
    PAGE_CACHE_BYTES.set(conf, settings.pageCacheBytes());
    DIRTY_BACKGROUND_BYTES.set(conf, settings.writeBack().backgroundBytes());
    DIRTY_BYTES.set(conf, settings.writeBack().limitBytes());
    DIRTY_EXPIRE_MS.set(conf, settings.writeBack().expireNanos() / 1_000_000L);
    DIRTY_WRITEBACK_MS.set(conf, settings.writeBack().intervalNanos() / 1_000_000L);
    VOLUME_CAPACITIES.set(conf, settings.volumes());
  }

  /**
   * The source address sockets of this node or client must come from, if any.
   *
   * @throws IllegalArgumentException naming the key when the value is not an address
   */
  public static Optional<InetAddress> bindAddress(Configuration conf) {
    return Optional.ofNullable(BIND_ADDRESS.get(conf));
  }

  private static Map<StorageType, ConfigKey<Throughput>> deviceSpeedKeys() {
    Map<StorageType, ConfigKey<Throughput>> keys = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      keys.put(type, ConfigKey.throughput(DEVICE_MIBPS_PREFIX + type.name().toLowerCase(Locale.ROOT),
          DeviceProfile.DEFAULT_SPEEDS.get(type), Throughput.Unit.MIB_PER_SEC)
          .doc(type == StorageType.PROVIDED ? "PROVIDED storage (declared for completeness; specs cannot create "
              + "PROVIDED volumes)." : "Emulated throughput of each " + type + " volume, shared by its reads and "
              + "writes."));
    }
    return keys;
  }

  /** Whether {@code text} is empty or a comma list of IP address literals. */
  static boolean ipList(String text) {
    for (String part : text.split(",")) {
      String a = part.trim();
      if (!a.isEmpty() && !a.matches("[0-9.]+|[0-9a-fA-F:]+")) {
        return false;
      }
    }
    return true;
  }

  private static List<ConfigKey<?>> allKeys() {
    List<ConfigKey<?>> keys = new ArrayList<>();
    keys.add(NODE_NAME);
    keys.addAll(DEVICE_SPEED.values());
    keys.addAll(List.of(DEVICE_BURST_BYTES, PAGE_CACHE_BYTES, DIRTY_BACKGROUND_BYTES, DIRTY_BYTES, DIRTY_EXPIRE_MS,
        DIRTY_WRITEBACK_MS, VOLUME_CAPACITIES, BIND_ADDRESS, MAP_BIND_ADDRESSES,
        PORT_RACK_SIZE));
    return keys;
  }

  /** {@code TYPE:BYTES,...}: each volume's storage type and reported capacity, in data-directory order. */
  private static final class Volumes implements ValueType<List<VolumeSpec>> {

    @Override
    public List<VolumeSpec> parse(String text) {
      List<VolumeSpec> volumes = new ArrayList<>();
      for (String entry : entries(text)) {
        volumes.add(volume(entry));
      }
      return List.copyOf(volumes);
    }

    @Override
    public String allowed() {
      return "comma list of TYPE:BYTES, TYPE one of " + List.of(StorageType.values()) + ", BYTES > 0";
    }

    @Override
    public String unreadable(String text) {
      String bad = entries(text).stream().filter(e -> !valid(e)).findFirst().orElse(text);
      return "entries must be TYPE:BYTES with TYPE one of " + List.of(StorageType.values())
          + " and BYTES > 0, was '" + bad + "'";
    }

    @Override
    public String format(List<VolumeSpec> volumes) {
      List<String> entries = new ArrayList<>();
      volumes.forEach(v -> entries.add(v.type() + ":" + v.capacityBytes()));
      return String.join(",", entries);
    }

    private static List<String> entries(String text) {
      return java.util.Arrays.stream(text.split(",")).map(String::trim).filter(e -> !e.isEmpty()).toList();
    }

    private static boolean valid(String entry) {
      try {
        volume(entry);
        return true;
      } catch (IllegalArgumentException e) {
        return false;
      }
    }

    private static VolumeSpec volume(String entry) {
      String[] parts = entry.split(":");
      try {
        return new VolumeSpec(StorageType.parseStorageType(parts[0]), Long.parseLong(parts[1]));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(entry, e);
      }
    }
  }

  /** An IP address of this machine, or a name that resolves to one; empty: none. */
  private static final class LocalAddress implements ValueType<InetAddress> {

    @Override
    public InetAddress parse(String text) {
      try {
        return InetAddress.getByName(text);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException(text, e);
      }
    }

    @Override
    public String allowed() {
      return "an IP address of this machine (e.g. 127.0.0.12)";
    }

    @Override
    public String format(InetAddress address) {
      return address.getHostAddress();
    }

    @Override
    public boolean emptyIsUnset() {
      return true;
    }
  }
}
