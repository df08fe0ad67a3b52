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
 * block it has just written serves it from the cache, and the device counters do not see those bytes; and with a
 * cache too small for three blocks, the oldest block is read from the device while the newest is not.
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

  @Test
  void blockPushedOutByNewerBlocks_isReadFromTheDevice_theNewestFromTheCache() throws Exception {
    Path spec = dir.resolve("tiny-cache.properties");
    java.nio.file.Files.writeString(spec, String.join("\n", "name=tiny-cache", "datanodes=1", "racks=1",
        "volumes=DISK", "capacities=1g", "page.cache.mib=16", "device.mibps.disk=64", ""));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load(spec.toString()),
        ClusterOptions.in(dir.resolve("tiny")))) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
        for (String name : List.of("/oldest", "/middle", "/newest")) {
          try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(name), (short) 1)) {
            out.write(new byte[(int) FILE_BYTES]);
          }
        }
        long[] newest = readBack(fs, cluster, "/newest");
        long[] oldest = readBack(fs, cluster, "/oldest");
        assertTrue(newest[0] >= FILE_BYTES * 3 / 4, "newest: cache hits " + newest[0] + ", device " + newest[1]);
        assertTrue(oldest[1] >= FILE_BYTES * 3 / 4, "oldest: cache hits " + oldest[0] + ", device " + oldest[1]);
      }
    }
  }

  /** Reads {@code file} whole; returns the bytes the cache and the device served. */
  private static long[] readBack(DistributedFileSystem fs, EmbeddedCluster cluster, String file) throws Exception {
    VolumeStats before = disk(cluster);
    byte[] buffer = new byte[64 * 1024];
    try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(file))) {
      while (in.read(buffer) > 0) {
        continue;
      }
    }
    VolumeStats after = disk(cluster);
    return new long[] {after.cacheReadBytes() - before.cacheReadBytes(), after.readBytes() - before.readBytes()};
  }

  private static VolumeStats disk(EmbeddedCluster cluster) {
    List<VolumeStats> stats = cluster.devices("dn01").stats();
    assertEquals(1, stats.size());
    return stats.get(0);
  }
}
