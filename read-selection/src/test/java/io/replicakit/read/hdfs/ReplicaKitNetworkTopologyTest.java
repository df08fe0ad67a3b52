/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.rpc.OwnLookups;
import io.replicakit.common.state.SystemStates;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.policy.Ordering;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.read.policy.Replica;
import io.replicakit.read.policy.StorageTypePolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The topology glue with real HDFS node types but no cluster: it is built the way the NameNode builds it
 * ({@code DFSNetworkTopology.getInstance} with {@code dfs.net.topology.impl}), and sorts arrays of
 * {@link DatanodeInfoWithStorage} as {@code DatanodeManager.sortLocatedBlock} hands them over.
 */
class ReplicaKitNetworkTopologyTest {

  /** A policy that breaks its contract: it drops a replica. */
  public static final class DroppingPolicy implements ReadPolicy {
    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      return replicas.subList(1, replicas.size());
    }

    @Override
    public String name() {
      return "dropping";
    }
  }

  /**
   * Fails every decision with an {@link Error}, and, once {@link #BROKEN} is set, its name too: a policy whose
   * state is corrupt fails in whatever it is asked.
   */
  public static final class CorruptPolicy implements ReadPolicy {
    static volatile boolean BROKEN;

    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      throw new AssertionError("corrupt state");
    }

    @Override
    public String name() {
      if (BROKEN) {
        throw new IllegalStateException("corrupt state");
      }
      return "corrupt";
    }
  }

  /**
   * Returns an order whose list answers a valid permutation on its first pass and another on later ones: a custom
   * policy's list that changes while the adaptor uses it (shared between handlers, or computed on each access).
   */
  public static final class ShiftingPolicy implements ReadPolicy {
    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      int n = replicas.size();
      int[] reads = new int[1];
      return new java.util.AbstractList<Replica>() {
        @Override
        public Replica get(int i) {
          // Pass one (n reads): the replicas reversed. Later: every index answers the last replica.
          return reads[0]++ < n ? replicas.get(n - 1 - i) : replicas.get(n - 1);
        }

        @Override
        public int size() {
          return n;
        }
      };
    }

    @Override
    public String name() {
      return "shifting";
    }
  }

  /** Moves the first replica last: one cycle through every position. */
  public static final class RotatingPolicy implements ReadPolicy {
    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      List<Replica> order = new ArrayList<>(replicas.subList(1, replicas.size()));
      order.add(replicas.get(0));
      return order;
    }

    @Override
    public String name() {
      return "rotating";
    }
  }

  /** The replicas backwards: swaps around a fixed middle for an odd count. */
  public static final class ReversingPolicy implements ReadPolicy {
    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      List<Replica> order = new ArrayList<>(replicas);
      Collections.reverse(order);
      return order;
    }

    @Override
    public String name() {
      return "reversing";
    }
  }

  /** Lists the first replica twice and drops the second: as many replicas, not a permutation. */
  public static final class RepeatingPolicy implements ReadPolicy {
    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      List<Replica> order = new ArrayList<>(replicas);
      order.set(1, replicas.get(0));
      return order;
    }

    @Override
    public String name() {
      return "repeating";
    }
  }

  /**
   * Takes a turn while deciding (as WRR does, so that concurrent handlers do not take the same one) and then answers
   * an order the adaptor refuses (a replica twice): counts the turns taken and given back.
   */
  public static final class TurnTakingRepeatingPolicy implements ReadPolicy {
    static final java.util.concurrent.atomic.AtomicInteger TURNS = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      return new RepeatingPolicy().order(replicas, random);
    }

    @Override
    public Ordering decide(List<Replica> replicas, RandomGenerator random) {
      TURNS.incrementAndGet();
      return new Ordering(order(replicas, random), () -> { }, TURNS::decrementAndGet);
    }

    @Override
    public String name() {
      return "turn-taking-repeating";
    }
  }

  /**
   * Keeps a record of reads, as DRR by volume and the state policies do: the storage ID of each block's first
   * replica, appended when the topology records the read. Static because HDFS builds the policy by class name.
   */
  public static final class RecordingPolicy implements ReadPolicy {
    static final List<String> RECORDED = new CopyOnWriteArrayList<>();

    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      return decide(replicas, random).replicas();
    }

    @Override
    public Ordering decide(List<Replica> replicas, RandomGenerator random) {
      return Ordering.recordedWhenRead(replicas, () -> RECORDED.add(replicas.get(0).storageId()));
    }

    @Override
    public String name() {
      return "recording";
    }
  }

  /** Records the distance of each replica it is given, in order; orders nothing. */
  public static final class DistancePolicy implements ReadPolicy {
    static final List<Integer> SEEN = new CopyOnWriteArrayList<>();

    @Override
    public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
      replicas.forEach(r -> SEEN.add(r.distance()));
      return replicas;
    }

    @Override
    public String name() {
      return "distances";
    }
  }

  /** A topology whose distances are not Hadoop 3.5.0's: every replica off the reader's node one step farther. */
  public static final class FartherTopology extends ReplicaKitNetworkTopology {
    @Override
    protected int getWeight(Node reader, Node node) {
      int weight = super.getWeight(reader, node);
      return weight == 0 ? 0 : weight + 1;
    }
  }

  /**
   * The adaptor on a clock that stands still, as HDFS builds it ({@code dfs.net.topology.impl} naming this class):
   * what DRR books is then decided by the calls alone, not by how long the test machine took between them.
   */
  public static final class FrozenClockTopology extends ReplicaKitNetworkTopology {
    public FrozenClockTopology() {
      super(() -> 1_000_000L);
    }
  }

  private final List<DatanodeDescriptor> nodes = new ArrayList<>();

  private DFSNetworkTopology topology(String policy, String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, ReplicaKitNetworkTopology.class.getName());
    conf.set(ReadSelectionConfig.POLICY_KEY, policy);
    conf.set(ReadSelectionConfig.INTER_RACK_KEY, "1250");
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    for (int i = 0; i < 6; i++) {
      DatanodeDescriptor dn = new DatanodeDescriptor(new DatanodeID("10.0.0." + i, "dn" + i, "uuid-" + i,
          9866, 9864, 9865, 9867), "/r" + (i / 2));
      nodes.add(dn);
      topology.add(dn);
    }
    return topology;
  }

  /** dn0 (reader's own node, DISK), dn2 (SSD, other rack), dn4 (DISK), then a decommissioned dn5 at the end. */
  private DatanodeInfoWithStorage[] block() {
    return new DatanodeInfoWithStorage[] {
        new DatanodeInfoWithStorage(nodes.get(0), "DS-0", StorageType.DISK),
        new DatanodeInfoWithStorage(nodes.get(2), "DS-2", StorageType.SSD),
        new DatanodeInfoWithStorage(nodes.get(4), "DS-4", StorageType.DISK),
        new DatanodeInfoWithStorage(nodes.get(5), "DS-5", StorageType.SSD)};
  }

  @Test
  void configuredPolicy_ordersTheActiveReplicas_andLeavesTheInactiveOnesAlone() {
    ReplicaKitNetworkTopology topology = assertInstanceOf(ReplicaKitNetworkTopology.class,
        topology("storage-type"));
    assertInstanceOf(StorageTypePolicy.class, topology.policy());
    for (int i = 0; i < 100; i++) {
      DatanodeInfoWithStorage[] block = block();
      DatanodeInfoWithStorage inactive = block[3];
      topology.sortByDistance(nodes.get(0), block, 3, null);
      assertEquals(StorageType.SSD, block[0].getStorageType(), Arrays.toString(block));
      assertEquals("DS-0", block[1].getStorageID(), "then closest first: the reader's own replica");
      assertSame(inactive, block[3], "inactive replicas stay where HDFS put them");
    }
  }

  @Test
  void replicaDistances_areTheTopologysGetWeight_alsoWhereASubclassChangesIt() {
    DistancePolicy.SEEN.clear();
    topology(DistancePolicy.class.getName()).sortByDistance(nodes.get(0), block(), 3, null);
    assertEquals(List.of(0, 4, 4), DistancePolicy.SEEN, "own node, then two other racks");

    DistancePolicy.SEEN.clear();
    DFSNetworkTopology farther = topology(DistancePolicy.class.getName(), DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY,
        FartherTopology.class.getName());
    assertInstanceOf(FartherTopology.class, farther);
    farther.sortByDistance(nodes.get(0), block(), 3, null);
    assertEquals(List.of(0, 5, 5), DistancePolicy.SEEN, "the start-up check found the copy differs: getWeight used");
  }

  @Test
  void loadedThroughNetTopologyImpl_withoutTheDfsTopology_refusesToStart_namingTheSetting() {
    // With dfs.use.dfs.network.topology=false the NameNode builds net.topology.impl's class with plain inner nodes,
    // and HDFS's placement, seeing a DFSNetworkTopology, would cast them: fail at start-up instead.
    Configuration conf = new Configuration(false);
    conf.setBoolean(DFSConfigKeys.DFS_USE_DFS_NETWORK_TOPOLOGY_KEY, false);
    conf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_IMPL_KEY, ReplicaKitNetworkTopology.class.getName());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> NetworkTopology.getInstance(conf));
    assertTrue(e.getMessage().contains(DFSConfigKeys.DFS_USE_DFS_NETWORK_TOPOLOGY_KEY + "=true"), e.getMessage());
  }

  @Test
  void brokenPolicy_fallsBackToHdfsOrder_withoutFailingTheRead() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(DroppingPolicy.class.getName());
    DatanodeInfoWithStorage[] block = block();

    topology.sortByDistance(nodes.get(0), block, 3, null);

    assertEquals("DS-0", block[0].getStorageID(), "HDFS's order: the reader's own replica first");
    assertEquals(4, Arrays.stream(block).distinct().count(), "no replica lost or duplicated");
  }

  /**
   * A policy that fails in its name as well as its decision: the fault is reported under the name read at start,
   * and the read still gets HDFS's order. Until session 51 the fault message called the policy's name, whose
   * exception escaped and failed the client's {@code getBlockLocations}.
   */
  @Test
  void policyFailingAlsoInItsName_fallsBackToHdfsOrder_withoutFailingTheRead() {
    CorruptPolicy.BROKEN = false;
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(CorruptPolicy.class.getName());
    DatanodeInfoWithStorage[] block = block();
    CorruptPolicy.BROKEN = true;
    try {
      topology.sortByDistance(nodes.get(0), block, 3, null);
    } finally {
      CorruptPolicy.BROKEN = false;
    }
    assertEquals("DS-0", block[0].getStorageID(), "HDFS's order: the reader's own replica first");
    assertEquals(1L, metrics(topology).get("Fallbacks"));
  }

  /**
   * A custom policy's order is read once: checked and written back from one copy, so a list that changes between
   * two passes cannot put a replica twice in HDFS's array (until session 51 the check and the write-back each read
   * the list: the write-back could loop for ever on the handler thread, or put a replica twice).
   */
  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void customPolicyListChangingBetweenPasses_isAppliedFromOneCopy_withNoReplicaLost() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(ShiftingPolicy.class.getName());
    DatanodeInfoWithStorage[] block = block();
    DatanodeInfoWithStorage[] before = block.clone();

    topology.sortByDistance(nodes.get(0), block, 3, null);

    assertEquals(3, Arrays.stream(block, 0, 3).distinct().count(), "no replica lost or duplicated: "
        + Arrays.toString(block));
    assertEquals(before[2], block[0], "the first pass's order, reversed");
  }

  @Test
  void policyOrders_areWrittenBack_alongEveryCycle() {
    DFSNetworkTopology rotating = topology(RotatingPolicy.class.getName());
    DatanodeInfoWithStorage[] rotated = block();
    rotating.sortByDistance(nodes.get(0), rotated, 3, null);
    assertEquals(List.of("DS-2", "DS-4", "DS-0", "DS-5"), ids(rotated), "one cycle of three; the inactive one stays");
    DFSNetworkTopology reversing = topology(ReversingPolicy.class.getName());
    DatanodeInfoWithStorage[] reversed = block();
    reversing.sortByDistance(nodes.get(0), reversed, 3, null);
    assertEquals(List.of("DS-4", "DS-2", "DS-0", "DS-5"), ids(reversed), "a swap around a fixed point");
  }

  @Test
  void aBlockOfMoreThan64Replicas_isWrittenBackToo() {
    DFSNetworkTopology reversing = topology(ReversingPolicy.class.getName());
    DatanodeInfoWithStorage[] many = new DatanodeInfoWithStorage[70];
    for (int i = 0; i < many.length; i++) {
      many[i] = new DatanodeInfoWithStorage(nodes.get(i % nodes.size()), "DS-" + i, StorageType.DISK);
    }
    List<String> before = ids(many);
    reversing.sortByDistance(nodes.get(0), many, 70, null);
    List<String> expected = new ArrayList<>(before);
    Collections.reverse(expected);
    assertEquals(expected, ids(many));
  }

  @Test
  void aPolicyRepeatingAReplica_fallsBackToHdfsOrder_withNoReplicaLost() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(RepeatingPolicy.class.getName());
    DatanodeInfoWithStorage[] block = block();

    topology.sortByDistance(nodes.get(0), block, 3, null);

    assertEquals("DS-0", block[0].getStorageID(), "HDFS's order: the reader's own replica first");
    assertEquals(4, Arrays.stream(block).distinct().count(), "no replica lost or duplicated");
    assertEquals(1L, metrics(topology).get("Fallbacks"));
  }

  /** Until session 54 a decision the adaptor then refused kept the turn it took: a weight's split drifted. */
  @Test
  void anOrderRefusedAfterTheDecision_givesBackWhatDecidingCounted() {
    TurnTakingRepeatingPolicy.TURNS.set(0);
    ReplicaKitNetworkTopology topology =
        (ReplicaKitNetworkTopology) topology(TurnTakingRepeatingPolicy.class.getName());
    for (int i = 0; i < 3; i++) {
      topology.sortByDistance(nodes.get(0), block(), 3, null);
    }
    assertEquals(0, TurnTakingRepeatingPolicy.TURNS.get(), "every turn taken was given back");
    assertEquals(3L, metrics(topology).get("Fallbacks"));
  }

  @Test
  void aStatePolicyWithoutTheHeartbeatPlugin_isWarnedAbout_andOnlyThen() {
    Configuration conf = new Configuration(false);
    for (String policy : List.of("drr", "system-state", "combined")) {
      assertTrue(ReplicaKitNetworkTopology.missingStateSource(conf, policy).orElse("")
          .contains(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY), policy);
    }
    assertTrue(ReplicaKitNetworkTopology.missingStateSource(conf, "wrr").isEmpty(), "WRR reads no state");
    conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, "org.example.Other, " + SystemStates.NAMENODE_PLUGIN);
    assertTrue(ReplicaKitNetworkTopology.missingStateSource(conf, "drr").isEmpty(), "the plugin is listed");
  }

  private static List<String> ids(DatanodeInfoWithStorage[] block) {
    return Arrays.stream(block).map(DatanodeInfoWithStorage::getStorageID).toList();
  }

  @Test
  void networkDistance_isHdfsOwnSort_secondarySortIncluded() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology("network-distance");
    DatanodeInfoWithStorage[] block = block();
    List<String> secondarySortSaw = new ArrayList<>();

    topology.sortByDistance(nodes.get(0), block, 3, list -> list.forEach(n -> secondarySortSaw.add(
        ((DatanodeInfoWithStorage) n).getStorageID())));

    assertEquals("DS-0", block[0].getStorageID());
    assertTrue(secondarySortSaw.containsAll(List.of("DS-0", "DS-2", "DS-4")), "HDFS ran the secondary sort");
  }

  @Test
  void metrics_countBlocksOrdered_theStorageTypePutFirst_andFallbacks() {
    ReplicaKitNetworkTopology ssdFirst = (ReplicaKitNetworkTopology) topology("storage-type");
    for (int i = 0; i < 5; i++) {
      ssdFirst.sortByDistance(nodes.get(0), block(), 3, null);
    }
    ReplicaKitNetworkTopology broken = (ReplicaKitNetworkTopology) topology(DroppingPolicy.class.getName());
    broken.sortByDistance(nodes.get(0), block(), 3, null);

    Map<String, Number> counts = metrics(ssdFirst);
    assertEquals(5L, counts.get("BlocksOrdered"));
    assertEquals(5L, counts.get("FirstOnSsd"));
    assertEquals(0L, counts.get("FirstOnDisk"));
    assertEquals(0L, counts.get("Fallbacks"));
    Map<String, Number> fellBack = metrics(broken);
    assertEquals(1L, fellBack.get("BlocksOrdered"), "a block left to HDFS's order is still ordered");
    assertEquals(1L, fellBack.get("FirstOnDisk"), "HDFS's order: the reader's own DISK replica");
    assertEquals(1L, fellBack.get("Fallbacks"));
  }

  /**
   * What {@code FSNamesystem.getBlockLocations} does on its handler thread: the listing's blocks one after
   * another, then the file's last block again. Each block's read is recorded once the next sort of the same call
   * shows it was not that repeat; the repeat is dropped when the thread's next call sorts.
   */
  @Test
  void listingsLastBlockRepeat_isOrderedButNotRecorded() {
    RecordingPolicy.RECORDED.clear();
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(RecordingPolicy.class.getName());
    try {
      inCall(1);
      topology.sortByDistance(nodes.get(0), blockFirstOn(1), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(2), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(3), 3, null); // the repeat of call 1's last block
      assertEquals(List.of("DS-1", "DS-2"), RecordingPolicy.RECORDED, "the repeat is held, not recorded");

      inCall(2);
      topology.sortByDistance(nodes.get(0), blockFirstOn(4), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(5), 3, null); // the repeat of call 2's last block
      assertEquals(List.of("DS-1", "DS-2", "DS-4"), RecordingPolicy.RECORDED);
      Map<String, Number> counts = metrics(topology);
      assertEquals(5L, counts.get("BlocksOrdered"), "every sort orders its block");
      assertEquals(1L, counts.get("ReadsNotRecorded"), "call 1's repeat, dropped when call 2 began");
    } finally {
      Server.getCurCall().remove();
    }
    topology.sortByDistance(nodes.get(0), blockFirstOn(0), 3, null);
    assertEquals(List.of("DS-1", "DS-2", "DS-4", "DS-0"), RecordingPolicy.RECORDED,
        "outside an RPC a block is recorded at once");
  }

  /**
   * A call listing more blocks than a reader's input stream asks for at once is a lookup (a job planner, a
   * checksum): its blocks past {@code listing.read.blocks} are ordered but not recorded, so a whole-file lookup
   * does not book the file's reads on its volumes. Until session 51 every block of every listing was recorded.
   */
  @Test
  void longListing_recordsOnlyItsFirstBlocks_asAReaderReadsThem() {
    RecordingPolicy.RECORDED.clear();
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(RecordingPolicy.class.getName(),
        ReadSelectionConfig.LISTING_READ_BLOCKS.name(), "2");
    try {
      inCall(1);
      for (int dn = 1; dn <= 4; dn++) {
        topology.sortByDistance(nodes.get(0), blockFirstOn(dn), 3, null);
      }
      topology.sortByDistance(nodes.get(0), blockFirstOn(4), 3, null); // the repeat of the file's last block
      inCall(2);
      topology.sortByDistance(nodes.get(0), blockFirstOn(0), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(0), 3, null); // its repeat
    } finally {
      Server.getCurCall().remove();
    }
    assertEquals(List.of("DS-1", "DS-2", "DS-0"), RecordingPolicy.RECORDED,
        "call 1's first two blocks, then call 2's one block (a new call counts from its first block)");
    assertEquals(3L, metrics(topology).get("ReadsNotRecorded"), "call 1's blocks 3 and 4 and its repeat; call 2's "
        + "repeat is still held");
  }

  /**
   * Pfimbi's coordinator lists every tracked file's blocks each half second through a client of the NameNode: on a
   * NameNode running both, those listings were booked as reads (until session 54). A call marked as ReplicaKit's own
   * lookup is ordered but none of it recorded; the next, unmarked call on the same handler is recorded as usual.
   */
  @Test
  void ownLookup_isOrderedButNotRecorded() {
    RecordingPolicy.RECORDED.clear();
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(RecordingPolicy.class.getName());
    try {
      inCall(1);
      OwnLookups.markThisThread("pfimbi-coordinator"); // as the handler makes the call's context current
      topology.sortByDistance(nodes.get(0), blockFirstOn(1), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(2), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(2), 3, null); // the repeat
      inCall(2);
      CallerContext.setCurrent(null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(3), 3, null);
      topology.sortByDistance(nodes.get(0), blockFirstOn(4), 3, null);
    } finally {
      Server.getCurCall().remove();
      CallerContext.setCurrent(null);
    }
    assertEquals(List.of("DS-3"), RecordingPolicy.RECORDED, "only the unmarked call's first block so far");
    Map<String, Number> counts = metrics(topology);
    assertEquals(5L, counts.get("BlocksOrdered"));
    assertEquals(3L, counts.get("ReadsNotRecorded"), "the lookup's two blocks and its repeat");
  }

  /** A block HDFS's own sort orders (one active replica) still takes its place in the call's count. */
  @Test
  void blocksTheAdaptorLeavesToHdfs_countInTheListing() {
    RecordingPolicy.RECORDED.clear();
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(RecordingPolicy.class.getName(),
        ReadSelectionConfig.LISTING_READ_BLOCKS.name(), "2");
    try {
      inCall(1);
      topology.sortByDistance(nodes.get(0), blockFirstOn(1), 1, null); // one active replica: HDFS's sort
      topology.sortByDistance(nodes.get(0), blockFirstOn(2), 3, null); // the call's second block
      topology.sortByDistance(nodes.get(0), blockFirstOn(3), 3, null); // its third: past the cap
      topology.sortByDistance(nodes.get(0), blockFirstOn(3), 3, null); // the repeat
    } finally {
      Server.getCurCall().remove();
    }
    assertEquals(List.of("DS-2"), RecordingPolicy.RECORDED);
  }

  /**
   * WRR at weight 1 alternates SSD and DISK. A client listing one block at a time makes the NameNode sort each block
   * and then the repeat, in alternation: were the repeat's turn kept, every listed block would get the SSD turn and
   * every repeat the DISK one. Taken back, the listed blocks alternate.
   */
  @Test
  void wrr_blockByBlockListings_keepTheWeightsSplit_forTheBlocksListed() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology("wrr",
        ReadSelectionConfig.WRR_WEIGHT_KEY, "1");
    String firsts = oneBlockCalls(topology, first -> first.getStorageType() == StorageType.SSD ? "F" : "S");
    assertEquals("FS".repeat(10), firsts);
    assertEquals(19L, metrics(topology).get("ReadsNotRecorded"), "each call's repeat but the last one's");
  }

  /**
   * DRR by volume books a listing's blocks one after another (its client reads them so): the ten blocks of one call
   * all go to the SSD, each released when the one before it ends. The next call's listing starts from now, behind
   * those ten on the SSD, where the reader's own DISK finishes a block first (2.2 s against 4.9 s).
   */
  @Test
  void drr_aCallsBlocks_areBookedOneAfterAnother_andTheNextCallStartsNow() {
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology("drr");
    StringBuilder firsts = new StringBuilder();
    try {
      inCall(1);
      for (int i = 0; i < 10; i++) {
        DatanodeInfoWithStorage[] listed = block();
        topology.sortByDistance(nodes.get(0), listed, 3, null);
        firsts.append(listed[0].getStorageType() == StorageType.SSD ? 'F' : 'S');
      }
      topology.sortByDistance(nodes.get(0), block(), 3, null); // the repeat of the file's last block
      inCall(2);
      DatanodeInfoWithStorage[] listed = block();
      topology.sortByDistance(nodes.get(0), listed, 3, null);
      firsts.append(listed[0].getStorageType() == StorageType.SSD ? 'F' : 'S');
    } finally {
      Server.getCurCall().remove();
    }
    assertEquals("F".repeat(10) + "S", firsts.toString());
  }

  /**
   * With reader links booked, the adaptor tells DRR which DataNode a call's reader is on. Twenty calls at once from
   * dn0, each for a one-block file (sorted twice, as HDFS does: the block, then the file's last block), with the
   * racks' uplinks told 45 MB/s (below a DISK's 60): rule 3 reads every block from dn0's own DISK; booking dn0's
   * link too sends the blocks its DISK would finish last over the link (to dn2's SSD or dn4's DISK, whichever
   * volume is done first: the link decides when either read ends). No time passes within the twenty calls (the
   * topology's clock stands still), so 11 stay on dn0's DISK and 9 go over the link.
   */
  @Test
  void drrWithReaderLinks_booksTheReadersLink_whenTheReaderIsADataNode() {
    assertEquals("0".repeat(20), firstsOfOneBlockCalls("drr", "45", false));
    String linked = firstsOfOneBlockCalls("drr", "45", true);
    assertEquals(11, linked.chars().filter(c -> c == '0').count(), linked);
    assertEquals(9, linked.chars().filter(c -> c == '2' || c == '4').count(), linked);
  }

  private String firstsOfOneBlockCalls(String policy, String interRackMbps, boolean readerLinks) {
    nodes.clear();
    ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) topology(policy,
        DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, FrozenClockTopology.class.getName(),
        ReadSelectionConfig.INTER_RACK_KEY, interRackMbps,
        ReadSelectionConfig.DRR_READER_LINKS.name(), Boolean.toString(readerLinks));
    return oneBlockCalls(topology, first -> first.getStorageID().substring("DS-".length()));
  }

  /**
   * Twenty calls from dn0, each for a one-block file, sorted as HDFS sorts a {@code getBlockLocations}: the block,
   * then the file's last block again; {@code label} of each call's first replica, in order.
   */
  private String oneBlockCalls(ReplicaKitNetworkTopology topology,
      Function<DatanodeInfoWithStorage, String> label) {
    StringBuilder firsts = new StringBuilder();
    try {
      for (int call = 1; call <= 20; call++) {
        inCall(call);
        DatanodeInfoWithStorage[] listed = block();
        topology.sortByDistance(nodes.get(0), listed, 3, null);
        topology.sortByDistance(nodes.get(0), block(), 3, null); // the repeat of the file's last block
        firsts.append(label.apply(listed[0]));
      }
    } finally {
      Server.getCurCall().remove();
    }
    return firsts.toString();
  }

  /** Makes the IPC server's current call on this thread a new call, as a handler does when it takes one. */
  private static void inCall(int callId) {
    Server.getCurCall().set(new Server.Call(callId, 0, null, null, RPC.RpcKind.RPC_PROTOCOL_BUFFER, new byte[16]));
  }

  /** Three replicas, DISK, on dn{@code first} then two other DataNodes: the recording policy keeps this order. */
  private DatanodeInfoWithStorage[] blockFirstOn(int first) {
    DatanodeInfoWithStorage[] block = new DatanodeInfoWithStorage[3];
    for (int i = 0; i < 3; i++) {
      int dn = (first + i) % nodes.size();
      block[i] = new DatanodeInfoWithStorage(nodes.get(dn), "DS-" + dn, StorageType.DISK);
    }
    return block;
  }

  /** The topology's metrics2 record, by metric name (also for {@code ListingRepeatIT}). */
  static Map<String, Number> metrics(ReplicaKitNetworkTopology topology) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    topology.metrics().getMetrics(collector, true);
    Map<String, Number> values = new HashMap<>();
    for (AbstractMetric m : collector.getRecords().get(0).metrics()) {
      values.put(m.name(), m.value());
    }
    return values;
  }

  @Test
  void unknownPolicy_failsConstruction_namingTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> topology("fastest"));
    assertTrue(e.getMessage().contains(ReadSelectionConfig.POLICY_KEY), e.getMessage());
  }

  /**
   * HDFS shuffles replicas instead of sorting them when {@code dfs.namenode.random.node.order.enabled} is set, so
   * a read policy would never run: the NameNode refuses to start, naming both keys (until session 51 the policy
   * was silently off). HDFS's own order with the shuffle is left alone.
   */
  @Test
  void policyWithHdfsRandomNodeOrder_failsConstruction_namingBothKeys() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> topology("drr", DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED, "true"));
    assertTrue(e.getMessage().contains(ReadSelectionConfig.POLICY_KEY + "=drr"), e.getMessage());
    assertTrue(e.getMessage().contains(DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED), e.getMessage());
    assertTrue(topology("network-distance", DFSConfigKeys.DFS_NAMENODE_RANDOM_NODE_ORDER_ENABLED, "true")
        instanceof ReplicaKitNetworkTopology);
  }
}
