/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.spec.ClusterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.StorageType;

/**
 * Where the primary copies go. {@link #SHARED} is the thesis's usual setting: the writers anywhere, every node taking
 * primaries and replicas. {@link #HDD} and {@link #SSD} are §5.1's heterogeneous-storage runs (Figs. 5.2 and 5.3):
 * the nodes split in two, the writers on the first rack's nodes, whose copies are the primaries, and the replicas on
 * the other racks' disks. With HDFS's default placement this needs no new policy: a writer on a rack gets its first
 * replica there and the other two together on one other rack, for HDFS(3,3) as for Pfimbi's copies (which are chosen
 * as the rest of the same pipeline). The thesis split the nodes so that the HDD case, like the SSD case, keeps
 * primary and replica writes on different devices.
 */
public enum PrimaryLayout {

  /** Writers off-cluster, primaries and replicas on every node's disk: the thesis's DFSIO runs (§5.1, §5.3). */
  SHARED("shared", null),
  /** HDD → HDD → HDD on split nodes: primaries on the first rack's disks ({@code HOT}). */
  HDD("hdd", "HOT"),
  /** SSD → HDD → HDD on split nodes: primaries on the first rack's SSDs ({@code ONE_SSD}). */
  SSD("ssd", "ONE_SSD");

  private final String id;
  private final String storagePolicy;

  PrimaryLayout(String id, String storagePolicy) {
    this.id = id;
    this.storagePolicy = storagePolicy;
  }

  public String id() {
    return id;
  }

  /** Whether the writers sit on the first rack so that its nodes take only primaries. */
  public boolean split() {
    return this != SHARED;
  }

  /** The storage policy of the jobs' directories; empty for the cluster's default. */
  public Optional<String> storagePolicy() {
    return Optional.ofNullable(storagePolicy);
  }

  /**
   * Where the TestDFSIO maps run: off-cluster, or, split, on a host of the first rack (the NameNode puts each
   * block's first replica on some node of that rack).
   */
  public ClientPlacement writers(ClusterSpec spec) {
    return split() ? ClientPlacement.inRack(primaryRack(spec)) : ClientPlacement.offCluster();
  }

  static String primaryRack(ClusterSpec spec) {
    return spec.racks().get(0);
  }

  /**
   * Why the spec cannot run this layout; empty when it can. A split needs a second rack for the replicas, a DISK
   * volume for them and, for {@link #SSD}, an SSD volume for the primaries (every node has the same volume types).
   */
  public List<String> problems(ClusterSpec spec) {
    List<String> problems = new ArrayList<>();
    if (!split()) {
      return problems;
    }
    if (spec.racks().size() < 2) {
      problems.add("layout " + id + " splits the nodes by rack, and spec " + spec.name() + " has one rack");
    }
    List<StorageType> types = spec.volumeTypes();
    if (!types.contains(StorageType.DISK)) {
      problems.add("layout " + id + " writes replicas to DISK volumes, and spec " + spec.name() + " has " + types);
    }
    if (this == SSD && !types.contains(StorageType.SSD)) {
      problems.add("layout ssd writes primaries to SSD volumes, and spec " + spec.name() + " has " + types);
    }
    return problems;
  }

  public static PrimaryLayout of(String id) {
    return Arrays.stream(values()).filter(l -> l.id.equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown layout '" + id + "'; layouts: shared, hdd, ssd"));
  }

  /** A comma-separated list of layouts. */
  public static List<PrimaryLayout> parseList(String csv) {
    List<PrimaryLayout> layouts = Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty())
        .map(PrimaryLayout::of).distinct().toList();
    if (layouts.isEmpty()) {
      throw new IllegalArgumentException("no layout in '" + csv + "'; layouts: shared, hdd, ssd");
    }
    return layouts;
  }
}
