/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One TestDFSIO invocation.
 *
 * @param op write, read or clean
 * @param files number of files (TestDFSIO's {@code -nrFiles}): one map task each
 * @param fileSizeBytes bytes per file ({@code -size})
 * @param bufferSize I/O buffer of each map ({@code -bufferSize})
 * @param storagePolicy HDFS storage policy of the data files ({@code -storagePolicy}), e.g. ALL_SSD
 * @param replication replication factor of written files ({@code dfs.replication})
 * @param baseDir HDFS directory for control, data and result files ({@code test.build.data})
 * @param parallelMaps map tasks the local job runner runs at once ({@code mapreduce.local.map.tasks.maximum})
 */
public record DfsioRequest(
    Op op,
    int files,
    long fileSizeBytes,
    int bufferSize,
    Optional<String> storagePolicy,
    short replication,
    String baseDir,
    int parallelMaps) {

  /** TestDFSIO's test types this runner drives. */
  public enum Op { WRITE, READ, CLEAN }

  public static final String DEFAULT_BASE_DIR = "/benchmarks/TestDFSIO";
  public static final int DEFAULT_BUFFER_SIZE = 1_000_000;

  public DfsioRequest {
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(storagePolicy, "storagePolicy");
    Objects.requireNonNull(baseDir, "baseDir");
    if (files < 1) {
      throw new IllegalArgumentException("files must be >= 1, was " + files);
    }
    if (fileSizeBytes < 1) {
      throw new IllegalArgumentException("fileSizeBytes must be >= 1, was " + fileSizeBytes);
    }
    if (bufferSize < 1) {
      throw new IllegalArgumentException("bufferSize must be >= 1, was " + bufferSize);
    }
    if (replication < 1) {
      throw new IllegalArgumentException("replication must be >= 1, was " + replication);
    }
    if (parallelMaps < 1) {
      throw new IllegalArgumentException("parallelMaps must be >= 1, was " + parallelMaps);
    }
  }

  /** A request with TestDFSIO's defaults for everything but the operation and the data size. */
  public static DfsioRequest of(Op op, int files, long fileSizeBytes) {
    return new DfsioRequest(op, files, fileSizeBytes, DEFAULT_BUFFER_SIZE, Optional.empty(), (short) 3,
        DEFAULT_BASE_DIR, 1);
  }

  public DfsioRequest withStoragePolicy(String policy) {
    return new DfsioRequest(op, files, fileSizeBytes, bufferSize, Optional.of(policy), replication, baseDir,
        parallelMaps);
  }

  public DfsioRequest withBaseDir(String dir) {
    return new DfsioRequest(op, files, fileSizeBytes, bufferSize, storagePolicy, replication, dir, parallelMaps);
  }

  public DfsioRequest withReplication(int factor) {
    return new DfsioRequest(op, files, fileSizeBytes, bufferSize, storagePolicy, (short) factor, baseDir,
        parallelMaps);
  }

  public DfsioRequest withParallelMaps(int maps) {
    return new DfsioRequest(op, files, fileSizeBytes, bufferSize, storagePolicy, replication, baseDir, maps);
  }

  public DfsioRequest withOp(Op newOp) {
    return new DfsioRequest(newOp, files, fileSizeBytes, bufferSize, storagePolicy, replication, baseDir,
        parallelMaps);
  }

  /** TestDFSIO's command line for this request, writing its summary to {@code resultFile}. */
  public List<String> arguments(String resultFile) {
    List<String> args = new ArrayList<>();
    args.add("-" + op.name().toLowerCase(java.util.Locale.ROOT));
    if (op != Op.CLEAN) {
      args.addAll(List.of("-nrFiles", Integer.toString(files), "-size", fileSizeBytes + "B",
          "-bufferSize", Integer.toString(bufferSize), "-resFile", resultFile));
      storagePolicy.ifPresent(p -> args.addAll(List.of("-storagePolicy", p)));
    }
    return args;
  }
}
