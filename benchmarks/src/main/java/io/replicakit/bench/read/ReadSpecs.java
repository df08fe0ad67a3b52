/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.StorageType;

/** Loads the read experiments' cluster spec with the profile's device speeds and describes it for results. */
final class ReadSpecs {

  private ReadSpecs() {}

  /**
   * The spec {@code nameOrPath} with the profile's device speeds where the spec sets none, then the
   * {@code FIELD=VALUE} overrides (as the CLI's {@code --spec-set}).
   *
   * @param ssdMibS SSD speed, or NaN to keep the spec's (or the testbed's default)
   */
  static ClusterSpec load(String nameOrPath, List<String> overrides, double ssdMibS, double diskMibS) {
    Properties props = ClusterSpecs.properties(nameOrPath);
    speed(props, StorageType.SSD, ssdMibS);
    speed(props, StorageType.DISK, diskMibS);
    for (String setting : overrides) {
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--spec-set takes FIELD=VALUE, was '" + setting + "'");
      }
      props.setProperty(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
    }
    return SpecParser.parse(props, nameOrPath);
  }

  private static void speed(Properties props, StorageType type, double mibS) {
    String key = SpecParser.DEVICE_MIBPS_PREFIX + type.name().toLowerCase(Locale.ROOT);
    if (!Double.isNaN(mibS) && !props.containsKey(key)) {
      props.setProperty(key, Double.toString(mibS));
    }
  }

  static void requireTypes(ClusterSpec spec, StorageType... types) {
    for (StorageType t : types) {
      if (!spec.volumeTypes().contains(t)) {
        throw new IllegalArgumentException("spec '" + spec.name() + "' has no " + t + " volumes (it has "
            + spec.volumeTypes() + "); this experiment needs " + List.of(types));
      }
    }
  }

  /** The {@code cluster} object of results.json: the spec as used and where the data went. */
  static Map<String, Object> describe(ClusterSpec spec, DataLayout layout, int replication, String storagePolicy) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("spec", spec.name());
    c.put("datanodes", spec.dataNodes().size());
    c.put("racks", spec.racks().size());
    c.put("rack_sizes", spec.racks().stream().map(r -> spec.dataNodesInRack(r).size())
        .collect(Collectors.toList()));
    c.put("volumes", spec.volumeTypes().stream().map(Enum::name).collect(Collectors.joining(",")));
    c.put("capacities_bytes", spec.dataNodes().stream().map(DataNodeSpec::capacityBytes)
        .collect(Collectors.toList()));
    Map<String, Object> speeds = new LinkedHashMap<>();
    spec.volumeTypes().forEach(t -> speeds.put(t.name(), spec.devices().mibPerSec(t)));
    c.put("device_mib_s", speeds);
    c.put("storage", storagePolicy);
    c.put("replication", replication);
    c.put("blocks", layout.blocks());
    c.put("replica_type_mixes", layout.mixes());
    c.put("replicas_per_datanode", layout.replicasByNode());
    c.put("ssd_replicas_per_datanode", layout.ssdByNode());
    return c;
  }
}
