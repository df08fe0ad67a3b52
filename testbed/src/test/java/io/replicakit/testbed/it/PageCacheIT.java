/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emulated page cache on real DataNodes ({@code six-disks}, 256 MiB per node): a DataNode reading back a
 * block it has just written serves it from the cache, and the device counters do not see those bytes.
 */
class PageCacheIT {

  private static final long FILE_BYTES = 8 * Sizes.MIB;

  @TempDir
  Path dir;

  @Test
  void readOfAJustWrittenBlock_isServedFromThePageCache() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        ClusterOptions.in(dir.resolve("cluster")))) {
      assertEquals(256 * Sizes.MIB, cluster.devices("dn01").pageCache().capacityBytes());
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/fresh");
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
        try (FSDataOutputStream out = fs.create(file, (short) 1)) {
          out.write(new byte[(int) FILE_BYTES]);
        }
        VolumeStats before = disk(cluster);
        byte[] buffer = new byte[64 * 1024];
        long read = 0;
        try (FSDataInputStream in = fs.open(file)) {
          for (int n; (n = in.read(buffer)) > 0; ) {
            read += n;
          }
        }
        assertEquals(FILE_BYTES, read);
        VolumeStats after = disk(cluster);
        long hits = after.cacheReadBytes() - before.cacheReadBytes();
        long deviceReads = after.readBytes() - before.readBytes();
        // The volume scanner may read a little of the new block first; nearly all must come from the cache.
        assertTrue(hits >= FILE_BYTES * 3 / 4, "cache hits " + hits + ", device reads " + deviceReads);
        assertTrue(deviceReads <= FILE_BYTES / 4, "cache hits " + hits + ", device reads " + deviceReads);
      }
    }
  }

  private static VolumeStats disk(EmbeddedCluster cluster) {
    List<VolumeStats> stats = cluster.devices("dn01").stats();
    assertEquals(1, stats.size());
    return stats.get(0);
  }
}
