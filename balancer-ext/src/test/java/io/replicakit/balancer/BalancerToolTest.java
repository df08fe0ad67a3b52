/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;

class BalancerToolTest {

  /** A service stopped by an interrupt exits with HDFS's Balancer's code for it, -6, not with an exception. */
  @Test
  void serviceInterrupted_exitsWithHdfsInterruptedCode() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, "hdfs://localhost:1"); // no NameNode: rounds fail
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
    conf.set("dfs.balancer.service.retries.on.exception", "1000");
    conf.set("replicakit.balancer.trigger.interval", "1000");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AtomicReference<Object> ended = new AtomicReference<>();
    Thread service = new Thread(() -> {
      try {
        ended.set(ToolRunner.run(conf, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
            new String[] {"-asService"}));
      } catch (Exception e) {
        ended.set(e);
      }
    }, "balancer-service");
    service.start();
    Thread.sleep(1_500); // a failed check, then the wait for the next
    service.interrupt();
    service.join(30_000);
    assertEquals(-6, ended.get(), out.toString(StandardCharsets.UTF_8));
  }
}
