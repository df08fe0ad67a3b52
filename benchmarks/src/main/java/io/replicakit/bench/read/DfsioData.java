/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.read.ReadSelectionExperiment.PolicyScope;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Writes a read experiment's data once with TestDFSIO under an HDFS storage policy and finds where its blocks went.
 * The read-selection and hotspot experiments both write through here, so that One_SSD data is laid out the same way
 * in both and a finding of one carries over to the other.
 */
final class DfsioData {

  /** What the write did and where the data ended up. */
  record Written(DfsioResult write, DataLayout layout) {}

  private DfsioData() {}

  /**
   * Writes the data {@code read} will read: its files, sizes, replication, base directory and maps, through
   * {@code dfsio}'s client.
   *
   * @param storagePolicy HDFS storage policy, e.g. {@code ONE_SSD} or {@code HOT}
   * @param scope {@link PolicyScope#ALL} sets the policy on TestDFSIO's base directory first, so its control files
   *     get it too; {@link PolicyScope#DATA} leaves that to TestDFSIO's {@code -storagePolicy} (data files only)
   */
  static Written write(Cluster cluster, DfsioRunner dfsio, DfsioRequest read, String storagePolicy,
      PolicyScope scope) throws IOException {
    if (scope == PolicyScope.ALL) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        Path base = new Path(read.baseDir());
        fs.mkdirs(base);
        fs.setStoragePolicy(base, storagePolicy);
      }
    }
    DfsioResult write = dfsio.run(read.withOp(DfsioRequest.Op.WRITE).withStoragePolicy(storagePolicy));
    return new Written(write, DataLayout.of(cluster, dataDir(read)));
  }

  /** TestDFSIO's data directory under the request's base directory. */
  static String dataDir(DfsioRequest request) {
    return request.baseDir() + "/io_data";
  }
}
