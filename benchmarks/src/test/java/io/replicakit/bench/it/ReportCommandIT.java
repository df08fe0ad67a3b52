/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.cli.ReportCommand;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/replicakit report} against a live cluster, as an operator would point it at a real one. */
class ReportCommandIT {

  @TempDir
  Path dir;

  @Test
  void report_onLiveCluster_printsPlacementAndPolicyViolations() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("small"), ClusterOptions.in(dir))) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.inRack("/r1"));
           FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f"), true, 65536, (short) 3,
               Sizes.MIB)) {
        out.write(new byte[(int) (4 * Sizes.MIB)]);
      }
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      int code = new ReportCommand().run(
          List.of("--fs", cluster.uri().toString(), "--policy", "rackfaulttolerant", "/data"),
          new PrintStream(text, true, StandardCharsets.UTF_8));
      String report = text.toString(StandardCharsets.UTF_8);
      assertEquals(0, code);
      assertTrue(report.contains("/r1") && report.contains("/r3"), report);
      assertTrue(report.toLowerCase().contains("unique racks"), report);
      assertTrue(report.toLowerCase().contains("violat"), report);
    }
  }
}
