package io.replicakit.read.policy;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

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
 * @param throughputMbps maximum read throughput per storage type name, MB/s
 * @param intraRackMbps bandwidth between nodes of one rack, MB/s
 * @param interRackMbps bandwidth between racks, MB/s
 */
public record StorageModel(Map<String, Double> throughputMbps, double intraRackMbps, double interRackMbps) {

  /**
   * What a round-robin or storage-type decision needs of a block, found in two passes without building lists:
   * the best eligible fast replica (null if none), the closest slow replica, and the fastest and slowest
   * throughputs present. Slow are the replicas on the slowest type present, fast all the others; a slow replica
   * is always eligible (§3.1: read slow storage from the closest node), a fast one only under the rules above.
   */
  public record Choice(Replica bestFast, Replica closestSlow, double fastestMbps, double slowestMbps) {

    /** Whether the replica is on a faster type than the block's slowest, eligible or not. */
    public boolean isFast(Replica r, StorageModel model) {
      return model.throughput(r.storageType()) > slowestMbps;
    }

    /**
     * Whether the block's eligible replicas offer both classes, so that a policy has a storage class to choose
     * (§3.2): an eligible fast replica exists, and a slow one always does.
     */
    public boolean offersBothClasses() {
      return bestFast != null;
    }
  }

  /**
   * The throughputs are looked up for every replica of every block read: an unmodifiable {@code HashMap} finds
   * the storage type names (HDFS's enum constants, the same String each time) by identity after a mask, where
   * {@code Map.copyOf}'s table paid a division per lookup, a tenth of the combined policy's time.
   */
  public StorageModel {
    for (Map.Entry<String, Double> e : throughputMbps.entrySet()) {
      java.util.Objects.requireNonNull(e.getKey(), "storage type");
      java.util.Objects.requireNonNull(e.getValue(), "throughput of " + e.getKey());
    }
    throughputMbps = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(throughputMbps));
  }

  /**
   * The {@link Choice} for a block: the one place the §3.1 rules decide the classes and which fast replicas are
   * eligible. Ties among equally good replicas are broken at random.
   */
  public Choice choose(List<Replica> replicas, RandomGenerator random) {
    double slowest = Double.POSITIVE_INFINITY;
    double fastest = 0;
    for (Replica r : replicas) {
      double t = throughput(r.storageType());
      slowest = Math.min(slowest, t);
      fastest = Math.max(fastest, t);
    }
    Replica bestFast = null;
    double bestFastMbps = 0;
    int fastTies = 0;
    Replica closestSlow = null;
    int slowTies = 0;
    for (Replica r : replicas) {
      double t = throughput(r.storageType());
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
    return new Choice(bestFast, closestSlow, fastest, slowest);
  }

  /** Negative when (throughput a, distance a) is the better fast replica: faster, then closer. */
  private static int compareFast(double mbpsA, int distanceA, double mbpsB, int distanceB) {
    if (mbpsA != mbpsB) {
      return mbpsA > mbpsB ? -1 : 1;
    }
    return Integer.compare(distanceA, distanceB);
  }

  /** Throughput of a storage type; a type without a configured value counts as DISK. */
  public double throughput(String storageType) {
    Double t = throughputMbps.get(storageType);
    return t != null ? t : throughputMbps.getOrDefault("DISK", 1.0);
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
