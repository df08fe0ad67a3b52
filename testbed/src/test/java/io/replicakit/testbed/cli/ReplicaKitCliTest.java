/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ReplicaKitCliTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return ReplicaKitCli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void help_listsTheClusterCommand() {
    assertEquals(0, run("--help"));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("cluster"));
  }

  @Test
  void unknownCommand_exitsTwoWithHelp() {
    assertEquals(2, run("frobnicate"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown command 'frobnicate'"));
  }

  @Test
  void badSpec_exitsTwoNamingTheProblem() {
    assertEquals(2, run("cluster", "--spec", "nonexistent"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown cluster spec 'nonexistent'"));
  }

  @Test
  void unknownOption_exitsTwoNamingItAndTheAllowedOnes() {
    assertEquals(2, run("cluster", "--sepc", "paper"));
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(message.contains(
        "unknown option --sepc; accepted: --spec, --spec-set, --dir, --set, --processes, --seconds"), message);
  }

  @Test
  void commandHelp_listsItsOptions() {
    assertEquals(0, run("dfsio", "--help"));
    String usage = out.toString(StandardCharsets.UTF_8);
    for (String option : List.of("--fs", "--spec", "--files", "--storage-policy", "--work")) {
      assertTrue(usage.contains(option), option + " in " + usage);
    }
  }

  @Test
  void dfsioAgainstARealCluster_refusesTheTestbedClusterOptions_asAUsageError() {
    List<List<String>> clusterOptions = List.of(List.of("--processes"), List.of("--spec", "paper"),
        List.of("--yarn"), List.of("--client", "dn01"), List.of("--dir", "/tmp/x"), List.of("--set", "a=b"),
        List.of("--spec-set", "racks=2"));
    for (List<String> option : clusterOptions) {
      err.reset();
      List<String> argv = Stream.concat(Stream.of("dfsio", "--fs", "hdfs://127.0.0.1:1"), option.stream()).toList();
      int code = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run(argv.toArray(String[]::new)));
      String message = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, code, option + ": " + message);
      assertTrue(message.contains("--fs") && message.contains(option.get(0)), message);
    }
  }

  private String needsNetns(String... argv) {
    out.reset();
    assertEquals(0, run(Stream.concat(Stream.of("--needs-netns"), Stream.of(argv)).toArray(String[]::new)));
    return out.toString(StandardCharsets.UTF_8).strip();
  }

  @Test
  void needsNetns_processesClusterWithoutNetFields_answersNo_soItsUriIsReachableFromTheMachine() {
    assertEquals("no", needsNetns("cluster", "--spec", "small", "--processes"));
    assertEquals("no", needsNetns("dfsio", "--spec", "small", "--processes", "--files", "1"));
  }

  @Test
  void needsNetns_processesClusterWithNetFields_answersYes() {
    assertEquals("yes", needsNetns("cluster", "--spec", "nine-nodes", "--processes"));
    assertEquals("yes", needsNetns("cluster", "--spec", "small", "--processes", "--spec-set",
        "net.rack.uplink=10Mbit/s"));
    assertEquals("yes", needsNetns("dfsio", "--processes", "--spec", "paper"));
  }

  @Test
  void needsNetns_embeddedClusterOrRealCluster_answersNo() {
    assertEquals("no", needsNetns("cluster", "--spec", "nine-nodes"));
    assertEquals("no", needsNetns("dfsio", "--fs", "hdfs://nn:8020", "--spec", "nine-nodes", "--processes"));
  }

  @Test
  void needsNetns_argumentsTheCommandCannotParse_answersYesAsBefore() {
    assertEquals("yes", needsNetns("cluster", "--processes", "--spec", "nonexistent"));
    assertEquals("yes", needsNetns("cluster", "--processes", "--sepc", "small"));
  }

  @Test
  void needsNetns_commandWithoutItsOwnAnswer_needsOneWithProcesses() {
    Command experiment = new Command() {
      @Override
      public String name() {
        return "experiment";
      }

      @Override
      public String summary() {
        return "";
      }

      @Override
      public String usage() {
        return "";
      }

      @Override
      public int run(List<String> args, PrintStream out) {
        return 0;
      }
    };
    assertTrue(ReplicaKitCli.needsNetworkNamespace(List.of(experiment), List.of("experiment", "x", "--processes")));
    assertFalse(ReplicaKitCli.needsNetworkNamespace(List.of(experiment), List.of("experiment", "x")));
    assertFalse(ReplicaKitCli.needsNetworkNamespace(List.of(experiment), List.of("unknown", "--processes")));
  }
}
