/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.jmh;

import io.replicakit.common.CoarseClock;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.placement.analysis.PlacementPolicies;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.PlacementBenchCluster;
import org.apache.hadoop.net.Node;
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
 * What a placement policy's {@code chooseTarget} costs for one new block of three replicas, alone: the call
 * {@code BlockManager.chooseTarget4NewBlock} makes for every {@code addBlock}, without the RPC, locks and
 * bookkeeping around it (experiment {@code placement-scale} measures those with NNThroughputBenchmark).
 *
 * <p>{@code policy} is a short name of the placement registry (or a class name); the cluster is
 * {@link PlacementBenchCluster}: {@code datanodes} DataNodes in racks of 20 in a real {@code DFSNetworkTopology},
 * each a {@code DatanodeDescriptor} with a DISK storage of 4 TiB, 10-90 % used, 0-8 transfers, the policy
 * initialized over them as the NameNode does. A system-state registry with a fresh sample of every DataNode is
 * published, as the heartbeat-metrics NameNode plugin does, so a policy that reads node state takes its full path;
 * samples are renewed before each iteration, like heartbeats. The writer of each call is a DataNode, cycling over
 * 1,024 drawn at random (HDFS then puts the first replica on it when it is fit). Every call's targets are
 * checked once in setup: three distinct DataNodes, on at least two racks.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g",
    "-Dlog4j.configuration=replicakit-jmh-log4j.properties"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ChooseTargetBenchmark {

  static final int RACK_SIZE = 20;
  /** A power of two, so the writer cursor wraps with a mask. */
  static final int WRITERS = 1_024;
  static final int REPLICAS = 3;
  static final long BLOCK_BYTES = 128L << 20;
  static final int SAMPLE_INTERVAL_MS = 3_000;
  static final int STALE_INTERVALS = 3;

  /** The NameNode's view: one topology and policy, shared by all threads like the NameNode's handlers. */
  @State(Scope.Benchmark)
  public static class Cluster {

    @Param({"default", "availablespace", "rackfaulttolerant", "balanced", "state-aware"})
    public String policy;

    @Param({"1000", "10000"})
    public int datanodes;

    PlacementBenchCluster cluster;
    DatanodeDescriptor[] writers;
    BlockStoragePolicy storagePolicy;
    SystemStateRegistry registry;
    long sequence;
    private final SplittableRandom metricsRandom = new SplittableRandom(7);

    @Setup(Level.Trial)
    public void build() {
      Configuration conf = new Configuration();
      PlacementPolicies.hdfsSettings(PlacementPolicies.resolve(policy)).forEach(conf::set);
      registry = new SystemStateRegistry(CoarseClock::wallMs, STALE_INTERVALS, uuid -> NodeStatus.LIVE);
      SystemStates.publish(registry);
      cluster = PlacementBenchCluster.build(conf, datanodes, RACK_SIZE, 42);
      storagePolicy = BlockStoragePolicySuite.createDefaultSuite().getDefaultPolicy();
      DatanodeDescriptor[] all = cluster.dataNodes();
      SplittableRandom random = new SplittableRandom(11);
      writers = new DatanodeDescriptor[WRITERS];
      for (int i = 0; i < WRITERS; i++) {
        writers[i] = all[random.nextInt(all.length)];
      }
      heartbeat();
      check();
    }

    /** Fresh samples before every iteration, as heartbeats would bring them. */
    @Setup(Level.Iteration)
    public void heartbeat() {
      sequence++;
      for (DatanodeDescriptor dn : cluster.dataNodes()) {
        if (registry.offer(sample(dn)).isPresent()) {
          throw new IllegalStateException("registry rejected the sample of " + dn.getDatanodeUuid());
        }
      }
    }

    @TearDown(Level.Trial)
    public void withdraw() {
      SystemStates.withdraw(registry);
    }

    DatanodeStorageInfo[] choose(Node writer) {
      return cluster.policy().chooseTarget("/benchmarks/chooseTarget", REPLICAS, writer, List.of(), false,
          new HashSet<>(), BLOCK_BYTES, storagePolicy, EnumSet.noneOf(AddBlockFlag.class));
    }

    /** Every writer's targets once: three distinct DataNodes on two racks or more, else the trial fails. */
    private void check() {
      int local = 0;
      for (DatanodeDescriptor writer : writers) {
        DatanodeStorageInfo[] targets = choose(writer);
        Set<String> nodes = new HashSet<>();
        Set<String> racks = new HashSet<>();
        for (DatanodeStorageInfo t : targets) {
          nodes.add(t.getDatanodeDescriptor().getDatanodeUuid());
          racks.add(t.getDatanodeDescriptor().getNetworkLocation());
        }
        if (targets.length != REPLICAS || nodes.size() != REPLICAS || racks.size() < 2) {
          throw new IllegalStateException(policy + " chose " + targets.length + " targets on " + nodes.size()
              + " nodes in " + racks.size() + " racks for writer " + writer);
        }
        local += targets[0].getDatanodeDescriptor().equals(writer) ? 1 : 0;
      }
      System.out.printf("# %s: %d DataNodes in %d racks (%s); first replica on the writer for %d of %d writers%n",
          policy, cluster.topology().getNumOfLeaves(), cluster.topology().getNumOfRacks(),
          cluster.policy().getClass().getSimpleName(), local, WRITERS);
    }

    private SystemSample sample(DatanodeDescriptor dn) {
      SplittableRandom r = metricsRandom;
      HostMetrics host = new HostMetrics(r.nextDouble(5, 100), r.nextDouble(2, 90), 128L << 30);
      String storageId = dn.getStorageInfos()[0].getStorageID();
      List<VolumeMetrics> volumes = List.of(new VolumeMetrics(storageId, StorageType.DISK.name(), "sdb",
          r.nextDouble(1, 150), r.nextDouble(0, 60_000), r.nextDouble(0, 30_000), r.nextDouble(0, 100),
          r.nextDouble(0, 16)));
      return new SystemSample(dn.getDatanodeUuid(), 1L, sequence, Time.now(), SAMPLE_INTERVAL_MS, host, volumes);
    }
  }

  /** One handler thread's cursor over the writers. */
  @State(Scope.Thread)
  public static class Handler {

    int next;

    @Setup(Level.Trial)
    public void setup() {
      next = (int) Thread.currentThread().getId() * 257;
    }
  }

  @Benchmark
  public DatanodeStorageInfo[] chooseTarget(Cluster cluster, Handler handler) {
    return cluster.choose(cluster.writers[handler.next++ & (WRITERS - 1)]);
  }
}
