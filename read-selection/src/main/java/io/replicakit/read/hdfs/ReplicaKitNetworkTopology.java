/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import io.replicakit.common.CoarseClock;
import io.replicakit.common.config.ReadTopologyCheck;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.common.rpc.OwnLookups;
import io.replicakit.common.state.SystemStates;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.policy.Listing;
import io.replicakit.read.policy.NetworkDistancePolicy;
import io.replicakit.read.policy.Ordering;
import io.replicakit.read.policy.PolicyEnvironment;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.read.policy.Replica;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.net.DFSTopologyNodeImpl;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.net.InnerNodeImpl;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode's network topology ({@code dfs.net.topology.impl}) with ReplicaKit's read ordering: HDFS calls
 * {@code sortByDistance} (readers on DataNodes) or {@code sortByDistanceUsingNetworkLocation} (other readers)
 * for every block of every {@code getBlockLocations}, after moving stale, decommissioning and slow replicas
 * behind the active ones. This class hands the active replicas to the configured {@link ReadPolicy} and applies
 * its order; everything else (placement's view of the cluster, rack handling) stays HDFS's.
 *
 * <p>This is the module's one adaptor to HDFS internals: it translates HDFS's nodes into {@link Replica}s (HDFS's
 * own distance weight, storage type and ID, DataNode UUID) and back. With {@code network-distance} it runs
 * HDFS's code unchanged, secondary sorts ({@code dfs.namenode.read.considerLoad},
 * {@code considerStorageType}) included; the other policies replace those secondary sorts. A policy that fails
 * (any {@link Throwable}: this runs on the NameNode's RPC handlers, where an escaping {@link Error} would fail the
 * client's call) is counted ({@code Fallbacks}), logged throttled (at once, then at most once a minute with the
 * count since) and HDFS's order used for that block, so a fault never fails a read.
 *
 * <p>Policies that keep a record of reads (a volume's backlog, blocks put first since a sample, round-robin turns)
 * must not count the block that HDFS orders a second time at the end of every {@code getBlockLocations}: the
 * file's last block, sorted on its own after the listing ({@code FSNamesystem.sortLocatedBlocks}), which the
 * client of a complete file never reads from that copy. The sorts of one call run on its RPC handler thread, one
 * after another, and that repeat is always the last. So each block's {@link Ordering} is held on the thread until
 * the next sort: in the same call (the IPC server's current call, {@code Server.getCurCall()}) it was a block of
 * the listing and its read is recorded ({@link Ordering#whenRead}); in another call it was the repeat, and what
 * deciding counted is taken back ({@link Ordering#whenNotRead}, {@code ReadsNotRecorded}). So is every block of a
 * call after its first {@code replicakit.read.listing.read.blocks} (11): HDFS's input stream lists ten blocks'
 * length at a time, and a longer listing is a lookup (a job planner's {@code getFileBlockLocations}, a checksum,
 * WebHDFS), whose thousand blocks booked as reads would make their volumes look busy for reads that never come.
 * No block of a call marked as ReplicaKit's own lookup ({@link OwnLookups}: Pfimbi's coordinator lists its tracked
 * files every half second, the placement report every file) is recorded either.
 * Outside an RPC (no
 * current call) a block is recorded at once. The same thread state tells a policy which call a block is listed in
 * ({@link Listing}, restarted when the thread serves another call): a client reads a listing's blocks one after
 * another, and DRR by volume books each after the one before it.
 *
 * <p>HDFS builds the topology by reflection and hands it the NameNode's configuration through
 * {@link Configurable}; a bad {@code replicakit.read.*} value there fails NameNode startup, naming the key. So does
 * a Hadoop whose internals do not fit this adaptor: {@link TopologyInternals} lists every Hadoop type and member it
 * uses, resolved first thing in {@link #setConf} (an {@code UnsupportedHadoopException} naming the Hadoop version
 * and each missing member) instead of failing reads later.
 */
public class ReplicaKitNetworkTopology extends DFSNetworkTopology implements Configurable {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicaKitNetworkTopology.class);

  private Configuration conf;
  private volatile ReadPolicy policy = new NetworkDistancePolicy();
  /** The policy's name, read once at start: a fault message must not call into the policy that failed. */
  private volatile String policyName = NetworkDistancePolicy.NAME;
  /**
   * Whether the policy is one of ReplicaKit's, whose orders are fresh lists no one else holds. Another's order is
   * copied before it is checked and written back: checked in one pass and applied in another, a list its policy
   * changes meanwhile (shared between handler threads, or computed on each access) could put one replica twice in
   * HDFS's array and drop another.
   */
  private volatile boolean ownPolicy = true;
  private volatile ReadSelectionMetrics metrics = ReadSelectionMetrics.NONE;
  private final LongSupplier monotonicMs;
  /** One throttled log per kind of fault, so that a recurring one never hides the first of another. */
  private final ThrottledLog adaptorFaults;
  private final ThrottledLog policyFaults;
  private final ThrottledLog recordFaults;
  private final ThreadLocal<HeldOrdering> held = ThreadLocal.withInitial(HeldOrdering::new);
  /** Blocks of one call recorded as reads ({@link ReadSelectionConfig#LISTING_READ_BLOCKS}). */
  private volatile long listingReadBlocks = ReadSelectionConfig.LISTING_READ_BLOCKS_DEFAULT;
  /** Whether {@link #weight} gives this topology's {@code getWeight} (checked in {@link #setConf}). */
  private volatile boolean ownWeight;

  /**
   * The topology HDFS builds by reflection ({@code DFSNetworkTopology.getInstance}): policies and the fault log read
   * the coarse monotonic clock, which costs the sort path a volatile read instead of a {@code nanoTime} call.
   */
  public ReplicaKitNetworkTopology() {
    this(CoarseClock::monotonicMs);
  }

  /**
   * With another clock, for tests: a subclass passes one it controls, so that what a policy books against time
   * (DRR's calendars) does not drain between calls when the coarse clock ticks or the machine pauses.
   *
   * @param monotonicMs milliseconds, never going back; read by the policy's environment and the fault log
   */
  ReplicaKitNetworkTopology(LongSupplier monotonicMs) {
    this.monotonicMs = monotonicMs;
    this.adaptorFaults = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, monotonicMs);
    this.policyFaults = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, monotonicMs);
    this.recordFaults = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, monotonicMs);
  }

  @Override
  public void setConf(Configuration conf) {
    ReadTopologyCheck.requireDfsTopology(conf); // before anything else: placement would fail on the tree
    TopologyInternals.API.check();
    ownWeight = weightIsHdfs() && uuidsDecideEquality();
    this.conf = conf;
    ReadSelectionConfig.KEYS.warnUnknown(conf, LOG);
    ReadPolicy configured = ReadPolicies.create(ReadSelectionConfig.settings(conf),
        new PolicyEnvironment(SystemStates::current, monotonicMs));
    requireSortedReads(conf, configured);
    missingStateSource(conf, configured.name()).ifPresent(LOG::warn);
    listingReadBlocks = ReadSelectionConfig.LISTING_READ_BLOCKS.get(conf);
    policyName = configured.name();
    ownPolicy = configured.getClass().getPackageName().equals(NetworkDistancePolicy.class.getPackageName());
    policy = configured;
    metrics = ReadSelectionMetrics.register(configured);
    LOG.info("ReplicaKit read selection: policy {}", configured.name());
  }

  /**
   * Why a policy that reads the DataNodes' system state would get none, if it would: the state reaches the NameNode
   * only through heartbeat-metrics' plugin, and without it the view stays empty and the policy quietly orders without
   * it (DRR as WRR at eq. 1's weight, {@code system-state} by network distance, {@code combined} by storage speed).
   */
  static Optional<String> missingStateSource(Configuration conf, String policy) {
    if (!ReadPolicies.readsSystemState(policy)
        || conf.getTrimmedStringCollection(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY).contains(
            SystemStates.NAMENODE_PLUGIN)) {
      return Optional.empty();
    }
    return Optional.of("ReplicaKit read policy " + policy + " orders by the DataNodes' system state, but "
        + DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY + " does not list " + SystemStates.NAMENODE_PLUGIN
        + " (and the DataNodes need io.replicakit.metrics.datanode.MetricsReporterPlugin in "
        + DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY + "): without them it orders as if every node were idle");
  }

  /**
   * With {@code dfs.namenode.random.node.order.enabled} HDFS shuffles every block's replicas instead of sorting
   * them ({@code DatanodeManager.sortLocatedBlock}): a read policy would never be asked, and nothing would say so.
   */
  private static void requireSortedReads(Configuration conf, ReadPolicy configured) {
    if (!(configured instanceof NetworkDistancePolicy)
        && conf.getBoolean(DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED,
            DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED_DEFAULT)) {
      throw new IllegalArgumentException(ReadSelectionConfig.POLICY_KEY + "=" + configured.name() + " needs HDFS to "
          + "sort replicas for reads, but " + DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED + "=true has it "
          + "shuffle them instead: unset one of the two");
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The active policy, for tests and monitoring. */
  public ReadPolicy policy() {
    return policy;
  }

  /** The metrics source registered for the policy, for tests. */
  ReadSelectionMetrics metrics() {
    return metrics;
  }

  @Override
  public <T extends Node> void sortByDistance(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort) {
    if (!orderedByPolicy(reader, nodes, activeLen, false)) {
      super.sortByDistance(reader, nodes, activeLen, secondarySort);
    }
    countOrdered(nodes, activeLen);
  }

  @Override
  public <T extends Node> void sortByDistanceUsingNetworkLocation(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort) {
    if (!orderedByPolicy(reader, nodes, activeLen, true)) {
      super.sortByDistanceUsingNetworkLocation(reader, nodes, activeLen, secondarySort);
    }
    countOrdered(nodes, activeLen);
  }

  /**
   * Settles the thread's held ordering and orders the block with the policy; false when HDFS's sort must do it,
   * also after any fault of this adaptor's own code (the nodes are then still a permutation of the block's: a
   * policy's order is written back only whole, and HDFS's sort orders any permutation).
   */
  private <T extends Node> boolean orderedByPolicy(Node reader, T[] nodes, int activeLen, boolean byLocation) {
    try {
      return sortWithPolicy(reader, nodes, activeLen, byLocation, settleHeldOrdering());
    } catch (Throwable t) {
      fault(adaptorFaults, "Read selection failed; this block is ordered by network distance", t);
      return false;
    }
  }

  private <T extends Node> void countOrdered(T[] nodes, int activeLen) {
    try {
      metrics.ordered(nodes, activeLen);
    } catch (Throwable t) {
      // Counting must never fail a read; the next block counts again.
    }
  }

  /** Counts and logs (throttled) a fault; never throws, whatever the fault did to the heap. */
  private void fault(ThrottledLog log, String what, Throwable t) {
    try {
      metrics.fellBack();
      log.error(LOG, what, t);
    } catch (Throwable ignored) {
      // The block falls back all the same.
    }
  }

  /**
   * Orders {@code nodes[0..activeLen)} with the policy; false when HDFS's own sort must do it.
   *
   * @param thread the handler thread's state, serving an RPC call; null outside one
   */
  private <T extends Node> boolean sortWithPolicy(Node reader, T[] nodes, int activeLen, boolean byLocation,
      HeldOrdering thread) {
    ReadPolicy p = policy;
    if (p instanceof NetworkDistancePolicy || activeLen < 2) {
      return false;
    }
    Object call = thread == null ? null : thread.serving;
    Ordering ordering = null;
    try {
      List<Replica> replicas = replicas(reader, nodes, activeLen, byLocation);
      if (replicas == null) {
        return false;
      }
      ordering = p.decide(replicas, ThreadLocalRandom.current(),
          thread == null ? null : thread.listing(call, reader));
      apply(ownPolicy ? ordering.replicas() : List.copyOf(ordering.replicas()), nodes, activeLen);
    } catch (Throwable t) {
      fault(policyFaults, "Read policy " + policyName + " failed; this block is ordered by network distance", t);
      if (ordering != null) {
        run(ordering.whenNotRead()); // decided but not applied: what deciding counted (a turn) is given back
      }
      return false;
    }
    if (ordering.hasRecord()) {
      if (call == null) {
        run(ordering.whenRead());
      } else {
        thread.hold(call, ordering);
      }
    }
    return true;
  }

  /**
   * Settles the ordering this handler thread holds from its previous sort: read or not (see the class comment).
   *
   * @return the thread's state, {@linkplain HeldOrdering#serving serving} the RPC call of this sort; null outside
   *     an RPC (one lookup of the thread's state per block: the hold, the listing and the settling share it)
   */
  private HeldOrdering settleHeldOrdering() {
    if (policy instanceof NetworkDistancePolicy) {
      return null; // HDFS's own sort: nothing is ever held, so no lookups on its path
    }
    Object call = Server.getCurCall().get();
    if (call == null) {
      return null;
    }
    HeldOrdering h = held.get();
    h.serve(call);
    if (h.ordering != null) {
      Ordering previous = h.ordering;
      boolean sameCall = h.call == call;
      h.ordering = null;
      if (sameCall && h.heldPosition <= listingReadBlocks && !h.servingOwnLookup) {
        run(previous.whenRead());
      } else {
        metrics.notRecorded();
        run(previous.whenNotRead());
      }
    }
    return h;
  }

  /** Runs a policy's record of a read (or of a block not read); a fault there is counted, never thrown. */
  private void run(Runnable record) {
    try {
      record.run();
    } catch (Throwable t) {
      fault(recordFaults, "Read policy " + policyName + " failed to record a read", t);
    }
  }

  /**
   * One handler thread's held ordering: the latest block's until the thread's next sort, and the call it was ordered
   * in (kept until a block of another call is held: with the call being served, at most two calls per handler stay
   * reachable); and the listing of the call it last ordered a block of, which policies that book reads in time use
   * to place a block after those listed before it.
   */
  private static final class HeldOrdering {

    /** The RPC call of the thread's current sort. */
    private Object serving;
    /** The call {@link #ordering} was ordered in; left as it is once settled (read only while one is held). */
    private Object call;
    private Ordering ordering;
    /**
     * The place in {@link #serving} of the block being sorted (1: the first), every sort of the call counted, those
     * HDFS's own sort decides included; and {@link #ordering}'s place in its call.
     */
    private long served;
    private long heldPosition;
    /** {@link #serving} carries the mark of ReplicaKit's own lookups ({@link OwnLookups}): none of it is read. */
    private boolean servingOwnLookup;
    private final Listing listing = new Listing();
    private Object listingCall;

    /**
     * The listing of {@code inCall}: the thread's current one, restarted if the thread moved to another call, with
     * the reader's link (its DataNode's UUID) when the reader is a DataNode.
     */
    Listing listing(Object inCall, Node reader) {
      if (listingCall != inCall) {
        listingCall = inCall;
        listing.restart(reader instanceof DatanodeID d ? d.getDatanodeUuid() : null);
      }
      return listing;
    }

    /**
     * Fields of this long-lived object are written only when their value changes: with G1, storing a young object
     * into an old one costs a memory fence, and a listing's blocks share one call.
     */
    void serve(Object inCall) {
      if (serving != inCall) {
        serving = inCall;
        served = 0;
        servingOwnLookup = OwnLookups.servingOwnLookup(); // the handler made the call's caller context current
      }
      served++;
    }

    /** Holds a block's ordering, ordered in {@code inCall}, until the thread's next sort. */
    void hold(Object inCall, Ordering held) {
      if (call != inCall) {
        call = inCall;
      }
      ordering = held;
      heldPosition = served;
    }
  }

  /** The active replicas as the policy sees them; null when a node carries no storage (not a block location). */
  private <T extends Node> List<Replica> replicas(Node reader, T[] nodes, int activeLen, boolean byLocation) {
    Replica[] replicas = new Replica[activeLen];
    boolean own = ownWeight; // read once per block, not per replica
    for (int i = 0; i < activeLen; i++) {
      if (!(nodes[i] instanceof DatanodeInfoWithStorage)) {
        return null;
      }
      DatanodeInfoWithStorage node = (DatanodeInfoWithStorage) nodes[i];
      if (node.getStorageType() == null || node.getStorageID() == null) {
        return null;
      }
      int distance = byLocation ? getWeightUsingNetworkLocation(reader, node)
          : own ? weight(reader, node) : getWeight(reader, node);
      replicas[i] = new Replica(i, distance, node.getStorageType().name(), node.getStorageID(),
          node.getDatanodeUuid());
    }
    return Arrays.asList(replicas);
  }

  /**
   * Whether {@link #weight} gives what this topology's {@code getWeight} gives, for every pair of nodes of two small
   * trees of data centres, racks and hosts built with the same names (distinct racks with equal paths among them),
   * made of plain nodes (adding them to a topology would log each one). {@link #weight} copies
   * Hadoop 3.5.0's steps: a Hadoop whose {@code getWeight} differs, or a subclass that overrides it, gets its own
   * {@code getWeight} called instead (with a warning), so the distances stay HDFS's.
   */
  private boolean weightIsHdfs() {
    List<Node> nodes = new ArrayList<>();
    for (int copy = 0; copy < 2; copy++) {
      Node root = new NodeBase("", "", null, 0);
      Map<String, Node> inner = new HashMap<>();
      for (String path : new String[] {"/d1/r1/h1", "/d1/r1/h2", "/d1/r2/h3", "/d2/r1/h4", "/d2/r22/h5"}) {
        String[] part = path.substring(1).split("/");
        Node dc = inner.computeIfAbsent("/" + part[0], p -> new NodeBase(part[0], "", root, 1));
        Node rack = inner.computeIfAbsent("/" + part[0] + "/" + part[1],
            p -> new NodeBase(part[1], "/" + part[0], dc, 2));
        nodes.add(new NodeBase(part[2], "/" + part[0] + "/" + part[1], rack, 3));
      }
      nodes.addAll(inner.values());
    }
    nodes.add(new NodeBase("/d1/r1/h1")); // outside any tree: no parent
    for (Node a : nodes) {
      for (Node b : nodes) {
        if (weight(a, b) != getWeight(a, b)) {
          LOG.warn("This Hadoop's NetworkTopology.getWeight differs from ReplicaKit's copy ({} -> {}: {} against {});"
              + " calling getWeight for every replica", a, b, getWeight(a, b), weight(a, b));
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether two DataNodes at one address with different UUIDs are unequal, as {@link #sameDatanode} takes for granted
   * (Hadoop 3.5.0's {@code DatanodeID.equals} compares both); false, with a warning, on a Hadoop where they are not.
   */
  private static boolean uuidsDecideEquality() {
    DatanodeDescriptor reader = new DatanodeDescriptor(checkId("replicakit-check-a"));
    DatanodeInfoWithStorage replica =
        new DatanodeInfoWithStorage(new DatanodeDescriptor(checkId("replicakit-check-b")), "check", StorageType.DISK);
    if (reader.equals(replica) || replica.equals(reader)) {
      LOG.warn("This Hadoop's DataNodes at one address are equal whatever their UUIDs; calling getWeight for every"
          + " replica");
      return false;
    }
    return true;
  }

  private static DatanodeID checkId(String uuid) {
    return new DatanodeID("127.0.0.1", "localhost", uuid, 9866, 9864, 9865, 9867);
  }

  /**
   * HDFS's {@code NetworkTopology.getWeight}, step for step, with its two costly steps made cheap. Two different
   * rack nodes compare equal when their paths do ({@code NodeBase.equals}), and HDFS builds both paths (location,
   * separator, name: two new strings) to compare them, for every replica outside the reader's rack: 20-40 ns of a
   * block's ordering at 3 replicas (docs/read-selection-jmh.md). {@link #sameNode} compares the parts instead, which
   * gives the same answer without building anything. And for two nodes of one level (a reader on a DataNode and a
   * replica) HDFS's loop starts by comparing the two nodes again, which its first step did: skipped here (5 % of
   * DRR's samples at 3 replicas in a JFR profile of session 45). Every other step is HDFS's, so the weight is
   * HDFS's for any nodes ({@code WeightTest} checks it against HDFS's; {@link #setConf} checks it again on the
   * Hadoop it runs on).
   */
  static int weight(Node reader, Node node) {
    if (reader == null || node == null) {
      return Integer.MAX_VALUE;
    }
    if (sameDatanode(reader, node)) {
      return 0;
    }
    int level = Math.min(reader.getLevel(), node.getLevel());
    Node r = reader;
    Node n = node;
    int weight = 0;
    while (r != null && r.getLevel() > level) {
      r = r.getParent();
      weight++;
    }
    while (n != null && n.getLevel() > level) {
      n = n.getParent();
      weight++;
    }
    if (r == reader && n == node) { // neither climbed: both non-null (checked above)
      // Nodes of one level: the loop's first comparison is getWeight's first step again, known false above.
      r = r.getParent();
      n = n.getParent();
      weight = 2;
    }
    while (r != null && n != null && !sameNode(r, n)) {
      r = r.getParent();
      n = n.getParent();
      weight += 2;
    }
    return weight;
  }

  /**
   * {@code reader.equals(node)}, getWeight's first step, taken for every replica. Two DataNodes are equal when both
   * their transfer addresses and their UUIDs are ({@code DatanodeID.equals}), and HDFS compares the addresses
   * first: strings of one subnet, mostly of one length, compared to their last characters. That was a tenth of a
   * block's ordering at 3 replicas (a JFR profile of {@code combined}, docs/read-selection-jmh.md). UUIDs whose
   * hashes (cached in the strings) differ are different UUIDs, so such nodes are unequal without reading the
   * addresses; anything else is left to {@code equals}. Only for HDFS's own DataNode classes, whose {@code equals}
   * is {@code DatanodeID}'s ({@link #setConf} checks that it still needs equal UUIDs).
   */
  private static boolean sameDatanode(Node reader, Node node) {
    if (reader == node) {
      return true;
    }
    if (isDatanode(reader) && isDatanode(node)) {
      String a = ((DatanodeID) reader).getDatanodeUuid();
      String b = ((DatanodeID) node).getDatanodeUuid();
      if (a != null && b != null && a.hashCode() != b.hashCode()) {
        return false;
      }
    }
    return reader.equals(node);
  }

  /** Whether {@code node} is one of HDFS's DataNode classes, whose {@code equals} is {@code DatanodeID}'s. */
  private static boolean isDatanode(Node node) {
    Class<?> c = node.getClass();
    return c == DatanodeDescriptor.class || c == DatanodeInfoWithStorage.class || c == DatanodeInfo.class;
  }

  /**
   * {@code r.equals(n)}. For HDFS's topology nodes (whose {@code equals} is {@code NodeBase}'s: equal paths,
   * {@code location + "/" + name}) it compares the parts: paths of different lengths differ, and with the separator
   * at the same place they are equal exactly when both locations and both names are. Anything else (a separator at
   * another place, a null part, another class of node) is left to {@code equals}.
   */
  private static boolean sameNode(Node r, Node n) {
    if (r == n) {
      return true;
    }
    if (comparesPaths(r) && n instanceof NodeBase) {
      String rLocation = r.getNetworkLocation();
      String nLocation = n.getNetworkLocation();
      String rName = r.getName();
      String nName = n.getName();
      if (rLocation != null && nLocation != null && rName != null && nName != null) {
        if (rLocation.length() + rName.length() != nLocation.length() + nName.length()) {
          return false;
        }
        if (rLocation.length() == nLocation.length()) {
          return rLocation.equals(nLocation) && rName.equals(nName);
        }
      }
    }
    return r.equals(n);
  }

  /** Whether {@code node}'s {@code equals} is {@code NodeBase}'s: HDFS's own topology node classes. */
  private static boolean comparesPaths(Node node) {
    Class<?> c = node.getClass();
    return c == DFSTopologyNodeImpl.class || c == InnerNodeImpl.class || c == NodeBase.class;
  }

  /**
   * Writes the policy's order back; it must be a permutation of the active positions, which is checked before
   * anything is written (a bad order leaves HDFS's array as it was). Up to 64 replicas, the usual case, in place
   * along the permutation's cycles: only the positions whose replica changes are written, and nothing is allocated.
   * Profiled with JFR at {@code 32f5800}, the copying version took 18 % of {@code drr}'s time per block and 28 % of
   * {@code combined}'s (docs/read-selection-jmh.md).
   */
  private static <T extends Node> void apply(List<Replica> order, T[] nodes, int activeLen) {
    if (order.size() != activeLen) {
      throw new IllegalStateException("policy returned " + order.size() + " replicas for " + activeLen);
    }
    if (activeLen > Long.SIZE) {
      applyCopying(order, nodes, activeLen);
      return;
    }
    long seen = 0;
    for (int i = 0; i < activeLen; i++) {
      int from = order.get(i).position();
      if (from < 0 || from >= activeLen || (seen & (1L << from)) != 0) {
        throw new IllegalStateException("policy order is not a permutation: " + order);
      }
      seen |= 1L << from;
    }
    long placed = 0;
    for (int i = 0; i < activeLen; i++) {
      if ((placed & (1L << i)) == 0) {
        placed |= cycle(order, nodes, i);
      }
    }
  }

  /**
   * Moves the replicas of the order's cycle through {@code start} into place: position {@code j} takes the replica
   * at the order's position for {@code j} until the cycle closes on {@code start}'s replica. Returns the positions
   * placed.
   */
  private static <T extends Node> long cycle(List<Replica> order, T[] nodes, int start) {
    T first = nodes[start];
    long placed = 0;
    int j = start;
    while (true) {
      placed |= 1L << j;
      int from = order.get(j).position();
      if (from == start) {
        if (j != start) {
          nodes[j] = first;
        }
        return placed;
      }
      nodes[j] = nodes[from];
      j = from;
    }
  }

  /** {@link #apply} for blocks of more than 64 replicas: through a copy. */
  private static <T extends Node> void applyCopying(List<Replica> order, T[] nodes, int activeLen) {
    T[] original = Arrays.copyOf(nodes, activeLen);
    boolean[] seen = new boolean[activeLen];
    for (int i = 0; i < activeLen; i++) {
      int from = order.get(i).position();
      if (from < 0 || from >= activeLen || seen[from]) {
        System.arraycopy(original, 0, nodes, 0, activeLen); // leave HDFS's array as it was
        throw new IllegalStateException("policy order is not a permutation: " + order);
      }
      seen[from] = true;
      nodes[i] = original[from];
    }
  }
}
