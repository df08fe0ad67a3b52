/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import io.replicakit.balancer.plan.BlockPlacement;
import io.replicakit.balancer.plan.Classification;
import io.replicakit.balancer.plan.Move;
import io.replicakit.balancer.plan.MovePlanner;
import io.replicakit.balancer.plan.RackDiversity;
import io.replicakit.balancer.plan.Role;
import io.replicakit.balancer.plan.StorageUnit;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.DBlock;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.DDatanode;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.DDatanode.StorageGroup;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.PendingMove;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.Source;
import org.apache.hadoop.hdfs.server.balancer.NameNodeConnector;
import org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations;
import org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations.BlockWithLocations;
import org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations.StripedBlockWithLocations;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that uses HDFS's balancing internals ({@code org.apache.hadoop.hdfs.server.balancer}): one
 * iteration on a {@link Dispatcher}, through the members its public API gives the Mover. HDFS's dispatcher does
 * what must be done as HDFS does it: live storage reports, the topology, block tokens, SASL on the data transfer,
 * the proxy choice, the placement policy's {@code isMovable}, and the DataNodes' {@code replaceBlock} with their
 * bandwidth throttle. ReplicaKit decides only which replica goes where ({@link MovePlanner}).
 *
 * <p>Each iteration uses a fresh dispatcher, as the Mover does; blocks moved in earlier iterations are kept out
 * for {@code dfs.balancer.movedWinWidth}, as HDFS's Balancer keeps them.
 */
public final class DispatcherAdaptor implements java.io.Closeable {

  private static final Logger LOG = LoggerFactory.getLogger(DispatcherAdaptor.class);
  /** What HDFS's {@code NameNodeConnector} throws when the lock is held: "Another " + its name + " is running." */
  private static final String ANOTHER_BALANCER = "Another Balancer is running.";

  /** HDFS's Balancer's default of {@code -idleiterations}. */
  public static final int DEFAULT_MAX_IDLE_ITERATIONS = NameNodeConnector.DEFAULT_MAX_IDLE_ITERATIONS;

  private final NameNodeConnector nnc;
  private final org.apache.hadoop.fs.Path lockPath;
  private final Configuration conf;
  private final DispatcherSettings settings;
  private final NodeLoads loads;
  private final RandomGenerator random;
  private final MovePlanner planner;
  private final DispatcherAccess access;
  private final Map<Long, Long> movedAtMs = new HashMap<>();

  private DispatcherAdaptor(NameNodeConnector nnc, URI fs, org.apache.hadoop.fs.Path lockPath, Configuration conf,
      DispatcherSettings settings, RandomGenerator random, DispatcherAccess access) {
    this.access = access;
    this.nnc = nnc;
    this.lockPath = lockPath;
    this.conf = conf;
    this.settings = settings;
    this.loads = new NodeLoads(conf, fs);
    this.random = random;
    this.planner = new MovePlanner(settings.maxConcurrentMovesPerNode());
  }

  /**
   * Connects to the NameNode of {@code fs} as a balancer: takes HDFS's balancer lock ({@code lockPath}, held
   * until {@link #close}), so another balancer of either kind refuses to start, with HDFS's message ("Another
   * Balancer is running.") as an {@link IOException}. Checks first that the HDFS internals it uses exist.
   */
  public static DispatcherAdaptor open(Configuration conf, URI fs, org.apache.hadoop.fs.Path lockPath,
      int maxIdleIterations, DispatcherSettings settings, RandomGenerator random) throws IOException {
    BalancerInternals.API.check();
    DispatcherAccess access = DispatcherAccess.open();
    List<NameNodeConnector> connectors = NameNodeConnector.newNameNodeConnectors(List.of(fs), "Balancer",
        lockPath, conf, maxIdleIterations);
    return new DispatcherAdaptor(connectors.get(0), fs, lockPath, conf, settings, random, access);
  }

  /** Whether {@code e} is HDFS's refusal to start beside another balancer ({@code NameNodeConnector}'s message). */
  public static boolean anotherBalancerRunning(IOException e) {
    return ANOTHER_BALANCER.equals(e.getMessage());
  }

  /**
   * The storage units of the in-service live DataNodes, as an iteration classifies them (no node load): what
   * {@code -asService}'s trigger judges. Out-of-service nodes are left out, as HDFS's dispatcher leaves them.
   */
  public static List<StorageUnit> inServiceUnits(Configuration conf) throws IOException {
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      List<StorageUnit> units = new ArrayList<>();
      for (DatanodeStorageReport r : ((DistributedFileSystem) fs).getClient()
          .getDatanodeStorageReport(DatanodeReportType.LIVE)) {
        if (r.getDatanodeInfo().isInService()) {
          units.addAll(units(r, Map.of()));
        }
      }
      return units;
    }
  }

  /** Bytes the DataNodes confirmed moving since {@link #open}. */
  public long bytesMoved() {
    return nnc.getBytesMoved().get();
  }

  /** Blocks moved since {@link #open}. */
  public long blocksMoved() {
    return nnc.getBlocksMoved().get();
  }

  /**
   * Releases the balancer lock. HDFS's connector also marks the lock file for deletion when its (cached) file
   * system closes, at the JVM's exit at the latest, and never unmarks it: a service that balanced once would then
   * delete, at its exit, the lock of another balancer started since, and a third could start beside that one. So
   * the mark goes first, on the connector's own file system, then the lock.
   */
  @Override
  public void close() throws IOException {
    nnc.getDistributedFileSystem().cancelDeleteOnExit(lockPath);
    nnc.close();
  }

  /** Runs one iteration: classify, plan, dispatch, wait for the moves. */
  public Iteration iterate() throws IOException, InterruptedException {
    try (Round round = new Round(access.newDispatcher(nnc, settings, conf), access)) {
      return iterate(round);
    }
  }

  /**
   * One iteration's dispatcher and the nodes it made: closing it shuts down their mover pools (HDFS's Balancer does
   * in {@code Dispatcher.reset}), then the dispatcher's own.
   */
  private static final class Round implements AutoCloseable {
    final Dispatcher dispatcher;
    final DispatcherAccess access;
    final Map<String, DDatanode> nodes = new HashMap<>();
    int targetGroups;

    Round(Dispatcher dispatcher, DispatcherAccess access) {
      this.dispatcher = dispatcher;
      this.access = access;
    }

    DDatanode node(DatanodeInfo info) {
      return nodes.computeIfAbsent(info.getDatanodeUuid(), uuid -> dispatcher.newDatanode(info));
    }

    @Override
    public void close() throws IOException {
      try {
        access.stopMovers(nodes.values());
      } finally {
        dispatcher.shutdownNow();
      }
    }
  }

  private Iteration iterate(Round round) throws IOException, InterruptedException {
    Dispatcher dispatcher = round.dispatcher;
    List<DatanodeStorageReport> reports = dispatcher.init();
    Map<String, Double> busy = loads.busyPct();
    Map<String, DatanodeInfo> nodes = new HashMap<>();
    List<StorageUnit> units = new ArrayList<>();
    for (DatanodeStorageReport r : reports) {
      nodes.put(r.getDatanodeInfo().getDatanodeUuid(), r.getDatanodeInfo());
      units.addAll(units(r, busy));
    }
    double std = Classification.utilizationStdPct(units);
    Classification classification = Classification.of(units, settings.thresholdPct(), settings.busyMaxPct(),
        settings.maxSizeToMove());
    if (classification.bytesLeftToMove() == 0) {
      return new Iteration(Iteration.Status.SUCCESS, 0, 0, 0, 0, 0, std);
    }
    if (nnc.isUpgrading()) {
      // As HDFS's Balancer: during an upgrade (rolling or not) the DataNodes keep what a move deletes (trash,
      // previous directory), so a move fills its target and frees nothing on its source.
      LOG.error("Balancer exiting as upgrade is not finalized, please finalize the HDFS upgrade before running "
          + "the balancer.");
      return new Iteration(Iteration.Status.UNFINALIZED_UPGRADE, classification.bytesLeftToMove(), 0, 0, 0, 0, std);
    }
    Map<String, StorageGroup> groups = storageGroups(round, classification, nodes);
    Map<String, List<BlockPlacement>> candidates = new HashMap<>();
    Map<Long, org.apache.hadoop.hdfs.protocol.Block> blocks = new HashMap<>();
    for (Classification.Entry e : classification.units()) {
      if (e.role().isSource() && e.budget() > 0) {
        try {
          candidates.put(e.unit().key(), candidates(e, nodes, blocks));
        } catch (IOException failed) {
          // as HDFS's dispatcher: a source whose blocks cannot be listed (it left since the report) sends nothing
          LOG.warn("Listing the blocks of {} failed; it sends nothing this iteration", e.unit().key(), failed);
        }
      }
    }
    List<Move> moves = planner.plan(classification, candidates, random);
    long bytesBefore = nnc.getBytesMoved().get();
    Set<DDatanode> targets = new HashSet<>();
    for (Move m : moves) {
      DDatanode target = round.nodes.get(m.target().node());
      if (target != null) {
        targets.add(target);
      }
    }
    round.access.startMovers(targets, DispatcherAccess.threadsPerTarget(settings.moverThreads(), round.targetGroups,
        settings.maxConcurrentMovesPerNode()));
    Dispatched d = dispatch(dispatcher, moves, groups, blocks);
    long scheduled = d.bytes();
    int raising = d.raising();
    int rejected = d.rejected();
    if (scheduled == 0) {
      // HDFS's Balancer ends at once only when no source and target pair up; when they do but no block can move
      // now, it counts an idle iteration and tries again (the NameNode lists other blocks next time).
      LOG.info("No move possible this iteration; beyond the threshold: {}", classification.beyondThreshold());
      Iteration.Status status = !classification.hasPairs() ? Iteration.Status.NO_MOVE_BLOCK
          : nnc.shouldContinue(0) ? Iteration.Status.IN_PROGRESS : Iteration.Status.NO_MOVE_PROGRESS;
      return new Iteration(status, classification.bytesLeftToMove(), 0, 0, 0, rejected, std);
    }
    LOG.info("Dispatched {} moves ({} bytes, {} raising a block's racks, {} refused by the dispatcher)",
        moves.size() - rejected, scheduled, raising, rejected);
    Dispatcher.waitForMoveCompletion(groups.values());
    long moved = nnc.getBytesMoved().get() - bytesBefore;
    Iteration.Status status = nnc.shouldContinue(moved) ? Iteration.Status.IN_PROGRESS
        : Iteration.Status.NO_MOVE_PROGRESS;
    return new Iteration(status, classification.bytesLeftToMove(), scheduled, moved, raising, rejected, std);
  }

  /** What {@link #dispatch} handed to HDFS's dispatcher. */
  private record Dispatched(long bytes, int raising, int rejected) {}

  /**
   * Hands each planned move to HDFS's dispatcher, which checks it again (the placement policy's {@code isMovable},
   * a free proxy) and starts it; a move it refuses is counted, not retried.
   */
  private Dispatched dispatch(Dispatcher dispatcher, List<Move> moves, Map<String, StorageGroup> groups,
      Map<Long, org.apache.hadoop.hdfs.protocol.Block> blocks) {
    long bytes = 0;
    int raising = 0;
    int rejected = 0;
    for (Move move : moves) {
      DBlock block = new DBlock(blocks.get(move.block().blockId()));
      for (BlockPlacement.Replica r : move.block().replicas()) {
        StorageGroup g = dispatcher.getStorageGroupMap().get(r.node(), StorageType.parseStorageType(r.storageType()));
        if (g != null) {
          block.addLocation(g);
        }
      }
      Source source = (Source) groups.get(move.source().key());
      PendingMove pending = source.addPendingMove(block, groups.get(move.target().key()));
      if (pending == null) {
        rejected++;
        continue;
      }
      dispatcher.executePendingMove(pending);
      movedAtMs.put(move.block().blockId(), org.apache.hadoop.util.Time.monotonicNow());
      bytes += move.block().bytes();
      raising += move.effect() == RackDiversity.RAISES ? 1 : 0;
    }
    return new Dispatched(bytes, raising, rejected);
  }

  /** A node's storages, one unit per movable storage type, as HDFS's {@code BalancingPolicy.Node} sums them. */
  private static List<StorageUnit> units(DatanodeStorageReport report, Map<String, Double> busy) {
    DatanodeInfo dn = report.getDatanodeInfo();
    List<StorageUnit> units = new ArrayList<>();
    for (StorageType type : StorageType.getMovableTypes()) {
      long capacity = 0;
      long remaining = 0;
      for (StorageReport s : report.getStorageReports()) {
        if (s.getStorage().getStorageType() == type) {
          capacity += s.getCapacity();
          remaining += s.getRemaining();
        }
      }
      if (capacity > 0) {
        units.add(new StorageUnit(dn.getDatanodeUuid(), dn.getNetworkLocation(), type.name(), capacity,
            capacity - remaining, remaining, busy.getOrDefault(dn.getDatanodeUuid(), Double.NaN)));
      }
    }
    return units;
  }

  /**
   * Every unit as a storage group of the dispatcher (sources above the mean, targets at or below it, as HDFS's
   * Balancer registers them), so that every replica's location is known to the proxy choice and to
   * {@code isMovable}.
   */
  private static Map<String, StorageGroup> storageGroups(Round round, Classification classification,
      Map<String, DatanodeInfo> nodes) {
    Dispatcher dispatcher = round.dispatcher;
    Map<String, StorageGroup> groups = new HashMap<>();
    for (Classification.Entry e : classification.units()) {
      StorageUnit u = e.unit();
      DDatanode dn = round.node(nodes.get(u.node()));
      StorageType type = StorageType.parseStorageType(u.storageType());
      long budget = e.role() == Role.BUSY ? 0 : e.budget();
      boolean source = u.utilizationPct() > e.meanPct();
      StorageGroup g = source ? dn.addSource(type, budget, dispatcher) : dn.addTarget(type, budget);
      round.targetGroups += source ? 0 : 1;
      dispatcher.getStorageGroupMap().put(g);
      groups.put(u.key(), g);
    }
    return groups;
  }

  /**
   * The blocks the NameNode lists for a source, up to {@code dfs.balancer.getBlocks.size} (HDFS's Balancer asks for
   * twice the bytes it still has to move, in several calls; one call for the whole size gives the planner the
   * choice of block it needs to find moves that raise or keep racks), without recently moved ones.
   */
  private List<BlockPlacement> candidates(Classification.Entry source, Map<String, DatanodeInfo> nodes,
      Map<Long, org.apache.hadoop.hdfs.protocol.Block> blocks) throws IOException {
    long now = org.apache.hadoop.util.Time.monotonicNow();
    movedAtMs.values().removeIf(at -> now - at > settings.movedWinWidthMs());
    BlocksWithLocations listed = nnc.getBlocks(nodes.get(source.unit().node()), settings.getBlocksSize(),
        settings.getBlocksMinBlockSize(), 0, StorageType.parseStorageType(source.unit().storageType()));
    List<BlockPlacement> placements = new ArrayList<>();
    for (BlockWithLocations b : listed.getBlocks()) {
      if (b instanceof StripedBlockWithLocations || b.getBlock().getNumBytes() < settings.getBlocksMinBlockSize()
          || movedAtMs.containsKey(b.getBlock().getBlockId())) {
        continue; // erasure-coded groups are left to HDFS's Balancer
      }
      List<BlockPlacement.Replica> replicas = new ArrayList<>();
      String[] uuids = b.getDatanodeUuids();
      StorageType[] types = b.getStorageTypes();
      for (int i = 0; i < uuids.length; i++) {
        DatanodeInfo dn = nodes.get(uuids[i]);
        if (dn != null) {
          replicas.add(new BlockPlacement.Replica(uuids[i], dn.getNetworkLocation(), types[i].name()));
        }
      }
      blocks.put(b.getBlock().getBlockId(), b.getBlock());
      placements.add(new BlockPlacement(b.getBlock().getBlockId(), b.getBlock().getNumBytes(), replicas));
    }
    return placements;
  }
}
