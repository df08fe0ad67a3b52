/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Chooses one iteration's replica moves: which block leaves each source and where it goes. Sources and budgets are
 * HDFS's ({@link Classification}); the choice of block and target is ReplicaKit's:
 *
 * <ol>
 *   <li>Never a move that lowers the number of racks a block spans, and, for each source, first every move that
 *       raises it (a replica from a rack that holds two to a rack that holds none), then moves that keep it. The
 *       sources take turns, one move each, so that every source gets its share of the targets' room.
 *       HDFS's Balancer takes the source's blocks in the NameNode's order and the targets in a fixed rack-first
 *       order, so two-rack blocks gain a rack only by chance (placement paper §5.3).
 *   <li>Among targets for a block, HDFS's pairing order (under-utilized before below-average), then the source's
 *       own rack for moves that keep the racks (no uplink crossed), then the least busy node by its heartbeat
 *       metrics, then the one with the most room left to fill; ties at random.
 * </ol>
 *
 * <p>When no unit below the mean can take a block of an over-utilized source without lowering its racks (with a
 * rack-fault-tolerant placement, a block can only go to its own rack or the one rack it lacks, and those may all be
 * above the mean), a unit above the mean may take it, as a last resort, if it stays within the threshold band
 * ({@link Classification.Entry#bandRoom}) and sends nothing itself in this iteration. HDFS's Balancer pairs
 * over-utilized units only with units below the mean, and ends with {@code NO_MOVE_PROGRESS} in that state; the
 * cluster counts as balanced once every unit is within the band, and a move from a fuller to an emptier unit
 * lowers the spread either way.
 *
 * <p>A block moves at most once per iteration, each node takes part in at most {@code maxMovesPerNode} moves (the
 * DataNodes' {@code dfs.datanode.balance.max.concurrent.moves}), and a source stops once its budget is spent. The
 * placement policy's own {@code isMovable} is checked again by HDFS's dispatcher when the move is made.
 */
public final class MovePlanner {

  /** A busy percentage for nodes without fresh metrics: neither preferred nor avoided. */
  private static final double UNKNOWN_BUSY_PCT = 50;
  /** Busy percentages compare in bands this wide: a sample's noise should not outrank the room left. */
  private static final double BUSY_BAND_PCT = 10;

  private final int maxMovesPerNode;

  public MovePlanner(int maxMovesPerNode) {
    if (maxMovesPerNode < 1) {
      throw new IllegalArgumentException("maxMovesPerNode " + maxMovesPerNode + " < 1");
    }
    this.maxMovesPerNode = maxMovesPerNode;
  }

  /**
   * The moves for one iteration.
   *
   * @param blocksBySource candidate blocks per source unit ({@link StorageUnit#key()}), as the NameNode listed
   *     them for that DataNode and storage type
   */
  public List<Move> plan(Classification classification, Map<String, List<BlockPlacement>> blocksBySource,
      RandomGenerator random) {
    Round round = new Round(classification, random);
    List<SourceQueue> queues = new ArrayList<>();
    for (Classification.Entry source : sources(classification)) {
      List<BlockPlacement> blocks = new ArrayList<>(blocksBySource.getOrDefault(source.unit().key(), List.of()));
      shuffle(blocks, random);
      queues.add(new SourceQueue(source, blocks));
    }
    // One move per source and turn, so that the targets' room is shared among the sources as HDFS's pairing
    // shares it: a source that can only keep its blocks' racks (the lone replica of its rack) must not find every
    // target filled by the sources that can raise them.
    boolean moved = true;
    while (moved) {
      moved = false;
      for (SourceQueue queue : queues) {
        moved |= round.maySend(queue.source) && queue.next(round);
      }
    }
    return round.moves;
  }

  /**
   * A source's candidate blocks, scanned once for moves that raise a block's racks and once for moves that keep
   * them. Budgets only shrink within a round, so a block without a move of a kind now never gets one later.
   */
  private static final class SourceQueue {

    private final Classification.Entry source;
    private final List<BlockPlacement> blocks;
    private int raiseAt;
    private int keepAt;

    SourceQueue(Classification.Entry source, List<BlockPlacement> blocks) {
      this.source = source;
      this.blocks = blocks;
    }

    /** Plans this source's next move, raising first; false when it has none left. */
    boolean next(Round round) {
      while (raiseAt < blocks.size()) {
        if (round.tryMove(source, blocks.get(raiseAt++), RackDiversity.RAISES)) {
          return true;
        }
      }
      while (keepAt < blocks.size()) {
        if (round.tryMove(source, blocks.get(keepAt++), RackDiversity.KEEPS)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Over-utilized sources first, fullest first, then above-average ones: HDFS's order of need. */
  private static List<Classification.Entry> sources(Classification classification) {
    return classification.units().stream().filter(e -> e.role().isSource())
        .sorted(Comparator.comparing((Classification.Entry e) -> e.role() != Role.OVER)
            .thenComparing(e -> -e.unit().utilizationPct()))
        .toList();
  }

  private static <T> void shuffle(List<T> list, RandomGenerator random) {
    for (int i = list.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      T t = list.get(i);
      list.set(i, list.get(j));
      list.set(j, t);
    }
  }

  /** The state of one planning round: budgets left, moves per node, blocks already moved. */
  private final class Round {

    private final List<Classification.Entry> targets;
    private final List<Classification.Entry> fallbacks;
    private final Map<String, Long> budget = new HashMap<>();
    private final Map<String, Long> bandRoom = new HashMap<>();
    private final Set<String> sent = new HashSet<>();
    private final Set<String> received = new HashSet<>();
    private final Map<String, Integer> movesPerNode = new HashMap<>();
    private final Set<Long> planned = new HashSet<>();
    private final List<Move> moves = new ArrayList<>();

    Round(Classification classification, RandomGenerator random) {
      List<Classification.Entry> t = new ArrayList<>(
          classification.units().stream().filter(e -> e.role().isTarget()).toList());
      shuffle(t, random); // ties between equal targets are broken at random, as HDFS shuffles its reports
      this.targets = t;
      List<Classification.Entry> f = new ArrayList<>(
          classification.units().stream().filter(e -> e.bandRoom() > 0).toList());
      shuffle(f, random);
      this.fallbacks = f;
      classification.units().forEach(e -> {
        budget.put(e.unit().key(), e.budget());
        bandRoom.put(e.unit().key(), e.bandRoom());
      });
    }

    boolean hasBudget(Classification.Entry e) {
      return budget.get(e.unit().key()) > 0 && movesPerNode.getOrDefault(e.unit().node(), 0) < maxMovesPerNode;
    }

    /** Whether {@code e} may still send: budget left, and it took nothing as a last-resort target. */
    boolean maySend(Classification.Entry e) {
      return hasBudget(e) && !received.contains(e.unit().key());
    }

    boolean tryMove(Classification.Entry source, BlockPlacement block, RackDiversity wanted) {
      if (planned.contains(block.blockId()) || !holds(block, source.unit())) {
        return false;
      }
      Classification.Entry best = null;
      for (Classification.Entry target : targets) {
        if (fits(source, target, block) && RackDiversity.of(block.racks(), source.unit().rack(),
            target.unit().rack()) == wanted && (best == null || better(source, target, best))) {
          best = target;
        }
      }
      boolean last = false;
      if (best == null && source.role() == Role.OVER) {
        best = lastResort(source, block, wanted);
        last = best != null;
      }
      if (best == null) {
        return false;
      }
      moves.add(new Move(block, source.unit(), best.unit(), wanted));
      planned.add(block.blockId());
      charge(source, block.bytes());
      charge(best, block.bytes());
      sent.add(source.unit().key());
      if (last) {
        bandRoom.merge(best.unit().key(), -block.bytes(), Long::sum);
        received.add(best.unit().key());
      }
      return true;
    }

    /** An above-average unit with room in the band for the whole block, that has sent nothing; or null. */
    private Classification.Entry lastResort(Classification.Entry source, BlockPlacement block, RackDiversity wanted) {
      Classification.Entry best = null;
      for (Classification.Entry target : fallbacks) {
        if (target != source && !sent.contains(target.unit().key())
            && bandRoom.get(target.unit().key()) >= block.bytes()
            && movesPerNode.getOrDefault(target.unit().node(), 0) < maxMovesPerNode
            && target.unit().storageType().equals(source.unit().storageType())
            && !block.isOn(target.unit().node())
            && RackDiversity.of(block.racks(), source.unit().rack(), target.unit().rack()) == wanted
            && (best == null || target.unit().utilizationPct() < best.unit().utilizationPct())) {
          best = target;
        }
      }
      return best;
    }

    private boolean holds(BlockPlacement block, StorageUnit unit) {
      return block.replicas().stream()
          .anyMatch(r -> r.node().equals(unit.node()) && r.storageType().equals(unit.storageType()));
    }

    private boolean fits(Classification.Entry source, Classification.Entry target, BlockPlacement block) {
      return source.role().pairsWith(target.role())
          && target.unit().storageType().equals(source.unit().storageType())
          && !block.isOn(target.unit().node())
          && hasBudget(target);
    }

    /** Whether {@code a} is a better target than {@code b} for a block leaving {@code source}. */
    private boolean better(Classification.Entry source, Classification.Entry a, Classification.Entry b) {
      if (a.role() != b.role()) {
        return a.role() == Role.UNDER;
      }
      boolean aLocal = a.unit().rack().equals(source.unit().rack());
      boolean bLocal = b.unit().rack().equals(source.unit().rack());
      if (aLocal != bLocal) {
        return aLocal;
      }
      double aBusy = Math.floor(busy(a.unit()) / BUSY_BAND_PCT);
      double bBusy = Math.floor(busy(b.unit()) / BUSY_BAND_PCT);
      if (aBusy != bBusy) {
        return aBusy < bBusy;
      }
      return budget.get(a.unit().key()) > budget.get(b.unit().key());
    }

    private double busy(StorageUnit unit) {
      return Double.isNaN(unit.busyPct()) ? UNKNOWN_BUSY_PCT : unit.busyPct();
    }

    private void charge(Classification.Entry e, long bytes) {
      budget.merge(e.unit().key(), -bytes, Long::sum);
      movesPerNode.merge(e.unit().node(), 1, Integer::sum);
    }
  }
}
