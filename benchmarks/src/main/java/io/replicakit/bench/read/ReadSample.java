/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.spec.Sizes;

/**
 * One TestDFSIO read and what the devices saw during it.
 *
 * @param dfsio TestDFSIO's own figures (per-map throughput, job wall time)
 * @param timeline the device snapshots taken during the read
 */
record ReadSample(DfsioResult dfsio, UtilizationTimeline timeline) {

  /**
   * Aggregate read throughput: the data read over the job's wall-clock time, as the read paper's Fig. 3 compares
   * execution times (TestDFSIO's own "throughput" is a per-map figure: size over the sum of the maps' times).
   */
  double aggregateMbS() {
    return dfsio.execTimeS() > 0 ? dfsio.totalMb() / dfsio.execTimeS() : Double.NaN;
  }

  /** MiB the devices read over the time they were reading: the aggregate without the job's fixed costs. */
  double deviceMbS() {
    double span = timeline.readSpanSeconds();
    return span > 0 ? timeline.bytesRead() / (double) Sizes.MIB / span : Double.NaN;
  }
}
