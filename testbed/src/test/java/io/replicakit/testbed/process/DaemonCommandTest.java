/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonCommandTest {

  @TempDir
  Path dir;

  private DaemonEnv env;

  @BeforeEach
  void install() throws Exception {
    Path jar = Files.createFile(dir.resolve("replicakit-1.0.jar"));
    Path testbed = Files.createFile(dir.resolve("replicakit-testbed-1.0.jar"));
    Path hadoop = Files.createFile(dir.resolve("hadoop-hdfs-3.5.0.jar"));
    env = new DaemonEnv(new DaemonInstall(jar, testbed, List.of(hadoop)), dir.resolve("conf/dn01"),
        dir.resolve("home"), dir.resolve("logs"), dir.resolve("tmp/dn01"), List.of("-Xmx256m"), 4242);
  }

  @Test
  void dataNode_runsTheRealMainClass_withConfDirFirstThenHadoopThenTheJars() {
    List<String> argv = DaemonCommand.dataNode(DaemonId.dataNode("dn01", "127.0.0.11", "/r1"), env).argv(77);
    assertEquals("org.apache.hadoop.hdfs.server.datanode.DataNode", argv.get(argv.size() - 1));
    String classpath = argv.get(argv.indexOf("-cp") + 1);
    assertEquals(String.join(":", dir.resolve("conf/dn01").toString(), dir.resolve("home").toString(),
        dir.resolve("hadoop-hdfs-3.5.0.jar").toString(), dir.resolve("replicakit-1.0.jar").toString(),
        dir.resolve("replicakit-testbed-1.0.jar").toString()), classpath);
    assertTrue(argv.contains("-Xmx256m"));
    assertTrue(argv.contains("-javaagent:" + dir.resolve("replicakit-testbed-1.0.jar") + "=77"), "watchdog");
    assertTrue(argv.contains("-Dhadoop.log.file=dn01.log"));
    assertTrue(argv.contains("-Djava.io.tmpdir=" + dir.resolve("tmp/dn01")), "Jetty's files stay in the cluster");
  }

  @Test
  void jmxAgent_listensOnTheDaemonsOwnAddressOnly() {
    List<String> argv = DaemonCommand.dataNode(DaemonId.dataNode("dn02", "127.0.0.12", "/r1"), env).argv(1);
    assertTrue(argv.contains("-Dcom.sun.management.jmxremote.port=4242"));
    assertTrue(argv.contains("-Dcom.sun.management.jmxremote.host=127.0.0.12"));
    assertTrue(argv.contains("-Djava.rmi.server.hostname=127.0.0.12"));
  }

  @Test
  void format_runsTheNameNodeMainWithFormatArguments_andNoJmxAgent() {
    DaemonCommand format = DaemonCommand.formatNameNode(DaemonId.nameNode("127.0.0.1"), env);
    List<String> argv = format.argv(1);
    assertEquals(List.of("org.apache.hadoop.hdfs.server.namenode.NameNode", "-format", "-force", "-nonInteractive"),
        argv.subList(argv.size() - 4, argv.size()));
    assertFalse(argv.stream().anyMatch(a -> a.contains("jmxremote")));
    assertEquals(dir.resolve("logs/namenode-format.log"), format.logFile());
  }

  @Test
  void install_refusesAClassFolderOrReplicaKitOnHadoopsClassPath() throws Exception {
    DaemonInstall good = env.install();
    Path folder = Files.createDirectories(dir.resolve("classes"));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new DaemonInstall(good.jar(), folder, good.hadoopClasspath()));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new DaemonInstall(good.jar(), good.testbedJar(), List.of(good.jar())));
  }

  @Test
  void readClasspath_splitsMavensClasspathFile() throws Exception {
    Path file = Files.writeString(dir.resolve("hadoop.classpath"), "/a/x.jar:/b/y.jar\n");
    assertEquals(List.of(Path.of("/a/x.jar"), Path.of("/b/y.jar")), DaemonInstall.readClasspath(file));
  }
}
