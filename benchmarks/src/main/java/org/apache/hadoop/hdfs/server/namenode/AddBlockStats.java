/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.namenode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An operation in NNThroughputBenchmark's harness that times block allocation: one {@code addBlock} per operation,
 * the first block of a file created beforehand (untimed), so each operation is one {@code chooseTarget} of the
 * NameNode's placement policy on the client write path, with the RPC handler's locking and bookkeeping around it.
 * The tool's own {@code create} does not allocate blocks, so it never reaches the placement policy. The simulated
 * DataNodes are the tool's ({@code blockReport}'s registration, with no blocks).
 *
 * <p>Before the timed part, untimed, the same threads allocate {@code warmUpOps} blocks of other files the same way,
 * and the heap is collected: the first policy of a JVM would otherwise pay for compiling the NameNode's write path,
 * and each run for the garbage of the setup (measured at 10,000 DataNodes, 2-3 s runs without this varied by +-40 %).
 */
final class AddBlockStats extends NNThroughputBenchmark.OperationStatsBase {

  static final String OP_NAME = "addBlock";
  private static final Logger LOG = LoggerFactory.getLogger(AddBlockStats.class);

  private final NNThroughputBenchmark.BlockReportStats dataNodes;
  private final AtomicInteger failures = new AtomicInteger();
  private final AtomicReference<IOException> firstFailure = new AtomicReference<>();
  private final int warmUpOps;
  private String[][] files;
  private long[][] fileIds;

  AddBlockStats(NNThroughputBenchmark bench, int dataNodes, int ops, int warmUpOps, int threads) {
    bench.super();
    this.numOpsRequired = ops;
    this.warmUpOps = warmUpOps;
    this.numThreads = threads;
    this.dataNodes = bench.new BlockReportStats(new ArrayList<>(List.of("-op", "blockReport",
        "-datanodes", Integer.toString(dataNodes), "-blocksPerReport", "0", "-blocksPerFile", "1")));
    this.replication = (short) Math.min(replication, dataNodes);
  }

  @Override
  String getOpName() {
    return OP_NAME;
  }

  /** The options come from the constructor; the harness never parses for this operation. */
  @Override
  void parseArguments(List<String> args) {
    throw new UnsupportedOperationException("configured by its constructor");
  }

  /**
   * Registers the DataNodes, creates each thread's files under the thread's client name, then warms up (untimed
   * allocations of other files) and collects the heap.
   */
  @Override
  void generateInputs(int[] opsPerThread) throws IOException {
    dataNodes.generateInputs(opsPerThread);
    files = new String[numThreads][];
    fileIds = new long[numThreads][];
    for (int t = 0; t < numThreads; t++) {
      files[t] = new String[opsPerThread[t]];
      fileIds[t] = new long[opsPerThread[t]];
      create(t, "/thread-", files[t], fileIds[t]);
    }
    warmUp();
    System.gc(); // the setup's garbage is not the measured policy's
  }

  /** Creates files named {@code dir + t + "/file-" + i}, one per slot of {@code names}, for thread {@code t}. */
  private void create(int t, String dir, String[] names, long[] ids) throws IOException {
    for (int i = 0; i < names.length; i++) {
      names[i] = getBaseDir() + dir + t + "/file-" + i;
      ids[i] = NNThroughputBenchmark.clientProto.create(names[i], FsPermission.getDefault(), getClientName(t),
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE)), true, replication, blockSize,
          CryptoProtocolVersion.supported(), null, null).getFileId();
    }
  }

  /** {@code warmUpOps} allocations of the first blocks of other files, by as many threads as the timed part. */
  private void warmUp() throws IOException {
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < numThreads; t++) {
      int ops = warmUpOps / numThreads;
      String[] names = new String[ops];
      long[] ids = new long[ops];
      create(t, "/warm-up-", names, ids);
      String client = getClientName(t);
      threads.add(new Thread(() -> {
        for (int i = 0; i < ops; i++) {
          allocate(names[i], client, ids[i]);
        }
      }, "addBlock-warm-up-" + t));
    }
    threads.forEach(Thread::start);
    join(threads);
  }

  /**
   * The tool's timed part, run as the tool runs it (the ops split evenly over the threads, each op timed by
   * {@link #executeOp}, the NameNode's log level set, elapsed time from the threads' start to the last one's end),
   * except for how this thread waits: the tool's {@code benchmark()} polls its worker threads in a loop without a
   * pause, which keeps a core busy for the whole timed part: on two cores, half the CPU the NameNode is measured on,
   * and a source of run-to-run spread larger than the differences measured (1,000 DataNodes, the same policy:
   * 3,377 and 4,409 ops/s at 692638f; docs/experiments/placement-scale.md). Here it joins them.
   */
  @Override
  void benchmark() throws IOException {
    daemons = new ArrayList<>();
    numOpsExecuted = 0;
    cumulativeTime = 0;
    int[] opsPerThread = new int[numThreads];
    for (int t = 0, assigned = 0; t < numThreads; t++) {
      opsPerThread[t] = (numOpsRequired - assigned) / (numThreads - t);
      assigned += opsPerThread[t];
    }
    generateInputs(opsPerThread);
    NNThroughputBenchmark.setNameNodeLoggingLevel(logLevel);
    long[][] perThread = new long[numThreads][2]; // ops executed, their summed time
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < numThreads; t++) {
      int id = t;
      workers.add(new Thread(() -> {
        String argument = getExecutionArgument(id);
        for (int i = 0; i < opsPerThread[id]; i++) {
          perThread[id][1] += executeOp(id, i, argument);
          perThread[id][0]++;
        }
      }, "addBlock-" + t));
    }
    long start = Time.now();
    LOG.info("Starting {} {}(s).", numOpsRequired, getOpName());
    workers.forEach(Thread::start);
    join(workers);
    elapsedTime = Time.now() - start;
    for (long[] counts : perThread) {
      incrementStats((int) counts[0], counts[1]);
    }
  }

  private static void join(List<Thread> threads) throws IOException {
    for (Thread thread : threads) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the operations ran", e);
      }
    }
  }

  @Override
  String getExecutionArgument(int daemonId) {
    return getClientName(daemonId);
  }

  /**
   * One {@code addBlock}. A failure is counted, not thrown: a worker that throws leaves the harness waiting for it
   * forever; {@link #blocks} reports failures instead.
   */
  @Override
  long executeOp(int daemonId, int inputIdx, String clientName) {
    long start = Time.now();
    allocate(files[daemonId][inputIdx], clientName, fileIds[daemonId][inputIdx]);
    return Time.now() - start;
  }

  private void allocate(String file, String clientName, long fileId) {
    try {
      NNThroughputBenchmark.clientProto.addBlock(file, clientName, null, null, fileId, null, null);
    } catch (IOException e) {
      failures.incrementAndGet();
      firstFailure.compareAndSet(null, e);
    }
  }

  /**
   * The blocks allocated.
   *
   * @throws IOException the first failed allocation, when any failed: a placement policy that cannot place is not
   *     measured as fast
   */
  long blocks() throws IOException {
    if (failures.get() > 0) {
      throw new IOException(failures.get() + " of " + getNumOpsExecuted() + " addBlock calls failed",
          firstFailure.get());
    }
    return getNumOpsExecuted();
  }

  @Override
  void printResults() {
    LOG.info("--- {} inputs --- files = {} (after {} untimed), threads = {}", getOpName(), numOpsRequired,
        warmUpOps, numThreads);
    printStats();
  }
}
