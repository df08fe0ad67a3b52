/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.device.DeviceSampler;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.LinkCounters;
import java.io.IOException;
import java.util.List;

/** One TestDFSIO read with the devices sampled throughout, and the shaped links' bytes before and after. */
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
    List<LinkCounters> linksBefore = cluster.linkCounters();
    long start = System.nanoTime();
    DeviceSampler sampler = DeviceSampler.start(cluster, ReadClusterSettings.weight(cluster));
    try {
      DfsioResult result = runner.run(request);
      UtilizationTimeline timeline = new UtilizationTimeline(sampler.finish());
      double seconds = (System.nanoTime() - start) / 1e9;
      return new ReadSample(result, timeline, LinkCounters.since(linksBefore, cluster.linkCounters(), seconds));
    } finally {
      sampler.close();
    }
  }
}
