/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeLauncherTest {

  @TempDir
  Path dir;

  @Test
  void launcher_receivesEachDaemonsCommand_andWhatItReturnsIsWhatRuns() throws Exception {
    Path jar = Files.createFile(dir.resolve("replicakit-dist.jar"));
    DaemonEnv env = new DaemonEnv(new DaemonInstall(jar, jar, List.of(Files.createFile(dir.resolve("h.jar")))),
        dir.resolve("conf"), dir.resolve("home"), dir.resolve("logs"), dir.resolve("tmp"), List.of(), 0);
    DaemonId id = DaemonId.dataNode("dn03", "127.0.0.13", "/r2");
    List<DaemonId> seen = new ArrayList<>();
    // A wrapper that runs a shell in place of the JVM, as a namespace launcher would prefix the command.
    NodeLauncher wrapper = (daemon, command) -> {
      seen.add(daemon);
      return List.of("sh", "-c", "echo wrapped " + daemon.rack() + " $0", command.get(command.size() - 1));
    };
    DaemonProcess process = DaemonProcess.start(DaemonCommand.dataNode(id, env), wrapper);
    assertEquals(0, process.awaitExit(Duration.ofSeconds(30)));
    assertEquals(List.of(id), seen);
    String out = Files.readString(dir.resolve("logs/dn03.out"));
    assertTrue(out.contains("wrapped /r2 org.apache.hadoop.hdfs.server.datanode.DataNode"), out);
  }

  @Test
  void direct_runsTheCommandUnchanged() {
    List<String> command = List.of("java", "-version");
    assertEquals(command, NodeLauncher.direct().command(DaemonId.nameNode("127.0.0.1"), command));
  }
}
