/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.jmh;

import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
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
 * {@link ReadOrderingBenchmark}'s operation measured against HDFS's own sort in the same fork, iteration by
 * iteration: the state holds two clusters built alike (the same DataNodes, racks, blocks and readers, from the same
 * seed), one whose topology is HDFS's {@code DFSNetworkTopology} and one whose topology is ReplicaKit's with the
 * policy, and every iteration, warm-up included, sorts with the other one: even iterations (counting from the first
 * warm-up iteration, 0) HDFS's, odd ones the policy's. {@code microbenchmarks/paired_table.py} pairs each policy
 * iteration with the HDFS iterations beside it and reports the ratios.
 *
 * <p>Why: {@link ReadOrderingBenchmark} measures HDFS's sort and each policy in separate trials, minutes apart, and
 * on this shared host the speed of the same code drifts by more than the differences measured. In one matrix
 * {@code network-distance}, which is HDFS's sort plus one counter, measured 1.18-1.24x HDFS's sort, and with two
 * threads {@code storage-type} (which writes nothing shared) took 285 to 690 ns in phases lasting seconds, in one
 * process and also in two single-threaded processes side by side. Iterations a second apart see the same host, so
 * their ratio keeps what the code costs and drops most of what the host does.
 *
 * <p>Only the policy's cluster publishes its system-state registry ({@code metrics=fresh}); HDFS's sort reads none.
 * The JMH score of a trial mixes both topologies and means nothing; read the iterations.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g",
    "-Dlog4j.configuration=replicakit-jmh-log4j.properties"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 12, time = 1)
public class ReadOrderingPairedBenchmark {

  /** HDFS's cluster and the policy's, and which of them this iteration sorts with. */
  @State(Scope.Benchmark)
  public static class Pair {

    @Param({"network-distance", "storage-type", "wrr", "drr", "system-state", "combined"})
    public String policy;

    @Param({"3", "6", "12"})
    public int replicas;

    ReadOrderingBenchmark.Cluster hdfs;
    ReadOrderingBenchmark.Cluster withPolicy;
    ReadOrderingBenchmark.Cluster active;
    private int iteration;

    /** HDFS's first: it checks that no registry is published, which the policy's cluster then publishes. */
    @Setup(Level.Trial)
    public void build() {
      if (ReadOrderingBenchmark.HDFS.equals(policy)) {
        throw new IllegalArgumentException("policy is what is compared with hdfs; it cannot be hdfs");
      }
      hdfs = cluster(ReadOrderingBenchmark.HDFS, "none");
      withPolicy = cluster(policy, "fresh");
    }

    private ReadOrderingBenchmark.Cluster cluster(String topology, String metrics) {
      ReadOrderingBenchmark.Cluster c = new ReadOrderingBenchmark.Cluster();
      c.policy = topology;
      c.replicas = replicas;
      c.metrics = metrics;
      c.build();
      return c;
    }

    /** Fresh samples for the policy's cluster, as in {@link ReadOrderingBenchmark}; then the other topology. */
    @Setup(Level.Iteration)
    public void alternate() {
      withPolicy.heartbeat();
      active = iteration++ % 2 == 0 ? hdfs : withPolicy;
    }

    @TearDown(Level.Trial)
    public void withdraw() {
      withPolicy.withdraw();
    }
  }

  /** A {@link ReadOrderingBenchmark.Handler} of the pair's block size, in calls of ten blocks. */
  @State(Scope.Thread)
  public static class Handler {

    final ReadOrderingBenchmark.Handler thread = new ReadOrderingBenchmark.Handler();

    @Setup(Level.Trial)
    public void setup(Pair pair) {
      thread.enterCall(pair.replicas);
    }

    @TearDown(Level.Trial)
    public void leaveCall() {
      thread.leaveCall();
    }
  }

  @Benchmark
  public DatanodeInfoWithStorage sortByDistance(Pair pair, Handler handler) {
    return handler.thread.sortNext(pair.active);
  }
}
