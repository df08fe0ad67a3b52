/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;

/**
 * DRR's choice by volume ({@link DrrBalance#VOLUME}): a block goes to the candidate replica whose volume would
 * finish reading it first, given what the NameNode has already sent each volume ({@link VolumeBacklog}). Earliest
 * finish is the list-scheduling rule for machines of different speeds; here it does two things the paper's
 * class-level turns (§3.2) cannot. A One_SSD block has one SSD replica and two DISK ones: taking the SSD on the
 * fast class's turn loads whichever SSD placement put it on, and taking a DISK at random leaves one DISK with more
 * blocks than another by chance. The job ends when its busiest volume does, so both show up as the DRR read's tail
 * (docs/experiments/read-selection.md). Choosing by finish time sends a block to a DISK when its SSD already has
 * more than its share, and to the less loaded of its DISKs.
 *
 * <p>Candidates, so that the §3.1 network rules and HDFS's locality still say what may be read:
 *
 * <ul>
 *   <li>a block that offers both classes: its eligible fast replicas of the best kind (the fastest type, then the
 *       closest, as the paper's fast choice) and its slow replicas at the closest distance;
 *   <li>any other block: its closest replicas, where HDFS would pick one at random, each read at the block's
 *       slowest type's throughput (a fast replica the rules leave out reads no faster than that).
 * </ul>
 *
 * <p>Speeds: a slow replica reads at its type's throughput; a fast one at {@code weight} times the slowest type's,
 * scaled by its type's share of the fastest. With the weight of eq. 1 every type reads at its own throughput, so on
 * a cluster with as many fast volumes as slow ones the classes split the reads {@code weight} to one, as WRR does;
 * DRR's adjustment from measured utilization moves the weight, and with it the split, as in the paper.
 */
final class EarliestFinish {

  private final StorageModel model;
  private final VolumeBacklog backlog;
  private final double blockBytes;
  private final LongSupplier clockMs;
  private final boolean sequentialListings;
  /** The readers' links' calendars, keyed by the reader's DataNode; null when reads are not booked on links. */
  private final VolumeBacklog links;

  /**
   * @param booking the nominal block size (a read's time: the policy does not see blocks' lengths, and only how
   *     read times compare and how fast backlogs drain depend on it); whether a listing's blocks are released one
   *     after another ({@link Listing}), else all when listed; whether a read from another node is also booked on
   *     the reader's link, for readers on DataNodes (see {@link #pick})
   * @param clockMs the time that backlogs drain by
   */
  EarliestFinish(StorageModel model, VolumeBooking booking, LongSupplier clockMs) {
    this.model = model;
    this.blockBytes = booking.blockBytes();
    this.clockMs = clockMs;
    this.sequentialListings = booking.sequentialListings();
    long slotMicros = slotMicros(model, booking.blockBytes());
    this.backlog = new VolumeBacklog(slotMicros);
    this.links = booking.readerLinks() ? new VolumeBacklog(slotMicros) : null;
  }

  /**
   * A quarter of a block read on HDFS's default storage type (DISK): fine enough for the fast reads a slot holds,
   * and a calendar of {@link VolumeBacklog#SLOTS} slots then covers 32 DISK reads, longer than a listing's reads
   * take on a loaded volume.
   */
  private static long slotMicros(StorageModel model, long blockBytes) {
    return Math.min(MAX_READ_MICROS / 4,
        Math.max(1, Math.round(blockBytes / (4 * model.throughput(StorageType.DEFAULT.name())))));
  }

  /**
   * The longest a read is planned to take: a day. Past it every replica is as hopeless as another, and the
   * calendar's arithmetic stays in range (its slots hold 40 bits of booked microseconds, about 12.7 days): the
   * lowest speeds the keys allow (0.01 MB/s) with the largest blocks ({@code drr.block.bytes} 1 TiB), or a tiny
   * {@code drr.weight.min}, would otherwise overflow a slot and send every read to one side.
   */
  static final long MAX_READ_MICROS = 86_400_000_000L;

  /**
   * The replica to read first; its read time goes into its volume's backlog (and its reader's link's) when the
   * returned pick {@linkplain Pick#run runs}.
   *
   * <p>With reader links booked, a reader on a DataNode has a third resource beside the two kinds of volume: its
   * own network link, which every read from another node crosses at the path's bandwidth (the told
   * {@code bandwidth.intra-rack} in its rack, {@code inter-rack} beyond). A replica behind the link then finishes
   * when both its volume and the link would be done, and every replica reachable over a path with bandwidth is a
   * candidate, whatever its distance. This replaces the §3.1 rules 2 and 3 for such readers: they compare one
   * stream's path with one stream's slow device, and with many readers on one node the node's own DISK and its
   * link work in parallel (docs/experiments/read-selection.md, "Rule 2"): an SSD behind a link slower than a DISK
   * is worth reading while the local DISK has a longer queue than the link. A reader without a known link, or one
   * that no replica's path reaches, is decided by the rules.
   *
   * @param choice the block's {@link StorageModel#choose choice}
   * @param weight the fast-to-slow weight, used only if the choice offers both classes
   * @param listing the call the block is listed in, or null outside one: with sequential listings the block is
   *     released when the block before it in the listing would end
   */
  Pick pick(List<Replica> replicas, StorageModel.Choice choice, double weight, RandomGenerator random,
      Listing listing) {
    long now = clockMs.getAsLong() * 1000;
    Listing reader = sequentialListings ? listing : null;
    long release = reader == null ? now : Math.max(now, reader.readyMicros());
    backlog.pruneIfDue(now);
    if (links != null) {
      links.pruneIfDue(now);
    }
    VolumeBacklog.Window window = backlog.window(release, now);
    String link = readerLink(replicas, listing);
    if (link != null) {
      return pickOverLink(replicas, linkCandidates(choice, weight), window, random, reader, link);
    }
    Candidates candidates = candidates(replicas, choice, weight);
    Replica best = null;
    VolumeBacklog.Entry bestEntry = null;
    long bestFinish = Long.MAX_VALUE;
    long bestCost = 0;
    int ties = 0;
    for (Replica r : replicas) {
      double mbps = candidates.mbps(r);
      if (!(mbps > 0)) {
        continue;
      }
      long cost = costMicros(mbps);
      VolumeBacklog.Entry entry = backlog.find(r.storageId());
      long finish = backlog.finishMicros(entry, window, cost, bestFinish);
      if (finish < bestFinish || (finish == bestFinish && random.nextInt(++ties) == 0)) {
        ties = finish < bestFinish ? 1 : ties;
        best = r;
        bestEntry = entry;
        bestFinish = finish;
        bestCost = cost;
      }
    }
    return new Pick(best, bestEntry, window, bestCost, reader, null);
  }

  /**
   * {@link #pick} for a reader whose link is booked: a replica finishes when both its volume and the link would be
   * done; of equal finishes (reads behind one busy link) the volume done first is read, so no device is loaded for
   * nothing. Apart from the volumes-only loop above, which runs for every block any reader lists: with this
   * method's state in it, DRR cost about 40 ns more a block in the ordering benchmark (docs/read-selection-jmh.md).
   */
  private Pick pickOverLink(List<Replica> replicas, Candidates candidates, VolumeBacklog.Window window,
      RandomGenerator random, Listing reader, String link) {
    VolumeBacklog.Entry linkEntry = links.find(link);
    Replica best = null;
    VolumeBacklog.Entry bestEntry = null;
    long bestFinish = Long.MAX_VALUE;
    long bestVolumeFinish = Long.MAX_VALUE;
    long bestVolumeCost = 0;
    long bestLinkCost = 0;
    int ties = 0;
    for (int i = 0; i < replicas.size(); i++) {
      Replica r = replicas.get(i);
      double mbps = candidates.mbps(r);
      if (mbps > 0) {
        long volumeCost = costMicros(mbps);
        VolumeBacklog.Entry volume = backlog.find(r.storageId());
        long volumeFinish = backlog.finishMicros(volume, window, volumeCost, bestFinish);
        long linkCost = linkCostMicros(r);
        long finish = linkCost == 0 || volumeFinish > bestFinish ? volumeFinish
            : Math.max(volumeFinish, links.finishMicros(linkEntry, window, linkCost, bestFinish));
        boolean better = finish < bestFinish || (finish == bestFinish && volumeFinish < bestVolumeFinish);
        if (better || (finish == bestFinish && volumeFinish == bestVolumeFinish && random.nextInt(++ties) == 0)) {
          ties = better ? 1 : ties;
          best = r;
          bestEntry = volume;
          bestFinish = finish;
          bestVolumeFinish = volumeFinish;
          bestVolumeCost = volumeCost;
          bestLinkCost = linkCost;
        }
      }
    }
    Booking onLink = bestLinkCost > 0 ? new Booking(link, linkEntry, bestLinkCost) : null;
    return new Pick(best, bestEntry, window, bestVolumeCost, reader, onLink);
  }

  /**
   * The reader's link when reads are booked on links, the reader's link is known, and a replica is local or reachable
   * over a path with bandwidth; else null (the rules decide).
   */
  private String readerLink(List<Replica> replicas, Listing listing) {
    if (links == null || listing == null || listing.readerLink() == null) {
      return null;
    }
    for (Replica r : replicas) {
      if (model.pathBandwidth(r.locality()) > 0) {
        return listing.readerLink();
      }
    }
    return null;
  }

  /** Microseconds a read from {@code r} takes on the reader's link; 0 for a local replica (no link crossed). */
  private long linkCostMicros(Replica r) {
    double path = model.pathBandwidth(r.locality());
    return Double.isInfinite(path) ? 0 : costMicros(path);
  }

  /** A read's time on the reader's link. */
  private record Booking(String link, VolumeBacklog.Entry entry, long costMicros) {}

  /**
   * A block's chosen replica; running it books the block's read on the replica's volume and, in a sequential
   * listing, releases the listing's next block when this one would end.
   */
  final class Pick implements Runnable {

    private final Replica first;
    private final VolumeBacklog.Entry entry;
    /** The read's place in time, as it was weighed: released then, decided now. */
    private final VolumeBacklog.Window window;
    private final long costMicros;
    private final Listing listing;
    /** The read's time on the reader's link; null when it crosses none or links are not booked. */
    private final Booking onLink;

    private Pick(Replica first, VolumeBacklog.Entry entry, VolumeBacklog.Window window, long costMicros,
        Listing listing, Booking onLink) {
      this.first = first;
      this.entry = entry;
      this.window = window;
      this.costMicros = costMicros;
      this.listing = listing;
      this.onLink = onLink;
    }

    Replica first() {
      return first;
    }

    @Override
    public void run() {
      long end = backlog.add(first.storageId(), entry, window, costMicros);
      if (onLink != null) {
        end = Math.max(end, links.add(onLink.link(), onLink.entry(), window, onLink.costMicros()));
      }
      if (listing != null) {
        listing.readUntil(end);
      }
    }
  }

  /** Microseconds to read a block at {@code mbps} (bytes over MB/s are microseconds), at least one. */
  private long costMicros(double mbps) {
    return costMicros(blockBytes, mbps);
  }

  /** Microseconds to read {@code blockBytes} at {@code mbps}: at least one, at most {@link #MAX_READ_MICROS}. */
  static long costMicros(double blockBytes, double mbps) {
    double micros = blockBytes / mbps;
    return micros >= MAX_READ_MICROS || Double.isNaN(micros) ? MAX_READ_MICROS : Math.max(1, Math.round(micros));
  }

  private Candidates candidates(List<Replica> replicas, StorageModel.Choice choice, double weight) {
    if (choice.offersBothClasses()) {
      StorageModel.Classes classes = choice.classes();
      double ratio = classes.fastestMbps() / classes.slowestMbps();
      return new Candidates(model, classes.slowestMbps(), choice.closestSlow().distance(),
          model.throughput(choice.bestFast().storageType()), choice.bestFast().distance(), weight / ratio);
    }
    int closest = Integer.MAX_VALUE;
    for (Replica r : replicas) {
      closest = Math.min(closest, r.distance());
    }
    return new Candidates(model, choice.classes().slowestMbps(), closest, Double.NaN, -1, 1);
  }

  /**
   * Candidates when the reader's link is booked: every replica local or reachable over a path with bandwidth,
   * whatever its distance (the link's calendar prices the distance); fast ones scaled by the weight as in
   * {@link #candidates}, or read at their type's throughput when the rules offer the block no choice of class.
   */
  private Candidates linkCandidates(StorageModel.Choice choice, double weight) {
    StorageModel.Classes classes = choice.classes();
    double scale = choice.offersBothClasses() ? weight / (classes.fastestMbps() / classes.slowestMbps()) : 1;
    return new Candidates(model, classes.slowestMbps(), Candidates.ANY, Double.NaN, Candidates.ANY, scale);
  }

  /**
   * Which replicas may be read first, and at what speed (MB/s).
   *
   * @param slowestMbps the block's slow class's throughput
   * @param slowDistance the distance of the slow candidates (of every candidate when there is no choice); {@link #ANY}
   *     for every replica reachable over a path with bandwidth, fast ones scaled by {@code fastScale}
   * @param fastMbps the throughput of the fast candidates' type; NaN when the block offers no choice of class
   * @param fastDistance the distance of the fast candidates
   * @param fastScale what fast throughputs are multiplied by: the weight over eq. 1's ratio
   */
  private record Candidates(StorageModel model, double slowestMbps, int slowDistance, double fastMbps,
      int fastDistance, double fastScale) {

    /** A distance that admits every replica reachable over a path with bandwidth (reader links booked). */
    static final int ANY = -2;

    /** The replica's speed as a candidate, or NaN if it is not one. */
    double mbps(Replica r) {
      if (slowDistance == ANY) {
        if (!(model.pathBandwidth(r.locality()) > 0)) {
          return Double.NaN;
        }
        double t = model.throughput(r.storageType());
        return t > slowestMbps ? t * fastScale : t;
      }
      if (Double.isNaN(fastMbps)) {
        // No choice of class: a fast replica here is one the network rules say reads no faster than slow storage.
        return r.distance() == slowDistance ? slowestMbps : Double.NaN;
      }
      double t = model.throughput(r.storageType());
      if (t <= slowestMbps) {
        return r.distance() == slowDistance ? t : Double.NaN;
      }
      return t == fastMbps && r.distance() == fastDistance ? t * fastScale : Double.NaN;
    }
  }
}
