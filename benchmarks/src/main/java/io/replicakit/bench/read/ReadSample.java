/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.net.NetworkPlan;
import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One TestDFSIO read and what the devices saw during it.
 *
 * @param dfsio TestDFSIO's own figures (per-map throughput, job wall time)
 * @param timeline the device snapshots taken during the read
 * @param links each shaped link's bytes during the read ({@code LinkCounters.since}); empty when not shaped
 */
record ReadSample(DfsioResult dfsio, UtilizationTimeline timeline, List<Map<String, Object>> links) {

  ReadSample {
    links = List.copyOf(links);
  }

  /** A read on a cluster without shaped links. */
  ReadSample(DfsioResult dfsio, UtilizationTimeline timeline) {
    this(dfsio, timeline, List.of());
  }

  /**
   * Bytes that left a rack through its uplink during the read (every rack's uplink, upwards), or NaN without shaped
   * links. For a reader on a rack's client host that is the data it read from other racks (plus the job's RPCs to
   * the NameNode); for an off-cluster reader, everything it read.
   */
  double uplinkUpBytes() {
    return linkBytes(NetworkPlan.Kind.RACK_UPLINK, "up_bytes");
  }

  /** Bytes the client hosts' links carried down to their readers, or NaN without shaped links. */
  double clientLinkDownBytes() {
    return linkBytes(NetworkPlan.Kind.CLIENT, "down_bytes");
  }

  /**
   * Bytes the named DataNode's own link carried down to it, or NaN without shaped links: for a reader on that
   * DataNode, what it read from replicas on other nodes.
   */
  double nodeLinkDownBytes(String node) {
    return linkBytes(NetworkPlan.Kind.NODE, node, "down_bytes");
  }

  /** The {@code direction} bytes of every link of {@code kind}, as {@code LinkCounters.since} names both. */
  private double linkBytes(NetworkPlan.Kind kind, String direction) {
    return linkBytes(kind, null, direction);
  }

  /** {@link #linkBytes(NetworkPlan.Kind, String)} of the links named {@code linkName} only, or all if null. */
  private double linkBytes(NetworkPlan.Kind kind, String linkName, String direction) {
    if (links.isEmpty()) {
      return Double.NaN;
    }
    String name = kind.name().toLowerCase(Locale.ROOT);
    double sum = 0;
    for (Map<String, Object> link : links) {
      if (name.equals(link.get("kind")) && (linkName == null || linkName.equals(link.get("link")))) {
        sum += ((Number) link.get(direction)).doubleValue();
      }
    }
    return sum;
  }

  /**
   * Aggregate read throughput: the data read over the job's wall-clock time, as the read paper's Fig. 3 compares
   * execution times (TestDFSIO's own "throughput" is a per-map figure: size over the sum of the maps' times).
   */
  double aggregateMbS() {
    return dfsio.execTimeS() > 0 ? dfsio.totalMb() / dfsio.execTimeS() : Double.NaN;
  }

  /** MiB the devices read over the time they were reading: the aggregate without the job's fixed costs. */
  double deviceMbS() {
    double span = timeline.readSpanSeconds();
    return span > 0 ? timeline.bytesRead() / (double) Sizes.MIB / span : Double.NaN;
  }
}
