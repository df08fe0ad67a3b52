/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.yarn.YarnInstall;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Hadoop class path the build writes for the daemons (dist/target/hadoop.classpath) holds what the testbed's
 * YARN runs, from Hadoop's own jars: the ResourceManager, the NodeManager, MapReduce's AM, task and shuffle
 * classes; and TestDFSIO's jar is found for the client JVM.
 */
class YarnInstallIT {

  @Test
  void hadoopClasspath_holdsEveryYarnAndMapReduceMainClass() {
    DaemonInstall install = DaemonInstall.fromSystemProperties();
    assertEquals(List.of(), YarnInstall.missingClasses(install.hadoopClasspath(), YarnInstall.REQUIRED_CLASSES));
  }

  @Test
  void hadoopClasspath_leavesOutTheNodeManagersJna() {
    List<Path> jna = DaemonInstall.fromSystemProperties().hadoopClasspath().stream()
        .filter(p -> p.getFileName().toString().startsWith("jna-")).toList();
    assertEquals(List.of(), jna, "the daemons' class path holds no JNA (ReplicaKit's jar brings its own)");
  }

  @Test
  void clientInstall_addsTestDfsiosJar() {
    YarnInstall yarn = YarnInstall.of(DaemonInstall.fromSystemProperties());
    assertEquals(List.of(), YarnInstall.missingClasses(List.of(yarn.dfsioJar()), List.of(YarnInstall.DFSIO_MAIN)));
    assertTrue(yarn.clientInstall().daemonJars().contains(yarn.dfsioJar()));
  }
}
