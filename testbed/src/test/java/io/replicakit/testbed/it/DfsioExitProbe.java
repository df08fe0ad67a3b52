/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;

/**
 * A program that runs TestDFSIO on an embedded cluster and returns from {@code main} without
 * {@code System.exit}: {@link DfsioRunnerExitIT} checks that its JVM ends by itself.
 */
public final class DfsioExitProbe {

  private DfsioExitProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("small"),
        ClusterOptions.in(dir.resolve("cluster")))) {
      new DfsioRunner(cluster.clientConf(ClientPlacement.offCluster()), dir.resolve("dfsio"))
          .run(DfsioRequest.of(DfsioRequest.Op.WRITE, 2, 2 * Sizes.MIB));
    }
    System.out.println("probe done");
  }
}
