package io.replicakit.bench.read;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The read paper's model of a read on heterogeneous storage (§3.2): a policy sends a fraction {@code f} of the
 * blocks to fast storage and the rest to slow storage, and the read ends when the busier class is done, so the
 * cluster reads at most {@code 1 / max(f / fast, (1 − f) / slow)} with {@code fast} and {@code slow} the summed
 * speeds of all fast and all slow devices. It is the device-bound ceiling of each policy, reached only with
 * enough parallel readers and no other cost; the report shows it beside the measurements.
 *
 * @param nodes DataNodes, each with one fast and one slow volume
 * @param fastMibS speed of one fast volume
 * @param slowMibS speed of one slow volume
 * @param replication replicas per block, one of them on fast storage (One_SSD)
 */
record DeviceModel(int nodes, double fastMibS, double slowMibS, int replication) {

  private static final Pattern WRR_WEIGHT = Pattern.compile("wrr\\(w=([0-9.]+)\\)");

  /** Ceiling in MiB/s when {@code fastFraction} of the blocks are read from fast storage. */
  double ceilingMibS(double fastFraction) {
    double fast = fastFraction / (nodes * fastMibS);
    double slow = (1 - fastFraction) / (nodes * slowMibS);
    return 1 / Math.max(fast, slow);
  }

  /**
   * The fraction of blocks a policy reads from fast storage by the paper's analysis: network distance picks
   * one replica of {@code replication} at random; storage type always the fast one; WRR {@code w / (w + 1)}
   * with its default weight {@code fast / slow} (eq. 1), which keeps both classes busy, {@code fast / (fast +
   * slow)}; DRR at best that same split. NaN when unknown.
   */
  double fastFraction(String variant) {
    Matcher m = WRR_WEIGHT.matcher(variant);
    if (m.matches()) {
      double w = Double.parseDouble(m.group(1));
      return w / (w + 1);
    }
    switch (variant) {
      case "network-distance":
      case "system-state":
        return 1.0 / replication;
      case "storage-type":
        return 1;
      case "wrr":
      case "drr":
      case "combined":
        return fastMibS / (fastMibS + slowMibS);
      default:
        return Double.NaN;
    }
  }

  double ceilingMibS(String variant) {
    double f = fastFraction(variant);
    return Double.isNaN(f) ? Double.NaN : ceilingMibS(f);
  }
}
