/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's check on a real cluster without the coordinator (as after a lost NameNode state with Pfimbi
 * uninstalled): it lists exactly the files below their Pfimbi target, marked on a directory or on the file, and
 * {@code -repair} raises them.
 */
class PfimbiCheckIT {

  private static final PfimbiSpec SPEC = PfimbiSpec.parse("n=3;s=1;flow=ops;weight=1");

  @TempDir
  Path dir;

  @Test
  void check_listsFilesBelowTarget_andRepairRaisesThem() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"), ClusterOptions.in(dir))) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        org.apache.hadoop.fs.Path marked = new org.apache.hadoop.fs.Path("/job/out");
        fs.mkdirs(marked);
        PfimbiFiles.mark(fs, marked, SPEC);
        write(fs, new org.apache.hadoop.fs.Path(marked, "a/part-0"), 1);
        write(fs, new org.apache.hadoop.fs.Path(marked, "part-1"), 3); // already at its target
        write(fs, new org.apache.hadoop.fs.Path("/plain/part-2"), 1); // no request
        try (FSDataOutputStream out = PfimbiFiles.create(fs, new org.apache.hadoop.fs.Path("/own/part-3"), SPEC)) {
          out.write(new byte[10]);
        }

        Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
        String listing = run(conf, 1);
        assertTrue(listing.contains("/job/out/a/part-0") && listing.contains("/own/part-3"), listing);
        assertTrue(!listing.contains("part-1") && !listing.contains("part-2"), listing);
        assertTrue(listing.contains("2 file(s) below their Pfimbi target"), listing);

        run(conf, 0, "-repair");
        assertEquals(3, fs.getFileStatus(new org.apache.hadoop.fs.Path(marked, "a/part-0")).getReplication());
        assertEquals(3, fs.getFileStatus(new org.apache.hadoop.fs.Path("/own/part-3")).getReplication());
        assertTrue(run(conf, 0).contains("0 file(s) below"));
      }
    }
  }

  private static void write(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, int replication)
      throws Exception {
    try (FSDataOutputStream out = fs.create(file, (short) replication)) {
      out.write(new byte[100]);
    }
  }

  private static String run(Configuration conf, int expectedExit, String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      int exit = ToolRunner.run(conf, new PfimbiCheck(out), args);
      assertEquals(expectedExit, exit, bytes.toString(StandardCharsets.UTF_8));
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
