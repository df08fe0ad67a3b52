/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.storage.Throughput;
import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.device.DirtyLedger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.StorageType;

/**
 * Reads a cluster spec from its properties form (see docs/testbed.md for every field) and validates it. All
 * problems are collected, each naming the field and the allowed values, so one run of a bad file shows
 * everything that is wrong with it.
 *
 * <p>List fields take comma-separated entries; {@code x*N} repeats an entry N times ({@code 558m*5,232m*5}).
 */
public final class SpecParser {

  public static final String NAME = "name";
  public static final String DESCRIPTION = "description";
  public static final String DATANODES = "datanodes";
  public static final String RACKS = "racks";
  public static final String RACK_SIZES = "rack.sizes";
  public static final String VOLUMES = "volumes";
  public static final String CAPACITIES = "capacities";
  public static final String CLASSES = "classes";
  public static final String NETWORK_MIBPS = "network.mibps";
  public static final String DEVICE_MIBPS_PREFIX = "device.mibps.";
  public static final String DEVICE_BURST = "device.burst";
  public static final String NODE_GROUPS_PER_RACK = "node.groups.per.rack";
  public static final String UPGRADE_DOMAINS = "upgrade.domains";
  public static final String PAGE_CACHE_MIB = "page.cache.mib";
  /** Write-back, with Linux's sysctl names and defaults; the ratios are of each node's {@code page.cache.mib}. */
  public static final String DIRTY_BACKGROUND_RATIO = "vm.dirty_background_ratio";
  public static final String DIRTY_RATIO = "vm.dirty_ratio";
  public static final String DIRTY_EXPIRE_CENTISECS = "vm.dirty_expire_centisecs";
  public static final String DIRTY_WRITEBACK_CENTISECS = "vm.dirty_writeback_centisecs";
  /** Link rates with units (see {@link NetworkFields}): one, or one per DataNode / per rack. */
  public static final String NET_NODE_LINK = NetworkFields.NODE_LINK;
  public static final String NET_RACK_UPLINK = NetworkFields.RACK_UPLINK;
  public static final String NET_CLIENT_LINK = NetworkFields.CLIENT_LINK;

  /** DataNode i (1-based) gets 127.0.0.(FIRST_ADDRESS_OCTET + i); 127.0.0.1 stays off-cluster. */
  static final int FIRST_ADDRESS_OCTET = 10;
  static final int MAX_DATANODES = 254 - FIRST_ADDRESS_OCTET;

  /** Media a DataNode volume can be emulated as; PROVIDED is external storage, not a local volume. */
  static final Set<StorageType> VOLUME_TYPES = EnumSet.of(
      StorageType.RAM_DISK, StorageType.NVDIMM, StorageType.SSD, StorageType.DISK, StorageType.ARCHIVE);

  private static final Set<String> FIELDS = Set.of(NAME, DESCRIPTION, DATANODES, RACKS, RACK_SIZES, VOLUMES,
      CAPACITIES, CLASSES, NETWORK_MIBPS, NODE_GROUPS_PER_RACK, UPGRADE_DOMAINS, DEVICE_BURST, PAGE_CACHE_MIB,
      DIRTY_BACKGROUND_RATIO, DIRTY_RATIO, DIRTY_EXPIRE_CENTISECS, DIRTY_WRITEBACK_CENTISECS,
      NET_NODE_LINK, NET_RACK_UPLINK, NET_CLIENT_LINK);

  /** Linux's defaults (Documentation/admin-guide/sysctl/vm.rst). */
  static final int DEFAULT_DIRTY_BACKGROUND_RATIO = 10;
  static final int DEFAULT_DIRTY_RATIO = 20;
  static final int DEFAULT_DIRTY_EXPIRE_CENTISECS = 3000;
  static final int DEFAULT_DIRTY_WRITEBACK_CENTISECS = 500;
  private static final long NANOS_PER_CENTISEC = 10_000_000L;

  /** Result of reading a spec: the spec when valid, and the validation status either way. */
  public record Reading(Optional<ClusterSpec> spec, ValidationStatus status) {}

  private final Properties props;
  private final String source;
  private final List<String> problems = new ArrayList<>();
  private final SpecLists lists;

  private SpecParser(Properties props, String source) {
    this.props = props;
    this.source = source;
    this.lists = new SpecLists(props, problems);
  }

  /** Validates and, when valid, builds the spec. Never throws for bad input. */
  public static Reading read(Properties props, String source) {
    return new SpecParser(props, source).run();
  }

  /** Builds the spec or throws {@link InvalidSpecException} listing every problem. */
  public static ClusterSpec parse(Properties props, String source) {
    Reading reading = read(props, source);
    return reading.spec().orElseThrow(() -> new InvalidSpecException(source, reading.status()));
  }

  private Reading run() {
    checkUnknownFields();
    int dataNodes = intField(DATANODES, 1, MAX_DATANODES, null);
    int racks = dataNodes > 0 ? intField(RACKS, 1, dataNodes, 1) : 0;
    int volumeProblems = problems.size();
    List<StorageType> volumeTypes = volumeTypes();
    boolean volumesValid = problems.size() == volumeProblems;
    DeviceProfile devices = devices();
    WriteBackRatios writeBack = writeBack();
    // Every field is checked before failing, so that a bad spec reports all its problems at once; only the lists
    // with an entry per DataNode or per rack wait for valid counts to be checked against.
    if (dataNodes <= 0 || racks <= 0) {
      return failed();
    }
    List<Integer> rackSizes = rackSizes(dataNodes, racks);
    List<List<VolumeSpec>> volumes = capacities(dataNodes, volumesValid ? Optional.of(volumeTypes)
        : Optional.empty());
    List<String> classes = lists.orDefault(CLASSES, dataNodes, "default", "DataNode");
    List<Long> network = network(dataNodes);
    List<Long> pageCaches = pageCaches(dataNodes);
    int groupsPerRack = rackSizes.isEmpty() ? 0 : nodeGroupsPerRack(rackSizes);
    String upgradeDomains = upgradeDomains(dataNodes);
    NetworkSpec net = new NetworkFields(lists, problems).read(dataNodes, racks);
    if (!problems.isEmpty()) {
      return failed();
    }
    List<DataNodeSpec> nodes = new ArrayList<>();
    int index = 0;
    int groupsBefore = 0;
    for (int r = 0; r < racks; r++) {
      for (int k = 0; k < rackSizes.get(r); k++, index++) {
        nodes.add(new DataNodeSpec(
            String.format(Locale.ROOT, "dn%02d", index + 1),
            Addressing.LOOPBACK.dataNode(index, r),
            "/r" + (r + 1),
            groupsPerRack == 0 ? Optional.empty() : Optional.of("ng" + (groupsBefore + k % groupsPerRack + 1)),
            upgradeDomain(upgradeDomains, r, index),
            classes.get(index),
            volumes.get(index),
            network.get(index),
            pageCaches.get(index),
            writeBack.limits(pageCaches.get(index))));
      }
      groupsBefore += groupsPerRack;
    }
    String name = props.getProperty(NAME, source).trim();
    String description = props.getProperty(DESCRIPTION, "").trim();
    return new Reading(Optional.of(new ClusterSpec(name, description, nodes, devices, net,
        Addressing.LOOPBACK)), ValidationStatus.valid());
  }

  private Reading failed() {
    return new Reading(Optional.empty(), new ValidationStatus(problems));
  }

  private void checkUnknownFields() {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      if (!FIELDS.contains(key) && !key.startsWith(DEVICE_MIBPS_PREFIX)) {
        problems.add("unknown field '" + key + "'; allowed fields: " + new TreeSet<>(FIELDS)
            + " and " + DEVICE_MIBPS_PREFIX + "<storage type>");
      }
    }
  }

  private int intField(String key, int min, int max, Integer dflt) {
    String text = props.getProperty(key);
    if (text == null) {
      if (dflt == null) {
        problems.add(key + " is required (an integer from " + min + " to " + max + ")");
        return 0;
      }
      return dflt;
    }
    try {
      int value = Integer.parseInt(text.trim());
      if (value < min || value > max) {
        problems.add(key + " must be from " + min + " to " + max
            + (key.equals(RACKS) ? " (" + DATANODES + ")" : "") + ", was " + value);
        return 0;
      }
      return value;
    } catch (NumberFormatException e) {
      problems.add(key + " must be an integer from " + min + " to " + max + ", was '" + text.trim() + "'");
      return 0;
    }
  }

  /** The volume types; every DataNode needs one at least, so a blank field is a problem, not "no volumes". */
  private List<StorageType> volumeTypes() {
    List<StorageType> types = new ArrayList<>();
    List<String> entries = lists.list(VOLUMES, "DISK");
    if (entries.isEmpty()) {
      problems.add(VOLUMES + " must name at least one storage type (" + VOLUME_TYPES + "), or be left out for DISK;"
          + " it is blank");
    }
    for (String entry : entries) {
      Optional<StorageType> type = storageType(entry);
      if (type.isEmpty() || !VOLUME_TYPES.contains(type.get())) {
        problems.add(VOLUMES + ": unknown storage type '" + entry + "'; allowed: " + VOLUME_TYPES);
      } else {
        types.add(type.get());
      }
    }
    return types;
  }

  private DeviceProfile devices() {
    Map<StorageType, Throughput> speeds = new EnumMap<>(StorageType.class);
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      if (!key.startsWith(DEVICE_MIBPS_PREFIX) || key.equals(DEVICE_BURST)) {
        continue;
      }
      String typeName = key.substring(DEVICE_MIBPS_PREFIX.length());
      Optional<StorageType> type = storageType(typeName);
      if (type.isEmpty() || !VOLUME_TYPES.contains(type.get())) {
        problems.add(key + ": unknown storage type '" + typeName + "'; allowed: " + VOLUME_TYPES);
        continue;
      }
      speed(type.get(), key, props.getProperty(key))
          .ifPresent(mib -> speeds.put(type.get(), Throughput.mibPerSec(mib)));
    }
    return new DeviceProfile(DeviceProfile.DEFAULT_SPEEDS.with(speeds), burst());
  }

  private long burst() {
    String text = props.getProperty(DEVICE_BURST);
    if (text == null) {
      return DeviceProfile.DEFAULT_BURST_BYTES;
    }
    if (text.trim().equals("0")) {
      return 0;
    }
    try {
      return Sizes.parse(text);
    } catch (IllegalArgumentException e) {
      problems.add(DEVICE_BURST + " must be a size >= 0 (e.g. 0, 256k, 1m), was '" + text.trim() + "'");
      return DeviceProfile.DEFAULT_BURST_BYTES;
    }
  }

  /** The speed in MiB/s, checked as {@code replicakit.testbed.device.mibps.*} is (at least 0.01, a decimal). */
  private Optional<Double> speed(StorageType type, String key, String text) {
    if (text.isBlank()) { // the key would read a blank as unset; in a spec it is a value left out
      problems.add(key + " is blank: give a speed in MiB/s");
      return Optional.empty();
    }
    Optional<String> problem = TestbedConfig.deviceSpeedProblem(type, text.trim());
    if (problem.isPresent()) {
      problems.add(key + problem.get());
      return Optional.empty();
    }
    return Optional.of(Double.parseDouble(text.trim()));
  }

  private List<Integer> rackSizes(int dataNodes, int racks) {
    List<String> entries = lists.list(RACK_SIZES, null);
    List<Integer> sizes = new ArrayList<>();
    if (entries.isEmpty()) {
      for (int r = 0; r < racks; r++) {
        sizes.add(dataNodes / racks + (r < dataNodes % racks ? 1 : 0));
      }
      return sizes;
    }
    if (entries.size() != racks) {
      problems.add(RACK_SIZES + " has " + entries.size() + " entries; expected " + racks + " (one per rack)");
      return List.of();
    }
    for (String entry : entries) {
      try {
        int size = Integer.parseInt(entry);
        if (size < 1) {
          throw new NumberFormatException();
        }
        sizes.add(size);
      } catch (NumberFormatException e) {
        problems.add(RACK_SIZES + " entries must be integers >= 1, was '" + entry + "'");
        return List.of();
      }
    }
    int sum = sizes.stream().mapToInt(Integer::intValue).sum();
    if (sum != dataNodes) {
      problems.add(RACK_SIZES + " add up to " + sum + "; expected " + DATANODES + " = " + dataNodes);
      return List.of();
    }
    return sizes;
  }

  /**
   * The volumes of each DataNode from {@code capacities}; {@code types} is empty when {@code volumes} is bad, and
   * then only the sizes are checked (how many each entry has can only be judged against valid types).
   */
  private List<List<VolumeSpec>> capacities(int dataNodes, Optional<List<StorageType>> validTypes) {
    List<String> entries = lists.list(CAPACITIES, null);
    if (entries.isEmpty()) {
      problems.add(CAPACITIES + " is required: one entry per DataNode (" + dataNodes + "), each a size"
          + " or one size per volume separated by '/'");
      return List.of();
    }
    if (entries.size() != dataNodes) {
      problems.add(CAPACITIES + " has " + entries.size() + " entries; expected " + dataNodes
          + " (one per DataNode, " + DATANODES + ")");
      return List.of();
    }
    List<List<VolumeSpec>> result = new ArrayList<>();
    for (String entry : entries) {
      String[] parts = entry.split("/");
      if (validTypes.isEmpty()) {
        checkSizes(parts);
        continue;
      }
      List<StorageType> types = validTypes.get();
      if (parts.length != 1 && parts.length != types.size()) {
        problems.add(CAPACITIES + " entry '" + entry + "' has " + parts.length + " sizes; expected 1 or "
            + types.size() + " (one per volume of " + VOLUMES + " = " + types + ")");
        return List.of();
      }
      List<VolumeSpec> volumes = new ArrayList<>();
      for (int v = 0; v < types.size(); v++) {
        try {
          volumes.add(new VolumeSpec(types.get(v), Sizes.parse(parts[parts.length == 1 ? 0 : v])));
        } catch (IllegalArgumentException e) {
          problems.add(CAPACITIES + ": " + e.getMessage());
          return List.of();
        }
      }
      result.add(volumes);
    }
    return result;
  }

  private void checkSizes(String[] sizes) {
    for (String size : sizes) {
      try {
        Sizes.parse(size);
      } catch (IllegalArgumentException e) {
        problems.add(CAPACITIES + ": " + e.getMessage());
        return;
      }
    }
  }

  private List<Long> network(int dataNodes) {
    List<String> entries = lists.orDefault(NETWORK_MIBPS, dataNodes, "0", "DataNode");
    List<Long> result = new ArrayList<>();
    for (String entry : entries) {
      try {
        double mibps = Double.parseDouble(entry);
        if (mibps < 0 || Double.isNaN(mibps) || Double.isInfinite(mibps)) {
          throw new NumberFormatException();
        }
        result.add((long) (mibps * Sizes.MIB));
      } catch (NumberFormatException e) {
        problems.add(NETWORK_MIBPS + " entries must be speeds >= 0 MiB/s (0 = unlimited), was '" + entry + "'");
        return List.of();
      }
    }
    return result;
  }

  private List<Long> pageCaches(int dataNodes) {
    List<String> entries = lists.orDefault(PAGE_CACHE_MIB, dataNodes, "0", "DataNode");
    List<Long> result = new ArrayList<>();
    for (String entry : entries) {
      try {
        double mib = Double.parseDouble(entry);
        if (mib < 0 || Double.isNaN(mib) || Double.isInfinite(mib)) {
          throw new NumberFormatException();
        }
        result.add((long) (mib * Sizes.MIB));
      } catch (NumberFormatException e) {
        problems.add(PAGE_CACHE_MIB + " entries must be sizes >= 0 MiB (0 = no page cache), was '" + entry + "'");
        return java.util.Collections.nCopies(dataNodes, 0L);
      }
    }
    return result;
  }

  /** The {@code vm.dirty_*} fields, Linux's semantics: percentages of the node's memory and centiseconds. */
  private record WriteBackRatios(int background, int limit, int expireCentisecs, int writebackCentisecs) {

    /**
     * The thresholds of a node whose page cache (its memory for file data) is {@code memoryBytes}: write-through
     * when it has none or when {@code vm.dirty_ratio} is 0.
     */
    DirtyLedger.Limits limits(long memoryBytes) {
      if (memoryBytes == 0 || limit == 0) {
        return DirtyLedger.Limits.WRITE_THROUGH;
      }
      return new DirtyLedger.Limits(memoryBytes * background / 100, memoryBytes * limit / 100,
          expireCentisecs * NANOS_PER_CENTISEC, writebackCentisecs * NANOS_PER_CENTISEC);
    }
  }

  private WriteBackRatios writeBack() {
    int background = intField(DIRTY_BACKGROUND_RATIO, 0, 100, DEFAULT_DIRTY_BACKGROUND_RATIO);
    int limit = intField(DIRTY_RATIO, 0, 100, DEFAULT_DIRTY_RATIO);
    int expire = intField(DIRTY_EXPIRE_CENTISECS, 1, 8_640_000, DEFAULT_DIRTY_EXPIRE_CENTISECS);
    int interval = intField(DIRTY_WRITEBACK_CENTISECS, 1, 8_640_000, DEFAULT_DIRTY_WRITEBACK_CENTISECS);
    // A dirty ratio of 0 writes through and has no background threshold to order against: vm.dirty_ratio=0 alone
    // (the background ratio at its default 10) must be accepted, as docs/testbed.md says.
    if (limit > 0 && background > limit) {
      problems.add(DIRTY_BACKGROUND_RATIO + " (" + background
          + (props.getProperty(DIRTY_BACKGROUND_RATIO) == null ? ", the default" : "") + ") must be at most "
          + DIRTY_RATIO + " (" + limit + ")");
    }
    return new WriteBackRatios(background, limit, expire, interval);
  }

  private int nodeGroupsPerRack(List<Integer> rackSizes) {
    int smallest = rackSizes.stream().mapToInt(Integer::intValue).min().orElse(1);
    return intField(NODE_GROUPS_PER_RACK, 0, smallest, 0);
  }

  private String upgradeDomains(int dataNodes) {
    String value = props.getProperty(UPGRADE_DOMAINS, "none").trim().toLowerCase(Locale.ROOT);
    if (value.equals("none") || value.equals("rack")) {
      return value;
    }
    try {
      int count = Integer.parseInt(value);
      if (count >= 1 && count <= dataNodes) {
        return value;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    problems.add(UPGRADE_DOMAINS + " must be 'none', 'rack' (one domain per rack) or a count from 1 to "
        + dataNodes + " (nodes assigned round-robin), was '" + value + "'");
    return value;
  }

  private static Optional<String> upgradeDomain(String mode, int rackIndex, int nodeIndex) {
    return switch (mode) {
      case "none" -> Optional.empty();
      case "rack" -> Optional.of("ud" + (rackIndex + 1));
      default -> Optional.of("ud" + (nodeIndex % Integer.parseInt(mode) + 1));
    };
  }

  private static Optional<StorageType> storageType(String text) {
    String wanted = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    return Arrays.stream(StorageType.values()).filter(t -> t.name().equals(wanted)).findFirst();
  }
}
