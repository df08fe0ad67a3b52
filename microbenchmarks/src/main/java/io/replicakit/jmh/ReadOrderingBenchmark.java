/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.jmh;

import io.replicakit.common.CoarseClock;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.util.Time;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The NameNode's read-ordering cost per {@code LocatedBlock}: what {@code DatanodeManager.sortLocatedBlock} spends
 * in {@code networktopology.sortByDistance(client, locations, activeLen, secondarySort)} for a reader that is a
 * DataNode, for every block of every {@code getBlockLocations}.
 *
 * <p>{@code policy=hdfs} is HDFS's own {@link DFSNetworkTopology}; every other value is
 * {@link ReplicaKitNetworkTopology} with that {@code replicakit.read.policy}. Both are built the NameNode's way,
 * by {@link DFSNetworkTopology#getInstance} from a configuration ({@code dfs.net.topology.impl}), so ReplicaKit's
 * goes through {@code setConf}. The topology holds 1,000 {@link DatanodeDescriptor}s in 25 racks; 1,024 blocks
 * are pre-generated as {@link DatanodeInfoWithStorage} arrays the way {@code BlockManager} makes them (from the
 * descriptor, so they carry its parent and level), One_SSD style (the writer's replica on SSD, the others on
 * DISK), spread over at least two racks, each with a reader DataNode (local SSD replica, local DISK replica, same
 * rack, or anywhere). A {@link SystemStateRegistry} with one fresh sample per DataNode is published, as the
 * NameNode plugin does, so {@code system-state} and {@code combined} score every replica (their full path), and
 * {@code drr} adjusts its weight from real utilizations; the samples are renewed before each iteration, like
 * heartbeats, so they never go stale.
 *
 * <p>The measured operation copies a block's locations into a per-thread scratch array (the sort mutates it;
 * the copy costs every policy alike) and sorts them. Run with {@code -t N} to see N handler threads share one
 * topology.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g",
    "-Dlog4j.configuration=replicakit-jmh-log4j.properties"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReadOrderingBenchmark {

  static final String HDFS = "hdfs";
  static final int DATANODES = 1_000;
  static final int RACKS = 25;
  /** A power of two, so the block cursor wraps with a mask. */
  static final int BLOCKS = 1_024;
  static final int SAMPLE_INTERVAL_MS = 3_000;
  static final int STALE_INTERVALS = 3;

  /** The cluster: one topology, its DataNodes and blocks, shared by all threads like the NameNode's. */
  @State(Scope.Benchmark)
  public static class Cluster {

    @Param({HDFS, "network-distance", "storage-type", "wrr", "drr", "system-state", "combined"})
    public String policy;

    @Param({"3", "6", "12"})
    public int replicas;

    /**
     * {@code fresh}: every DataNode has a fresh sample (the policies' full path). {@code none}: no registry is
     * published, as without the NameNode plugin, so system-state and combined take their no-metrics fallback and
     * drr keeps WRR's weight; run with {@code -p metrics=none} to price the state lookup and scoring.
     */
    @Param({"fresh"})
    public String metrics;

    DFSNetworkTopology topology;
    DatanodeDescriptor[] datanodes;
    DatanodeInfoWithStorage[][] blocks;
    DatanodeDescriptor[] readers;
    SystemStateRegistry registry;
    long sequence;
    private final SplittableRandom metricsRandom = new SplittableRandom(7);

    @Setup(Level.Trial)
    public void build() {
      topology = topology(policy);
      datanodes = new DatanodeDescriptor[DATANODES];
      for (int i = 0; i < DATANODES; i++) {
        DatanodeID id = new DatanodeID(ip(i), "dn" + String.format("%04d", i) + ".replicakit.test",
            UUID.nameUUIDFromBytes(("replicakit-dn-" + i).getBytes()).toString(), 9866, 9864, 9865, 9867);
        datanodes[i] = new DatanodeDescriptor(id, rack(i % RACKS));
        topology.add(datanodes[i]);
      }
      if (topology.getNumOfLeaves() != DATANODES || topology.getNumOfRacks() != RACKS) {
        throw new IllegalStateException("topology has " + topology.getNumOfLeaves() + " nodes in "
            + topology.getNumOfRacks() + " racks");
      }
      registry = new SystemStateRegistry(CoarseClock::wallMs, STALE_INTERVALS, uuid -> NodeStatus.LIVE);
      if (withMetrics()) {
        SystemStates.publish(registry);
      }
      heartbeat();
      generateBlocks(new Random(42));
      check();
    }

    /** Fresh samples before every iteration, as heartbeats would bring them (and DRR needs newer ones). */
    @Setup(Level.Iteration)
    public void heartbeat() {
      sequence++;
      for (DatanodeDescriptor dn : datanodes) {
        if (registry.offer(sample(dn)).isPresent()) {
          throw new IllegalStateException("registry rejected the sample of " + dn.getDatanodeUuid());
        }
      }
    }

    private boolean withMetrics() {
      switch (metrics) {
        case "fresh":
          return true;
        case "none":
          return false;
        default:
          throw new IllegalArgumentException("metrics must be fresh or none, was " + metrics);
      }
    }

    @TearDown(Level.Trial)
    public void withdraw() {
      SystemStates.withdraw(registry);
    }

    private static DFSNetworkTopology topology(String policy) {
      Configuration conf = new Configuration();
      if (!HDFS.equals(policy)) {
        conf.setClass(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, ReplicaKitNetworkTopology.class,
            DFSNetworkTopology.class);
        conf.set(ReadSelectionConfig.POLICY_KEY, policy);
      }
      DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
      Class<?> expected = HDFS.equals(policy) ? DFSNetworkTopology.class : ReplicaKitNetworkTopology.class;
      if (topology.getClass() != expected) {
        throw new IllegalStateException("expected " + expected.getName() + ", got " + topology.getClass());
      }
      if (topology instanceof ReplicaKitNetworkTopology rk && !rk.policy().name().equals(policy)) {
        throw new IllegalStateException("topology runs policy " + rk.policy().name() + ", not " + policy);
      }
      return topology;
    }

    private SystemSample sample(DatanodeDescriptor dn) {
      SplittableRandom r = metricsRandom;
      HostMetrics host = new HostMetrics(r.nextDouble(5, 100), r.nextDouble(2, 90), 128L << 30);
      List<VolumeMetrics> volumes = List.of(
          new VolumeMetrics(new String(ssdId(dn)), StorageType.SSD.name(), "nvme0n1", r.nextDouble(0.05, 5),
              r.nextDouble(0, 300_000), r.nextDouble(0, 150_000), r.nextDouble(0, 100), r.nextDouble(0, 8)),
          new VolumeMetrics(new String(diskId(dn)), StorageType.DISK.name(), "sdb", r.nextDouble(1, 150),
              r.nextDouble(0, 60_000), r.nextDouble(0, 30_000), r.nextDouble(0, 100), r.nextDouble(0, 16)));
      return new SystemSample(dn.getDatanodeUuid(), 1L, sequence, Time.now(), SAMPLE_INTERVAL_MS, host, volumes);
    }

    /**
     * HDFS's default placement (writer's node, then two nodes of one other rack), further replicas anywhere;
     * the writer's replica on SSD, the others on DISK. Readers: 25 % the writer (local SSD replica), 15 %
     * another replica's node (local DISK replica), 25 % a node in a replica's rack, 35 % any node.
     */
    private void generateBlocks(Random random) {
      blocks = new DatanodeInfoWithStorage[BLOCKS][];
      readers = new DatanodeDescriptor[BLOCKS];
      for (int b = 0; b < BLOCKS; b++) {
        int writer = random.nextInt(DATANODES);
        int otherRack = (writer % RACKS + 1 + random.nextInt(RACKS - 1)) % RACKS;
        List<Integer> chosen = new ArrayList<>(replicas);
        chosen.add(writer);
        while (chosen.size() < Math.min(3, replicas)) {
          int n = otherRack + RACKS * random.nextInt(DATANODES / RACKS);
          if (!chosen.contains(n)) {
            chosen.add(n);
          }
        }
        while (chosen.size() < replicas) {
          int n = random.nextInt(DATANODES);
          if (!chosen.contains(n)) {
            chosen.add(n);
          }
        }
        DatanodeInfoWithStorage[] locations = new DatanodeInfoWithStorage[replicas];
        for (int i = 0; i < replicas; i++) {
          DatanodeDescriptor dn = datanodes[chosen.get(i)];
          locations[i] = i == 0
              ? new DatanodeInfoWithStorage(dn, ssdId(dn), StorageType.SSD)
              : new DatanodeInfoWithStorage(dn, diskId(dn), StorageType.DISK);
        }
        Collections.shuffle(Arrays.asList(locations), random);
        blocks[b] = locations;
        int kind = random.nextInt(100);
        int reader;
        if (kind < 25) {
          reader = writer;
        } else if (kind < 40) {
          reader = chosen.get(1 + random.nextInt(replicas - 1));
        } else if (kind < 65) {
          int rack = chosen.get(random.nextInt(replicas)) % RACKS;
          do {
            reader = rack + RACKS * random.nextInt(DATANODES / RACKS);
          } while (chosen.contains(reader));
        } else {
          reader = random.nextInt(DATANODES);
        }
        readers[b] = datanodes[reader];
      }
    }

    /**
     * Sorts every block once before measuring: the result must be a permutation of the block, HDFS's order
     * (hdfs, network-distance) must put a closest replica first, and with {@code metrics=fresh} every replica's
     * DataNode must have a fresh sample (so system-state and combined score, not fall back), with {@code none}
     * none.
     */
    private void check() {
      boolean closestFirst = HDFS.equals(policy) || "network-distance".equals(policy);
      int[] firstLocality = new int[3];
      for (int b = 0; b < BLOCKS; b++) {
        DatanodeInfoWithStorage[] sorted = blocks[b].clone();
        topology.sortByDistance(readers[b], sorted, sorted.length, null);
        if (!new HashSet<>(Arrays.asList(sorted)).equals(new HashSet<>(Arrays.asList(blocks[b])))) {
          throw new IllegalStateException("block " + b + ": the sort is not a permutation");
        }
        int best = Integer.MAX_VALUE;
        for (DatanodeInfoWithStorage r : sorted) {
          best = Math.min(best, locality(readers[b], r));
          if (SystemStates.current().fresh(r.getDatanodeUuid()).isPresent() != withMetrics()) {
            throw new IllegalStateException("fresh sample of " + r.getDatanodeUuid() + " present: "
                + !withMetrics() + ", expected the opposite (metrics=" + metrics + ")");
          }
        }
        int first = locality(readers[b], sorted[0]);
        if (closestFirst && first != best) {
          throw new IllegalStateException("block " + b + ": HDFS order did not put the closest first");
        }
        firstLocality[first]++;
      }
      System.out.printf("# %s, %d replicas, metrics %s: first replica local %d, same rack %d, off rack %d of %d"
          + " blocks; %d DataNodes in %d racks%n", policy, replicas, metrics, firstLocality[0], firstLocality[1],
          firstLocality[2], BLOCKS, topology.getNumOfLeaves(), topology.getNumOfRacks());
    }

    private static int locality(DatanodeDescriptor reader, DatanodeInfoWithStorage replica) {
      if (reader.equals(replica)) {
        return 0;
      }
      return reader.getNetworkLocation().equals(replica.getNetworkLocation()) ? 1 : 2;
    }
  }

  /** Blocks per {@code getBlockLocations} call: HDFS's client lists ten at a time by default. */
  static final int LISTING = 10;

  /**
   * One handler thread's cursor over the blocks, its scratch copy of a block's locations, and the IPC call it
   * serves: the NameNode sorts on RPC handler threads, each inside a call ({@code Server.getCurCall()}), where
   * ReplicaKit's topology holds a block's record of the read until the thread's next sort (and so records each block
   * one sort late, and drops a listing's repeated last block), and tells the policy which call a block is listed in
   * (DRR by volume books a listing's blocks one after another). A new call every {@link #LISTING} blocks, as a
   * client listing ten blocks at a time makes: in each, nine sorts record the block before and the first takes back
   * the previous call's last block as its repeat. Both topologies of a pair see the same calls.
   */
  @State(Scope.Thread)
  public static class Handler {

    DatanodeInfoWithStorage[] scratch;
    int next;
    private int listed;

    @Setup(Level.Trial)
    public void setup(Cluster cluster) {
      enterCall(cluster.replicas);
    }

    /** Takes the thread into its first call, with a scratch array for blocks of {@code replicas} replicas. */
    void enterCall(int replicas) {
      scratch = new DatanodeInfoWithStorage[replicas];
      next = (int) Thread.currentThread().getId() * 257;
      newCall();
    }

    private void newCall() {
      Server.getCurCall().set(new Server.Call(next, 0, null, null, RPC.RpcKind.RPC_PROTOCOL_BUFFER, new byte[16]));
      listed = 0;
    }

    @TearDown(Level.Trial)
    public void leaveCall() {
      Server.getCurCall().remove();
    }

    /** Sorts the thread's next block of {@code cluster} with its topology; returns the replica put first. */
    DatanodeInfoWithStorage sortNext(Cluster cluster) {
      if (++listed > LISTING) {
        newCall();
        listed = 1;
      }
      int b = next++ & (BLOCKS - 1);
      DatanodeInfoWithStorage[] locations = scratch;
      System.arraycopy(cluster.blocks[b], 0, locations, 0, locations.length);
      cluster.topology.sortByDistance(cluster.readers[b], locations, locations.length, null);
      return locations[0];
    }
  }

  @Benchmark
  public DatanodeInfoWithStorage sortByDistance(Cluster cluster, Handler handler) {
    return handler.sortNext(cluster);
  }

  static String rack(int r) {
    return String.format("/rack%02d", r);
  }

  static String ip(int i) {
    return "10.1." + (i / 250) + "." + (i % 250 + 1);
  }

  /**
   * Storage IDs as DataNodes make them ({@code "DS-" + random UUID}), one per volume, fixed per node. One String
   * instance per volume, as in the NameNode: every {@code DatanodeInfoWithStorage} it hands out takes the ID from
   * the volume's {@code DatanodeStorageInfo}. (The samples' IDs are decoded from messages, so they are other
   * instances, as in production.)
   */
  static String ssdId(DatanodeDescriptor dn) {
    return storageId(dn, "ssd");
  }

  static String diskId(DatanodeDescriptor dn) {
    return storageId(dn, "disk");
  }

  private static final java.util.Map<String, String> STORAGE_IDS = new java.util.concurrent.ConcurrentHashMap<>();

  private static String storageId(DatanodeDescriptor dn, String volume) {
    String key = dn.getDatanodeUuid() + "/" + volume;
    return STORAGE_IDS.computeIfAbsent(key, k -> "DS-" + UUID.nameUUIDFromBytes(k.getBytes()));
  }
}
