/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterArgsTest {

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  /** Lays out what a stopped multi-process cluster leaves: namespace, block data, configuration, logs. */
  private static void leaveClusterFiles(Path dir) throws Exception {
    Files.createDirectories(dir.resolve("name/current"));
    Files.createDirectories(dir.resolve("data/dn01/current"));
    Files.writeString(dir.resolve("data/dn01/current/blk_1073741825"), "block");
    Files.createDirectories(dir.resolve("conf/namenode"));
    Files.createDirectories(dir.resolve("logs"));
    Files.writeString(dir.resolve("logs/namenode.log"), "log");
  }

  private String closeWithoutCluster(ClusterArgs args) {
    args.close(null, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void temporaryDir_losesItsDataOnClose_andKeepsItsLogs_sayingWhere() throws Exception {
    ClusterArgs args = new ClusterArgs();
    Path dir = args.clusterOptions().baseDir();
    try {
      assertTrue(args.describeDir(dir).contains("temporary"), args.describeDir(dir));
      leaveClusterFiles(dir);
      String said = closeWithoutCluster(args);
      assertFalse(Files.exists(dir.resolve("data")), "block data left");
      assertFalse(Files.exists(dir.resolve("name")), "namespace left");
      assertFalse(Files.exists(dir.resolve("conf")), "configuration left");
      assertEquals("log", Files.readString(dir.resolve("logs/namenode.log")));
      assertTrue(said.contains("its logs are kept in " + dir.resolve("logs")), said);
    } finally {
      TemporaryDirs.remove(dir);
    }
  }

  @Test
  void temporaryDirWithoutLogs_isRemovedWhole() throws Exception {
    ClusterArgs args = new ClusterArgs();
    Path dir = args.clusterOptions().baseDir();
    Files.createDirectories(dir.resolve("data/dn01"));
    Files.createDirectories(dir.resolve("logs"));
    String said = closeWithoutCluster(args);
    assertFalse(Files.exists(dir), "temporary directory left");
    assertTrue(said.contains("Removed the temporary cluster directory " + dir), said);
  }

  @Test
  void dirNamedByTheUser_isLeftAsItIs() throws Exception {
    ClusterArgs args = new ClusterArgs();
    args.dir = tmp;
    assertEquals(tmp, args.clusterOptions().baseDir());
    assertEquals(tmp.toString(), args.describeDir(tmp));
    leaveClusterFiles(tmp);
    assertEquals("", closeWithoutCluster(args));
    assertTrue(Files.exists(tmp.resolve("data/dn01/current/blk_1073741825")));
    assertTrue(Files.exists(tmp.resolve("name/current")));
  }
}
