/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HdfsBalancerTest {

  /** Output of HDFS 3.5.0's Balancer (Balancer.Result.print), three iterations. */
  private static final List<String> OUTPUT = List.of(
      "Time Stamp               Iteration#  Bytes Already Moved  Bytes Left To Move  Bytes Being Moved"
          + "  NameNode",
      "Nov 22, 2026, 2:40:01 AM          0                  0 B            36.00 MB           12.00 MB"
          + "                 12  hdfs://localhost:40123",
      "Nov 22, 2026, 2:40:07 AM          1             12.00 MB            24.00 MB           12.00 MB"
          + "                 12  hdfs://localhost:40123",
      "Nov 22, 2026, 2:40:13 AM          2             24.00 MB                 0 B                0 B"
          + "                  0  hdfs://localhost:40123",
      "The cluster is balanced. Exiting...",
      "Balancing took 18.2 seconds");

  @Test
  void iterations_areCountedFromTheBalancersReport() {
    assertEquals(3, HdfsBalancer.iterations(OUTPUT));
    assertEquals(0, HdfsBalancer.iterations(List.of("The cluster is balanced. Exiting...")));
  }

  @Test
  void exitCodes_areNamedAsHdfsNamesThem() {
    assertEquals("SUCCESS", HdfsBalancer.exitStatus(0));
    assertEquals("NO_MOVE_PROGRESS", HdfsBalancer.exitStatus(-3));
  }

  @Test
  void command_passesTheFileSystemSettingsAndThreshold() {
    List<String> command = HdfsBalancer.command("hdfs://localhost:1", 10,
        Map.of("dfs.balancer.getBlocks.min-block-size", "0"));
    String joined = String.join(" ", command);
    assertTrue(joined.contains("org.apache.hadoop.hdfs.server.balancer.Balancer -fs hdfs://localhost:1"), joined);
    assertTrue(joined.contains("-D dfs.balancer.getBlocks.min-block-size=0"), joined);
    assertTrue(joined.endsWith("-threshold 10.0"), joined);
  }
}
