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
 */
final class AddBlockStats extends NNThroughputBenchmark.OperationStatsBase {

  static final String OP_NAME = "addBlock";
  private static final Logger LOG = LoggerFactory.getLogger(AddBlockStats.class);

  private final NNThroughputBenchmark.BlockReportStats dataNodes;
  private final AtomicInteger failures = new AtomicInteger();
  private final AtomicReference<IOException> firstFailure = new AtomicReference<>();
  private String[][] files;
  private long[][] fileIds;

  AddBlockStats(NNThroughputBenchmark bench, int dataNodes, int ops, int threads) {
    bench.super();
    this.numOpsRequired = ops;
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

  /** Registers the DataNodes, then creates each thread's files under the thread's client name. */
  @Override
  void generateInputs(int[] opsPerThread) throws IOException {
    dataNodes.generateInputs(opsPerThread);
    files = new String[numThreads][];
    fileIds = new long[numThreads][];
    for (int t = 0; t < numThreads; t++) {
      files[t] = new String[opsPerThread[t]];
      fileIds[t] = new long[opsPerThread[t]];
      for (int i = 0; i < opsPerThread[t]; i++) {
        files[t][i] = getBaseDir() + "/thread-" + t + "/file-" + i;
        fileIds[t][i] = NNThroughputBenchmark.clientProto.create(files[t][i], FsPermission.getDefault(),
            getClientName(t), new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE)), true,
            replication, blockSize, CryptoProtocolVersion.supported(), null, null).getFileId();
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
    try {
      NNThroughputBenchmark.clientProto.addBlock(files[daemonId][inputIdx], clientName, null, null,
          fileIds[daemonId][inputIdx], null, null);
    } catch (IOException e) {
      failures.incrementAndGet();
      firstFailure.compareAndSet(null, e);
    }
    return Time.now() - start;
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
    LOG.info("--- {} inputs --- files = {}, threads = {}", getOpName(), numOpsRequired,
        numThreads);
    printStats();
  }
}
