/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.device.DeviceSampler;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import java.io.IOException;

/** One TestDFSIO read from off-cluster with the devices sampled throughout. */
final class MeasuredRead {

  private final Cluster cluster;
  private final DfsioRunner runner;
  private final DfsioRequest request;

  MeasuredRead(Cluster cluster, DfsioRunner runner, DfsioRequest request) {
    this.cluster = cluster;
    this.runner = runner;
    this.request = request.withOp(DfsioRequest.Op.READ);
  }

  ReadSample run() throws IOException {
    DeviceSampler sampler = DeviceSampler.start(cluster, ReadClusterSettings.weight(cluster));
    try {
      return new ReadSample(runner.run(request), new UtilizationTimeline(sampler.finish()));
    } finally {
      sampler.close();
    }
  }
}
