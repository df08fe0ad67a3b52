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

  /**
   * Ctrl-C while the start is under way: the hook waits for the start to end, then stops what started and removes the
   * data; until session 54 it deleted the directory under the start and could not stop the cluster it had not seen.
   */
  @Test
  void ctrlCDuringTheStart_waitsForItToEnd_thenStopsWhatStarted_andRemovesTheData() throws Exception {
    ClusterArgs args = new ClusterArgs();
    Path dir = args.clusterOptions().baseDir();
    Files.createDirectories(dir.resolve("data/dn01"));
    java.util.concurrent.CountDownLatch starting = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger closes = new java.util.concurrent.atomic.AtomicInteger();
    io.replicakit.testbed.cluster.Cluster cluster = (io.replicakit.testbed.cluster.Cluster) java.lang.reflect.Proxy
        .newProxyInstance(getClass().getClassLoader(), new Class<?>[] {io.replicakit.testbed.cluster.Cluster.class},
            (proxy, method, methodArgs) -> {
              if (method.getName().equals("close")) {
                closes.incrementAndGet();
              }
              return null;
            });
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    Thread main = new Thread(() -> {
      try {
        args.start(() -> {
          starting.countDown();
          try {
            release.await();
          } catch (InterruptedException e) {
            throw new java.io.InterruptedIOException();
          }
          return cluster;
        }, print);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    main.start();
    starting.await();
    Thread hook = new Thread(() -> args.closeOnShutdown(print));
    hook.start();
    hook.join(300);
    assertTrue(hook.isAlive(), "the hook waits for the start");
    assertTrue(Files.exists(dir.resolve("data/dn01")), "nothing removed under the start");

    release.countDown();
    hook.join(10_000);
    main.join(10_000);
    assertFalse(hook.isAlive());
    assertEquals(1, closes.get(), "the cluster that started is stopped");
    assertFalse(Files.exists(dir), "and its data removed");
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
