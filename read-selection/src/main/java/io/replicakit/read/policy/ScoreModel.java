/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;

/**
 * The hotspot paper's replica score out of 10 (§III, Table I): network distance 35 % (3.5 points on the
 * reader's node, 2.8 in its rack, 2.1 elsewhere), idle CPU 10 % (1 point at 80–100 % idle, 0.75 at 60–79,
 * 0.5 at 40–59, 0.25 below), free memory 20 % (2 points, proportional to the free share) and I/O 35 % (await
 * 1.5 points, read and write throughput 1 point each). The paper fixes the I/O points' shape only loosely; here
 * each falls linearly from full at zero to none at a reference (await 100 ms, 2.72 MB/s of reads or writes,
 * the paper's measured random-I/O speed of commodity disks), both configurable. A metric missing from a sample
 * earns half its points, so it neither wins nor loses a comparison on its own.
 *
 * <p>Not in the paper: {@code assignmentPenalty}, the points a volume loses for each block already put first on
 * it since its DataNode's latest sample (see {@link Scorer}), up to its remaining read points; without it every
 * reader between two samples picks the same node. Also not in the paper: the {@link HeadroomDraw}, which puts
 * first a replica drawn at random in proportion to its volume's headroom among those not clearly worse ({@code
 * margin}, {@code queueExponent}).
 *
 * @param points the maximum points of each part
 * @param awaitReferenceMs await at which the await points reach 0
 * @param ioReferenceKbps read or write rate at which their points reach 0
 * @param assignmentPenalty points off per block put first on the volume since its DataNode's latest sample
 * @param margin other-load points by which a replica may trail the best one and still be drawn first
 *     ({@link HeadroomDraw}; 0: no draw, strictly the highest score, as the paper)
 * @param queueExponent the power of a volume's queue estimate in the draw's weights (3, C3's cubic)
 */
public record ScoreModel(Points points, double awaitReferenceMs, double ioReferenceKbps,
    double assignmentPenalty, double margin, double queueExponent) {

  /** Maximum points per part; the paper's are 3.5/2.8/2.1, 1, 2, 1.5, 1, 1. */
  public record Points(double local, double rack, double remote, double cpu, double memory, double await,
      double read, double write) {}

  public static final Points PAPER_POINTS = new Points(3.5, 2.8, 2.1, 1.0, 2.0, 1.5, 1.0, 1.0);

  public double distance(Locality locality) {
    switch (locality) {
      case LOCAL:
        return points.local();
      case SAME_RACK:
        return points.rack();
      default:
        return points.remote();
    }
  }

  /** Points of a DataNode's state for a replica on volume {@code storageId}: CPU, memory and that volume's I/O. */
  public double state(NodeState node, String storageId) {
    return state(node.sample(), storageId);
  }

  /** The same for a DataNode's latest sample. */
  public double state(SystemSample sample, String storageId) {
    HostMetrics host = sample.host();
    return cpu(host) + memory(host) + io(volume(sample, storageId));
  }

  /**
   * The read-throughput points of a replica's volume: what blocks sent to the volume since its sample may take
   * away ({@link Scorer}), since they stand for reads the sample has not seen yet.
   */
  public double readPoints(SystemSample sample, String storageId) {
    VolumeMetrics v = volume(sample, storageId);
    return v == null ? points.read() / 2 : falling(v.readKbPerSec(), ioReferenceKbps, points.read());
  }

  /**
   * The points of the parts of a replica's state that the reads the NameNode orders do not drive: idle CPU, free
   * memory and the write throughput of its volume. Read throughput and await rise with the reads sent to a node
   * (the load the assignment penalty estimates and the margin spreads); these fall with load from elsewhere (another
   * tenant, writes), which the paper's score exists to avoid ({@link Scorer}).
   */
  public double otherLoadPoints(SystemSample sample, String storageId) {
    VolumeMetrics v = volume(sample, storageId);
    double write = v == null ? points.write() / 2 : falling(v.writeKbPerSec(), ioReferenceKbps, points.write());
    return cpu(sample.host()) + memory(sample.host()) + write;
  }

  /**
   * The replica's volume's mean queue length in the sample (requests in flight, as iostat's {@code aqu-sz}); from
   * its utilization when the queue is not reported ({@code u / (1 - u)}, one server's mean queue at that load);
   * NaN when neither is.
   */
  public double queue(SystemSample sample, String storageId) {
    VolumeMetrics v = volume(sample, storageId);
    if (v == null) {
      return Double.NaN;
    }
    if (!Double.isNaN(v.queueLength())) {
      return Math.max(0, v.queueLength());
    }
    if (!v.hasUtilization()) {
      return Double.NaN;
    }
    double u = Math.min(Math.max(v.utilizationPct(), 0), 99) / 100;
    return u / (1 - u);
  }

  private double cpu(HostMetrics host) {
    if (!host.hasCpu()) {
      return points.cpu() / 2;
    }
    double idle = host.cpuIdlePct();
    double share = idle >= 80 ? 1.0 : idle >= 60 ? 0.75 : idle >= 40 ? 0.5 : 0.25;
    return points.cpu() * share;
  }

  private double memory(HostMetrics host) {
    return host.hasMemory() ? points.memory() * host.memoryFreePct() / 100 : points.memory() / 2;
  }

  private double io(VolumeMetrics v) {
    if (v == null) {
      return (points.await() + points.read() + points.write()) / 2;
    }
    return falling(v.awaitMs(), awaitReferenceMs, points.await())
        + falling(v.readKbPerSec(), ioReferenceKbps, points.read())
        + falling(v.writeKbPerSec(), ioReferenceKbps, points.write());
  }

  private static double falling(double value, double reference, double max) {
    if (Double.isNaN(value)) {
      return max / 2;
    }
    return max * Math.max(0, 1 - value / reference);
  }

  /** The replica's volume; without it (unknown storage ID) the node's busiest volume, the cautious guess. */
  private static VolumeMetrics volume(SystemSample sample, String storageId) {
    VolumeMetrics busiest = null;
    for (VolumeMetrics v : sample.volumes()) {
      if (v.storageId().equals(storageId)) {
        return v;
      }
      if (v.hasUtilization() && (busiest == null || v.utilizationPct() > busiest.utilizationPct())) {
        busiest = v;
      }
    }
    return busiest;
  }
}
