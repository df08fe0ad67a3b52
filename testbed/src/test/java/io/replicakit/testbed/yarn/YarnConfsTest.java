/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.net.BoundSocketFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YarnConfsTest {

  private static final YarnConfs.RmEndpoints RM = new YarnConfs.RmEndpoints("10.0.0.1", 1, 2, 3, 4, 5);
  private static final Map<String, String> COMMON = Map.of("fs.defaultFS", "hdfs://10.0.0.1:9000",
      "dfs.replication", "3");

  @TempDir
  Path dir;

  @Test
  void nodeManager_servesAndConnectsOnlyFromItsNodesAddress() {
    Map<String, String> nm = YarnConfs.nodeManager(COMMON, RM, "10.1.0.11", dir.resolve("local"),
        dir.resolve("logs"));
    assertEquals("10.1.0.11", nm.get("yarn.nodemanager.hostname"));
    for (String key : List.of("yarn.nodemanager.address", "yarn.nodemanager.localizer.address",
        "yarn.nodemanager.webapp.address")) {
      assertEquals("10.1.0.11:0", nm.get(key), key);
    }
    assertEquals("10.1.0.11", nm.get(TestbedConfig.BIND_ADDRESS_KEY));
    assertEquals("10.0.0.1:3", nm.get("yarn.resourcemanager.resource-tracker.address"));
    assertFalse(nm.values().stream().anyMatch(v -> v.contains("0.0.0.0") || v.contains("127.0.")), nm.toString());
    assertEquals("hdfs://10.0.0.1:9000", nm.get("fs.defaultFS"));
  }

  @Test
  void resourceManager_listensOnItsAddressAndSpreadsContainers() {
    Map<String, String> rm = YarnConfs.resourceManager(COMMON, RM);
    assertEquals("10.0.0.1:1", rm.get("yarn.resourcemanager.address"));
    assertEquals("10.0.0.1:5", rm.get("yarn.resourcemanager.webapp.address"));
    assertEquals("1", rm.get("yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments"));
    assertEquals("http://10.0.0.1:5", RM.webAddress());
  }

  @Test
  void client_sendsJobsToYarnWithSmallContainersAndTheJarsOnTheirClassPath() {
    Map<String, String> client = YarnConfs.client(COMMON, RM, "10.0.0.1", List.of(Path.of("/h/a.jar"),
        Path.of("/h/b.jar")), Path.of("/t/testbed.jar"), 42);
    assertEquals("yarn", client.get("mapreduce.framework.name"));
    assertEquals("", client.get("mapreduce.jobhistory.address"));
    assertEquals("/h/a.jar,/h/b.jar", client.get("mapreduce.application.classpath"));
    assertEquals("$HADOOP_CONF_DIR", client.get("yarn.application.classpath"));
    assertTrue(client.get("mapreduce.map.java.opts").contains("-Xmx" + YarnConfs.TASK_HEAP_MB + "m"));
    assertTrue(client.get("mapreduce.map.java.opts").contains("-javaagent:/t/testbed.jar=42"));
    assertTrue(YarnConfs.TASK_HEAP_MB < YarnConfs.TASK_MB && YarnConfs.AM_HEAP_MB < YarnConfs.AM_MB);
  }

  @Test
  void nodeConfiguration_keepsItsBindAddress_whenAJobConfigurationSaysOtherwise() throws IOException {
    Map<String, String> nm = YarnConfs.nodeManager(COMMON, RM, "10.1.0.11", dir.resolve("local"),
        dir.resolve("logs"));
    SiteXml.write(dir.resolve("conf"), nm, YarnConfs.NODE_FINAL_KEYS);
    Configuration job = new Configuration(false);
    job.set(TestbedConfig.BIND_ADDRESS_KEY, "10.0.0.1");
    job.set("hadoop.rpc.socket.factory.class.default", "org.apache.hadoop.net.StandardSocketFactory");
    job.set("fs.defaultFS", "hdfs://elsewhere:1");
    Path jobXml = dir.resolve("job.xml");
    try (OutputStream out = Files.newOutputStream(jobXml)) {
      job.writeXml(out);
    }
    Configuration task = new Configuration(false);
    task.addResource(new org.apache.hadoop.fs.Path(dir.resolve("conf/core-site.xml").toUri()));
    task.addResource(new org.apache.hadoop.fs.Path(jobXml.toUri()));
    assertEquals("10.1.0.11", task.get(TestbedConfig.BIND_ADDRESS_KEY));
    assertEquals(BoundSocketFactory.class.getName(), task.get("hadoop.rpc.socket.factory.class.default"));
    assertEquals("hdfs://elsewhere:1", task.get("fs.defaultFS"), "other keys stay the job's");
  }

  @Test
  void siteXml_splitsKeysIntoTheFilesHadoopReadsThem() throws IOException {
    SiteXml.write(dir, Map.of("fs.defaultFS", "hdfs://x:1", "dfs.replication", "2", "yarn.a", "1",
        "mapreduce.shuffle.port", "0", "yarn.scheduler.capacity.root.queues", "default", "odd", "a<b&c"),
        List.of());
    assertEquals("hdfs://x:1", read(dir.resolve("core-site.xml")).get("fs.defaultFS"));
    assertEquals("a<b&c", read(dir.resolve("core-site.xml")).get("odd"));
    assertEquals("2", read(dir.resolve("hdfs-site.xml")).get("dfs.replication"));
    assertEquals("0", read(dir.resolve("yarn-site.xml")).get("mapreduce.shuffle.port"), "the NodeManager's copy");
    assertEquals("0", read(dir.resolve("mapred-site.xml")).get("mapreduce.shuffle.port"));
    assertEquals("default", read(dir.resolve("capacity-scheduler.xml")).get("yarn.scheduler.capacity.root.queues"));
    assertTrue(Files.isRegularFile(dir.resolve("log4j.properties")));
  }

  private static Configuration read(Path file) {
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    return conf;
  }
}
