package io.replicakit.read.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p>A value class (equal models are interchangeable); not a record only because it keeps a lookup table beside
 * its components.
 */
public final class StorageModel {

  private final Map<String, Double> throughputMbps;
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
   * @param throughputMbps maximum read throughput per storage type name, MB/s
   * @param intraRackMbps bandwidth between nodes of one rack, MB/s
   * @param interRackMbps bandwidth between racks, MB/s
   */
  public StorageModel(Map<String, Double> throughputMbps, double intraRackMbps, double interRackMbps) {
    for (Map.Entry<String, Double> e : throughputMbps.entrySet()) {
      Objects.requireNonNull(e.getKey(), "storage type");
      Objects.requireNonNull(e.getValue(), "throughput of " + e.getKey());
    }
    this.throughputMbps = Map.copyOf(throughputMbps);
    this.intraRackMbps = intraRackMbps;
    this.interRackMbps = interRackMbps;
    this.table = Table.of(this.throughputMbps);
  }

  /** Maximum read throughput per storage type name, MB/s. */
  public Map<String, Double> throughputMbps() {
    return throughputMbps;
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
    return o instanceof StorageModel m && throughputMbps.equals(m.throughputMbps)
        && Double.compare(intraRackMbps, m.intraRackMbps) == 0 && Double.compare(interRackMbps, m.interRackMbps) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(throughputMbps, intraRackMbps, interRackMbps);
  }

  @Override
  public String toString() {
    return "StorageModel[throughputMbps=" + throughputMbps + ", intraRackMbps=" + intraRackMbps
        + ", interRackMbps=" + interRackMbps + "]";
  }

  /**
   * The configured types and their throughputs, in matching order, plus DISK's for any other type. The
   * throughputs are looked up several times for every replica of every block read. Storage type names are HDFS's
   * enum constant names, the same String each time, so a scan of the few configured types by identity finds them
   * faster than any hash lookup (a {@code Map.copyOf} table's division per lookup cost a tenth of the combined
   * policy's time).
   */
  private record Table(String[] types, double[] mbps, double diskMbps) {

    /**
     * DISK and SSD first, the types nearly every block has, then the others by name: a fixed order, so that
     * the lookup's cost does not change from one JVM to the next with {@code Map.copyOf}'s randomized order.
     */
    static Table of(Map<String, Double> throughputMbps) {
      List<String> order = new ArrayList<>(throughputMbps.keySet());
      order.sort(Comparator.comparingInt((String t) -> t.equals("DISK") ? 0 : t.equals("SSD") ? 1 : 2)
          .thenComparing(Comparator.naturalOrder()));
      String[] types = new String[order.size()];
      double[] mbps = new double[types.length];
      for (int i = 0; i < types.length; i++) {
        types[i] = order.get(i).intern(); // enum constant names are interned, so identity finds them
        mbps[i] = throughputMbps.get(order.get(i));
      }
      return new Table(types, mbps, throughputMbps.getOrDefault("DISK", 1.0));
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
      return diskMbps;
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

  /** Throughput of a storage type; a type without a configured value counts as DISK. */
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
