/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Subcommand dispatch of the installable jar's Main-Class, without a cluster. */
class ReplicaKitToolsTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return ReplicaKitTools.run(new Configuration(false), args,
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void unknownSubcommand_printsUsageAndExits2() throws Exception {
    assertEquals(2, run("balance", "/data"));
    assertTrue(err().contains("unknown subcommand 'balance'"), err());
    for (String name : List.of("report", "metrics", "pfimbi-check", "balancer")) {
      assertTrue(err().contains("\n  " + name + " "), "usage lists " + name + ": " + err());
    }
    assertEquals("", out());
  }

  @Test
  void noSubcommand_printsUsageAndExits2() throws Exception {
    assertEquals(2, run());
    assertTrue(err().startsWith("Usage: hadoop jar replicakit-VERSION.jar"), err());
  }

  @Test
  void help_printsUsageToOutAndExits0() throws Exception {
    assertEquals(0, run("--help"));
    assertTrue(out().startsWith("Usage: hadoop jar replicakit-VERSION.jar"), out());
    assertEquals("", err());
  }

  @Test
  void everyListedSubcommandIsDispatched() {
    assertEquals(List.of("report", "metrics", "pfimbi-check", "balancer"),
        List.copyOf(ReplicaKitTools.subcommands().keySet()));
  }

  @Test
  void report_reachesItsToolAfterGenericOptions() throws Exception {
    // -D is consumed by ToolRunner; the tool itself then finds no PATH (before touching any file system).
    assertEquals(2, run("report", "-D", "fs.defaultFS=hdfs://nowhere.invalid:8020", "-policy", "default"));
    assertTrue(out().contains("report: give the HDFS PATH to analyse"), out());
  }

  @Test
  void report_unknownPolicy_isAUsageError() throws Exception {
    assertEquals(2, run("report", "-policy", "no-such-policy", "/data"));
    assertTrue(out().startsWith("report: "), out());
  }

  @Test
  void metrics_rejectsStrayArguments() throws Exception {
    assertEquals(2, run("metrics", "/data"));
    assertTrue(out().contains("metrics: unexpected argument /data"), out());
  }

  @Test
  void pfimbiCheck_reachesItsTool() throws Exception {
    assertEquals(2, run("pfimbi-check", "-fix"));
    assertTrue(out().contains("unknown option -fix"), out());
  }
}
