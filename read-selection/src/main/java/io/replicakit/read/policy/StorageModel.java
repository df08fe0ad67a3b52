/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;

/**
 * What the read-selection paper pre-configures (§3.1): each storage type's maximum throughput and the network
 * bandwidth inside and between racks. From it come the fast and slow replicas of a block and the paper's
 * network rules for reading fast storage:
 *
 * <ol>
 *   <li>on the reader's own node, read the fast replica;
 *   <li>in the reader's rack, read it only if the intra-rack bandwidth exceeds the slow storage's throughput
 *       (otherwise the link, not the disk, limits the read and fast storage gains nothing);
 *   <li>in another rack, read the closest replica.
 * </ol>
 *
 * Rule 3 is rule 2 applied with the inter-rack bandwidth, which defaults to 0 (the paper treats rack uplinks as
 * too congested to gain from fast storage); an operator whose uplinks carry more than slow storage delivers
 * sets it and fast storage becomes eligible across racks too.
 *
 * <p>Rates arrive as {@link Throughput}s and are compared here in MB/s, the paper's unit; only ratios and
 * comparisons of them matter. A value class (equal models are interchangeable); not a record only because it keeps
 * a lookup table beside its components.
 */
public final class StorageModel {

  private final StorageSpeeds throughput;
  private final Throughput intraRack;
  private final Throughput interRack;
  private final double intraRackMbps;
  private final double interRackMbps;
  private final Table table;

  /**
   * The storage classes a block's replicas offer: the fastest and slowest throughputs present, and whether an
   * eligible fast replica exists. Slow are the replicas on the slowest type present, fast all the others; a slow
   * replica is always eligible (§3.1: read slow storage from the closest node), a fast one only under the rules
   * above. What a round-robin turn needs, without choosing a replica.
   */
  public record Classes(double fastestMbps, double slowestMbps, boolean offersBothClasses) {

    /**
     * Whether the block has replicas of a faster type than its slowest, eligible or not: its read lands on one
     * class or the other, so the round-robin counts it even when the network rules leave no choice.
     */
    public boolean hasBothTypes() {
      return fastestMbps > slowestMbps;
    }

    /** Whether the replica is on a faster type than the block's slowest, eligible or not. */
    public boolean isFast(Replica r, StorageModel model) {
      return model.throughput(r.storageType()) > slowestMbps;
    }

    /** Whether the replica is fast and worth reading as such from where the reader is (§3.1). */
    public boolean isEligibleFast(Replica r, StorageModel model) {
      return isFast(r, model) && model.pathBandwidth(r.locality()) > slowestMbps;
    }
  }

  /**
   * What a storage-type or round-robin decision needs of a block, found in two passes without building lists:
   * its {@link Classes}, the best eligible fast replica (null if none: then the block offers one class only) and
   * the closest slow replica.
   */
  public record Choice(Replica bestFast, Replica closestSlow, Classes classes) {

    public double fastestMbps() {
      return classes.fastestMbps();
    }

    public double slowestMbps() {
      return classes.slowestMbps();
    }

    /**
     * Whether the block's eligible replicas offer both classes, so that a policy has a storage class to choose
     * (§3.2): an eligible fast replica exists, and a slow one always does.
     */
    public boolean offersBothClasses() {
      return classes.offersBothClasses();
    }
  }

  /**
   * @param throughput maximum read throughput of each storage type
   * @param intraRack bandwidth between nodes of one rack
   * @param interRack bandwidth between racks
   */
  public StorageModel(StorageSpeeds throughput, Throughput intraRack, Throughput interRack) {
    this.throughput = Objects.requireNonNull(throughput, "throughput");
    this.intraRack = Objects.requireNonNull(intraRack, "intraRack");
    this.interRack = Objects.requireNonNull(interRack, "interRack");
    this.intraRackMbps = intraRack.mbPerSec();
    this.interRackMbps = interRack.mbPerSec();
    this.table = Table.of(throughput);
  }

  /** Maximum read throughput of each storage type. */
  public StorageSpeeds speeds() {
    return throughput;
  }

  /** Bandwidth between nodes of one rack, MB/s. */
  public double intraRackMbps() {
    return intraRackMbps;
  }

  /** Bandwidth between racks, MB/s. */
  public double interRackMbps() {
    return interRackMbps;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StorageModel m && throughput.equals(m.throughput) && intraRack.equals(m.intraRack)
        && interRack.equals(m.interRack);
  }

  @Override
  public int hashCode() {
    return Objects.hash(throughput, intraRack, interRack);
  }

  @Override
  public String toString() {
    return "StorageModel[throughput=" + throughput + ", intraRack=" + intraRack + ", interRack=" + interRack + "]";
  }

  /**
   * Every storage type's name and throughput in MB/s, in matching order, and that of HDFS's default type for names
   * this Hadoop does not know. The throughputs are looked up several
   * times for every replica of every block read. Storage type names are HDFS's enum constant names, the same
   * String each time, so a scan of the few types by identity finds them faster than any hash lookup (a
   * {@code Map.copyOf} table's division per lookup cost a tenth of the combined policy's time).
   */
  private record Table(String[] types, double[] mbps, double defaultMbps) {

    /** DISK and SSD first, the types nearly every block has, then the others in the enum's order. */
    static Table of(StorageSpeeds speeds) {
      StorageType[] order = StorageType.values().clone();
      Arrays.sort(order, (a, b) -> Integer.compare(rank(a), rank(b)));
      String[] types = new String[order.length];
      double[] mbps = new double[order.length];
      for (int i = 0; i < order.length; i++) {
        types[i] = order[i].name(); // an enum constant's name: the very String a replica's type is
        mbps[i] = speeds.get(order[i]).mbPerSec();
      }
      return new Table(types, mbps, speeds.get(StorageType.DEFAULT).mbPerSec());
    }

    private static int rank(StorageType type) {
      return type == StorageType.DISK ? 0 : type == StorageType.SSD ? 1 : 2;
    }

    double lookup(String type) {
      for (int i = 0; i < types.length; i++) {
        if (types[i] == type) {
          return mbps[i];
        }
      }
      for (int i = 0; i < types.length; i++) {
        if (types[i].equals(type)) {
          return mbps[i];
        }
      }
      return defaultMbps;
    }
  }

  /**
   * The block's {@link Classes}, for a policy that takes the turn's class from them but picks the replica by
   * other means (combined): no replica is chosen, so no ties are broken.
   */
  public Classes classes(List<Replica> replicas) {
    double slowest = Double.POSITIVE_INFINITY;
    double fastest = 0;
    double reach = 0; // the most a replica could deliver: its type's throughput or its path's, whichever is less
    for (Replica r : replicas) {
      double t = throughput(r.storageType());
      slowest = Math.min(slowest, t);
      fastest = Math.max(fastest, t);
      reach = Math.max(reach, Math.min(t, pathBandwidth(r.locality())));
    }
    // An eligible fast replica beats the slowest type both in throughput and over its path (§3.1).
    return new Classes(fastest, slowest, reach > slowest);
  }

  private double slowestMbps(List<Replica> replicas) {
    double slowest = Double.POSITIVE_INFINITY;
    for (Replica r : replicas) {
      slowest = Math.min(slowest, throughput(r.storageType()));
    }
    return slowest;
  }

  /**
   * The {@link Choice} for a block: where the §3.1 rules decide the classes and which fast replicas are eligible,
   * with {@link #classes} (its tests hold the two to the same classes for every block). Ties among equally good
   * replicas are broken at random.
   */
  public Choice choose(List<Replica> replicas, RandomGenerator random) {
    double slowest = slowestMbps(replicas);
    double fastest = 0;
    Replica bestFast = null;
    double bestFastMbps = 0;
    int fastTies = 0;
    Replica closestSlow = null;
    int slowTies = 0;
    for (Replica r : replicas) {
      double t = throughput(r.storageType());
      fastest = Math.max(fastest, t);
      if (t <= slowest) {
        boolean closer = closestSlow == null || r.distance() < closestSlow.distance();
        if (closer) {
          closestSlow = r;
          slowTies = 1;
        } else if (r.distance() == closestSlow.distance() && random.nextInt(++slowTies) == 0) {
          closestSlow = r;
        }
      } else if (pathBandwidth(r.locality()) > slowest) {
        int cmp = bestFast == null ? -1 : compareFast(t, r.distance(), bestFastMbps, bestFast.distance());
        if (cmp < 0) {
          bestFast = r;
          bestFastMbps = t;
          fastTies = 1;
        } else if (cmp == 0 && random.nextInt(++fastTies) == 0) {
          bestFast = r;
        }
      }
    }
    return new Choice(bestFast, closestSlow, new Classes(fastest, slowest, bestFast != null));
  }

  /** Negative when (throughput a, distance a) is the better fast replica: faster, then closer. */
  private static int compareFast(double mbpsA, int distanceA, double mbpsB, int distanceB) {
    if (mbpsA != mbpsB) {
      return mbpsA > mbpsB ? -1 : 1;
    }
    return Integer.compare(distanceA, distanceB);
  }

  /**
   * Throughput of a storage type (HDFS's name of it), MB/s; a name this Hadoop does not know (a newer one's type)
   * counts as HDFS's default type, DISK.
   */
  public double throughput(String storageType) {
    return table.lookup(storageType);
  }

  /** How fast data can come over the path to a replica; unlimited on the reader's own node. */
  public double pathBandwidth(Locality locality) {
    switch (locality) {
      case LOCAL:
        return Double.POSITIVE_INFINITY;
      case SAME_RACK:
        return intraRackMbps;
      default:
        return interRackMbps;
    }
  }
}
