/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.process.DaemonCommand;
import io.replicakit.testbed.process.DaemonEnv;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.NodeLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DfsioProcessTest {

  @TempDir
  Path dir;

  @Test
  void command_isTestDfsiosMain_withGenericOptionsBeforeItsOwn() throws Exception {
    DaemonCommand command = process(true).command(DfsioRequest.of(DfsioRequest.Op.READ, 4, 1024),
        settings(), dir.resolve("result.log"));
    assertEquals(YarnInstall.DFSIO_MAIN, command.mainClass());
    assertEquals(List.of("-Dmapreduce.framework.name=yarn", "-Dmapreduce.jobhistory.address=",
        "-Dtest.build.data=/b", "-Ddfs.replication=2",
        "-read", "-nrFiles", "4", "-size", "1024B", "-bufferSize", "1000000", "-resFile",
        dir.resolve("result.log").toString()), command.args());
    assertEquals(DaemonId.Role.CLIENT, command.id().role());
    assertEquals("dfsio-client-r1-1-read", command.logName());
    assertTrue(command.env().jvmOptions().contains("-Xmx512m"), command.env().jvmOptions().toString());
  }

  @Test
  void command_withTheLocalRunner_keepsTheMapsInTheClientJvm() throws Exception {
    DaemonCommand command = process(false).command(DfsioRequest.of(DfsioRequest.Op.WRITE, 1, 1), Map.of(),
        dir.resolve("r.log"));
    assertEquals("-Dmapreduce.framework.name=local", command.args().get(0));
    assertTrue(command.args().stream().noneMatch(a -> a.startsWith("-Dmapreduce.jobhistory")), command.args()
        .toString());
  }

  @Test
  void anEmptyHistoryAddress_survivesOnlyAsAGenericOption_notInASiteFile() throws Exception {
    java.nio.file.Path site = dir.resolve("mapred-site.xml");
    java.nio.file.Files.writeString(site, "<configuration><property><name>mapreduce.jobhistory.address</name>"
        + "<value></value></property></configuration>");
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.mapred.JobConf();
    conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
    assertEquals("0.0.0.0:10020", conf.get("mapreduce.jobhistory.address"), "the site file's empty value is lost");
    new org.apache.hadoop.util.GenericOptionsParser(conf, new String[] {"-Dmapreduce.jobhistory.address="});
    assertEquals("", conf.get("mapreduce.jobhistory.address"));
  }

  private DfsioProcess process(boolean onYarn) throws Exception {
    Path jar = Files.createFile(dir.resolve("x.jar"));
    DaemonEnv env = new DaemonEnv(new DaemonInstall(jar, jar, List.of(jar)), dir.resolve("conf"), dir,
        dir.resolve("logs"), dir.resolve("tmp"), List.of(), 0);
    return new DfsioProcess(DaemonId.client("client-r1", "127.0.1.1", "/r1"), env, NodeLauncher.direct(), onYarn,
        () -> { }, new AtomicInteger());
  }

  private static Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("test.build.data", "/b");
    settings.put("dfs.replication", "2");
    return settings;
  }
}
