/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Where the written data ended up: how many blocks, which storage-type mix their replicas have (One_SSD should
 * give one SSD and two DISK replicas each), and how many replicas each DataNode holds (the hotspot experiment
 * stresses the node that holds the most).
 *
 * @param blocks blocks under the data directory
 * @param mixes block count per replica type mix, e.g. {@code DISK+DISK+SSD}
 * @param replicasByNode replicas per DataNode name
 * @param ssdByNode SSD replicas per DataNode name (for a reader in a rack: which SSDs are near)
 */
record DataLayout(int blocks, Map<String, Integer> mixes, Map<String, Integer> replicasByNode,
    Map<String, Integer> ssdByNode) {

  DataLayout {
    mixes = Collections.unmodifiableMap(new TreeMap<>(mixes));
    replicasByNode = Collections.unmodifiableMap(new TreeMap<>(replicasByNode));
    ssdByNode = Collections.unmodifiableMap(new TreeMap<>(ssdByNode));
  }

  /** A layout without SSD replicas. */
  DataLayout(int blocks, Map<String, Integer> mixes, Map<String, Integer> replicasByNode) {
    this(blocks, mixes, replicasByNode, Map.of());
  }

  static DataLayout of(Cluster cluster, String dir) throws IOException {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      return of(cluster, dir, fs);
    }
  }

  /**
   * The layout read through a client of {@code conf}: after a NameNode restart, one whose idle connections close
   * quickly ({@code DfsioClientConf}), so no connection pooled before the restart is used.
   */
  static DataLayout of(Cluster cluster, String dir, Configuration conf) throws IOException {
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(cluster.uri(), conf)) {
      return of(cluster, dir, fs);
    }
  }

  private static DataLayout of(Cluster cluster, String dir, DistributedFileSystem fs) throws IOException {
    Map<String, String> nodeByIp = cluster.spec().dataNodes().stream()
        .collect(Collectors.toMap(DataNodeSpec::address, DataNodeSpec::name));
    Map<String, Integer> mixes = new LinkedHashMap<>();
    Map<String, Integer> byNode = new LinkedHashMap<>();
    Map<String, Integer> ssdByNode = new LinkedHashMap<>();
    int blocks = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(new Path(dir), true);
    while (files.hasNext()) {
      for (BlockLocation block : files.next().getBlockLocations()) {
        blocks++;
        mixes.merge(mix(block.getStorageTypes()), 1, Integer::sum);
        String[] names = block.getNames();
        StorageType[] types = block.getStorageTypes();
        for (int i = 0; i < names.length; i++) {
          String ip = names[i].substring(0, names[i].lastIndexOf(':'));
          String node = nodeByIp.getOrDefault(ip, ip);
          byNode.merge(node, 1, Integer::sum);
          if (i < types.length && types[i] == StorageType.SSD) {
            ssdByNode.merge(node, 1, Integer::sum);
          }
        }
      }
    }
    return new DataLayout(blocks, mixes, byNode, ssdByNode);
  }

  static String mix(StorageType[] types) {
    List<String> names = new ArrayList<>();
    Arrays.stream(types).forEach(t -> names.add(t.name()));
    Collections.sort(names);
    return String.join("+", names);
  }

  /** The DataNode holding the most replicas (the first by name on a tie). */
  String busiestNode() {
    return replicasByNode.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
        .thenComparing(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())))
        .map(Map.Entry::getKey).orElseThrow(() -> new IllegalStateException("no replicas"));
  }

  /** Share of the blocks with a replica on {@code node}, percent. */
  double blockSharePct(String node) {
    return blocks == 0 ? Double.NaN : 100.0 * replicasByNode.getOrDefault(node, 0) / blocks;
  }

  /** E.g. {@code DISK+DISK+SSD for 576 of 576 blocks}. */
  String describeTypes() {
    return mixes.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .map(e -> e.getKey() + " for " + e.getValue() + " of " + blocks + " blocks")
        .collect(Collectors.joining(", "));
  }
}
