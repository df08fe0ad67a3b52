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
import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Write-back on real DataNodes ({@code six-disks}: 256 MiB page cache, so 25.6 MiB of dirty data before the
 * flushers start): a closed block stays in memory, the device has not written it, and the node reports it as
 * dirty; an {@code hsync} makes the DataNode sync its replica, which writes that replica's data and leaves the
 * other file's in memory.
 */
class WriteBackIT {

  private static final long FILE_BYTES = 8 * Sizes.MIB;

  @TempDir
  Path dir;

  @Test
  void closedBlock_staysDirtyInMemory_andAnHsyncWritesOnlyItsOwnFile() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        ClusterOptions.in(dir.resolve("cluster")))) {
      NodeDevices dn01 = cluster.devices("dn01");
      assertEquals(256 * Sizes.MIB / 10, dn01.writeBack().limits().backgroundBytes());
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
        VolumeStats start = disk(dn01);
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/buffered"), (short) 1)) {
          out.write(new byte[(int) FILE_BYTES]);
        }
        long written = disk(dn01).writeBytes() - start.writeBytes();
        assertTrue(dn01.writeBack().dirtyBytes() >= FILE_BYTES, "dirty " + dn01.writeBack().dirtyBytes());
        assertTrue(written < FILE_BYTES / 8, "the device wrote " + written + " B of a closed 8 MiB block");

        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/synced"), (short) 1)) {
          out.write(new byte[(int) FILE_BYTES]);
          out.hsync();
        }
        String volume = disk(dn01).storageId();
        written = disk(dn01).writeBytes() - start.writeBytes();
        assertTrue(written >= FILE_BYTES && written < FILE_BYTES + FILE_BYTES / 8,
            "the sync wrote the synced file's data and its checksums: " + written + " B");
        assertTrue(dn01.writeBack().heldBytes(volume) >= FILE_BYTES - FILE_BYTES / 8,
            "the other file's data is still in memory: " + dn01.writeBack().heldBytes(volume) + " B");
      }
    }
  }

  private static VolumeStats disk(NodeDevices node) {
    List<VolumeStats> stats = node.stats();
    assertEquals(1, stats.size());
    return stats.get(0);
  }
}
