/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.process.DaemonInstall;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YarnInstallTest {

  @TempDir
  Path dir;

  @Test
  void missingClasses_namesOnlyTheClassesNoJarHolds() throws IOException {
    Path rm = jar("rm.jar", YarnInstall.RESOURCE_MANAGER_MAIN);
    Path nm = jar("nm.jar", YarnInstall.NODE_MANAGER_MAIN, "org.apache.hadoop.mapred.ShuffleHandler");
    List<String> missing = YarnInstall.missingClasses(List.of(rm, dir.resolve("conf"), nm),
        YarnInstall.REQUIRED_CLASSES);
    assertEquals(List.of("org.apache.hadoop.mapreduce.v2.app.MRAppMaster", "org.apache.hadoop.mapred.YarnChild",
        "org.apache.hadoop.mapred.YARNRunner",
        "org.apache.hadoop.yarn.server.timelineservice.collector.TimelineCollectorManager"), missing);
  }

  @Test
  void of_failsNamingTheMissingClasses_whenHadoopsClasspathHasNoYarn() throws IOException {
    Path hdfsOnly = jar("hadoop-hdfs.jar", "org.apache.hadoop.hdfs.server.datanode.DataNode");
    DaemonInstall install = new DaemonInstall(jar("replicakit-dist.jar"), jar("testbed.jar"), List.of(hdfsOnly));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> YarnInstall.of(install));
    assertTrue(e.getMessage().contains(YarnInstall.NODE_MANAGER_MAIN), e.getMessage());
    assertTrue(e.getMessage().contains("./mvnw -pl dist -am package"), e.getMessage());
  }

  @Test
  void containerJars_areTheDaemonsJars_andTheClientAddsTestDfsios() throws IOException {
    Path hadoop = jar("hadoop-common.jar");
    Path testbed = jar("testbed.jar");
    Path replicakit = jar("replicakit-dist.jar");
    YarnInstall yarn = new YarnInstall(new DaemonInstall(replicakit, testbed, List.of(hadoop)),
        jar("dfsio-tests.jar"));
    assertEquals(List.of(hadoop, replicakit, testbed), yarn.containerJars());
    assertEquals(List.of(hadoop, yarn.dfsioJar()), yarn.clientInstall().hadoopClasspath());
  }

  private Path jar(String name, String... classes) throws IOException {
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
      for (String type : classes) {
        out.putNextEntry(new JarEntry(type.replace('.', '/') + ".class"));
        out.write(new byte[] {(byte) 0xca, (byte) 0xfe});
        out.closeEntry();
      }
    }
    return jar;
  }
}
