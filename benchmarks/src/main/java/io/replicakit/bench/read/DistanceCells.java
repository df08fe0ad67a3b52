/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.common.storage.Throughput;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.fs.StorageType;

/**
 * The cells of the read paper's Fig. 2 (§3.1) for one reader on a DataNode: a file whose only replica is on the
 * reader's own node, on another node of its rack, or on a node of another rack, on an SSD or on a DISK; and for
 * each the most one stream can read, the slower of the device and the slowest shaped link on the path. Pure: no
 * cluster.
 */
final class DistanceCells {

  private static final double MIB = 1024.0 * 1024.0;

  /** How far a replica is from the reader, in HDFS's topology (§3.1: same node, same rack, other rack). */
  enum Distance {
    LOCAL("local"), IN_RACK("in-rack"), OFF_RACK("off-rack");

    private final String label;

    Distance(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  /**
   * One file to read: where its replica is and on which medium.
   *
   * @param node the DataNode holding the file's only replica
   */
  record Cell(Distance distance, String node, StorageType type) {

    /** E.g. {@code ssd-off-rack}: the variant's name in the results. */
    String id() {
      return type.name().toLowerCase(Locale.ROOT) + "-" + distance.label();
    }

    /** TestDFSIO's base directory for this cell's file. */
    String dir() {
      return "/read-distance/" + id();
    }

    /** The storage policy that puts a file with one replica on this medium. */
    String storagePolicy() {
      return type == StorageType.SSD ? "ALL_SSD" : "HOT";
    }
  }

  /** The media compared, fast first. */
  static final List<StorageType> TYPES = List.of(StorageType.SSD, StorageType.DISK);

  private DistanceCells() {}

  /**
   * The six cells for {@code reader}: its own node, the first other node of its rack, the first node of another
   * rack, each with an SSD and a DISK file.
   *
   * @throws IllegalArgumentException when the reader's rack has no other node or the spec has one rack
   */
  static List<Cell> of(ClusterSpec spec, String reader) {
    DataNodeSpec r = spec.dataNode(reader);
    String inRack = spec.dataNodesInRack(r.rack()).stream().map(DataNodeSpec::name)
        .filter(n -> !n.equals(r.name())).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("reader " + r.name() + ": rack " + r.rack()
            + " has no other DataNode, so nothing can be read from within the rack"));
    String offRack = spec.dataNodes().stream().filter(n -> !n.rack().equals(r.rack())).map(DataNodeSpec::name)
        .findFirst().orElseThrow(() -> new IllegalArgumentException("spec '" + spec.name()
            + "' has one rack, so nothing can be read from another rack"));
    List<Cell> cells = new ArrayList<>();
    for (Distance d : Distance.values()) {
      String node = d == Distance.LOCAL ? r.name() : d == Distance.IN_RACK ? inRack : offRack;
      TYPES.forEach(t -> cells.add(new Cell(d, node, t)));
    }
    return cells;
  }

  /** The first DataNode whose rack has another one (every cell exists for it), else the first DataNode. */
  static String defaultReader(ClusterSpec spec) {
    return spec.dataNodes().stream().filter(n -> spec.dataNodesInRack(n.rack()).size() > 1)
        .map(DataNodeSpec::name).findFirst().orElse(spec.dataNodes().get(0).name());
  }

  /**
   * The most one stream reads from {@code cell}, MiB/s (TestDFSIO's unit): the device's speed, or the slowest
   * shaped link between the replica and the reader if slower (the replica's node link and, across racks, both
   * racks' uplinks, then the reader's node link). A local read crosses no link. Unshaped links do not bound.
   */
  static double boundMibS(ClusterSpec spec, String reader, Cell cell) {
    double bound = spec.devices().mibPerSec(cell.type());
    for (Throughput link : linksOnPath(spec, reader, cell)) {
      if (link.bytesPerSec() > 0) {
        bound = Math.min(bound, link.bytesPerSec() / MIB);
      }
    }
    return bound;
  }

  /** The slowest shaped link on the cell's path, or empty when none is shaped or the read is local. */
  static Optional<Double> slowestLinkMibS(ClusterSpec spec, String reader, Cell cell) {
    return linksOnPath(spec, reader, cell).stream().filter(l -> l.bytesPerSec() > 0)
        .map(l -> l.bytesPerSec() / MIB).min(Double::compare);
  }

  private static List<Throughput> linksOnPath(ClusterSpec spec, String reader, Cell cell) {
    if (cell.distance() == Distance.LOCAL) {
      return List.of();
    }
    DataNodeSpec from = spec.dataNode(cell.node());
    DataNodeSpec to = spec.dataNode(reader);
    List<Throughput> links = new ArrayList<>();
    links.add(spec.network().nodeLink(spec.dataNodes().indexOf(from)));
    if (cell.distance() == Distance.OFF_RACK) {
      links.add(spec.network().rackUplink(spec.racks().indexOf(from.rack())));
      links.add(spec.network().rackUplink(spec.racks().indexOf(to.rack())));
    }
    links.add(spec.network().nodeLink(spec.dataNodes().indexOf(to)));
    return links;
  }
}
