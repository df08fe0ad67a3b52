/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.Experiment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Argument checks that fail before any cluster starts, and the help the registry makes. */
class ExperimentCommandTest {

  private static String failure(String... argv) {
    PrintStream out = new PrintStream(new ByteArrayOutputStream());
    return assertThrows(IllegalArgumentException.class, () -> new ExperimentCommand().run(List.of(argv), out))
        .getMessage();
  }

  @Test
  void anOptionTheExperimentDoesNotTake_isRefused_listingTheOnesItTakes() {
    String accepted = "; accepted: --profile, --variants, --spec, --repeat, --layouts, --workload, --set, --processes,"
        + " --out";
    assertEquals("unknown option --unknown" + accepted, failure("pfimbi", "--unknown", "x"));
    assertEquals("unknown option --unknown-option" + accepted, failure("pfimbi", "--unknown-option"));
    assertEquals("unknown option --weights" + accepted, failure("pfimbi", "--weights", "1,2"),
        "another experiment's option is refused too");
  }

  @Test
  void badNumbers_nameTheirOption() {
    assertEquals("--samples must be in 1..1000000, was -5", failure("metrics-overhead", "--samples", "-5"));
    String message = failure("metrics-overhead", "--nodes=lots");
    assertTrue(message.contains("'--nodes'") && message.contains("'lots'"), message);
    assertEquals("--runs must be in 1..10000, was 0", failure("pfimbi-faults", "--runs", "0"));
  }

  @Test
  void namesOfPoliciesProfilesAndVariants_areCheckedBeforeAnythingStarts() {
    assertTrue(failure("read-selection", "--policies", "network-distance,fastest").contains("'fastest'"));
    assertTrue(failure("hotspot", "--profile", "huge").contains("unknown profile 'huge'"));
    assertTrue(failure("pfimbi", "--variants", "pfimbi(9,9)").contains("unknown variant"));
    assertTrue(failure("read-selection", "--weights", "1,x").startsWith("--weights takes numbers"));
    assertEquals("--nodes takes numbers in 3.0..32000.0, was 50000", failure("placement-scale", "--nodes", "50000"));
    assertEquals("--nodes takes whole numbers, was 40.5", failure("placement-scale", "--nodes", "40.5"));
    assertTrue(failure("placement-scale", "--policies", "availablespace").contains("must include default"));
    assertEquals("--repetitions must be in 1..100, was -1", failure("placement-scale", "--repetitions", "-1"));
  }

  @Test
  void theExperimentIsFoundAfterOptions_andAnUnknownOneIsNamed() {
    assertEquals("metrics-overhead", ExperimentCommand.experimentName(List.of("--samples", "3", "metrics-overhead")));
    assertEquals("pfimbi", ExperimentCommand.experimentName(List.of("--profile=quick", "pfimbi")));
    assertTrue(failure("pfimbii").contains("got 'pfimbii'"));
  }

  @Test
  void processes_isAFlagWherever_itStands_andOnlyForExperimentsWithClusters() {
    assertEquals("placement", ExperimentCommand.experimentName(List.of("--processes", "placement")));
    assertEquals("unknown option --processes; accepted: --samples, --nodes, --out",
        failure("metrics-overhead", "--processes"));
  }

  @Test
  void twoExperiments_areRefused() {
    assertTrue(failure("pfimbi", "hotspot").startsWith("name exactly one experiment"));
  }

  @Test
  void help_listsEveryRegisteredExperiment_andAnExperimentsHelpItsOptions() {
    String list = new ExperimentCommand().usage(List.of());
    for (Experiment e : Experiments.all()) {
      assertTrue(list.contains(e.name()) && list.contains(e.description()), e.name() + " in " + list);
    }
    assertTrue(list.contains("--processes"), "the list says which experiments take --processes: " + list);
    assertEquals(new ExperimentCommand().usage(List.of("read-selection", "--help")),
        new ExperimentCommand().usage(List.of("--help", "read-selection")), "help before or after the name");
    String readSelection = new ExperimentCommand().usage(List.of("read-selection"));
    for (String option : List.of("--profile", "--policies", "--weights", "--policy-scope", "--spec", "--spec-set",
        "--set", "--processes", "--out")) {
      assertTrue(readSelection.contains(option), option + " in " + readSelection);
    }
  }

  @Test
  void theRegistry_holdsTheElevenExperiments_withDistinctNames() {
    assertEquals(List.of("placement", "placement-scale", "metrics-overhead", "read-selection", "read-distance",
        "hotspot", "pfimbi", "pfimbi-sharing", "pfimbi-swim", "pfimbi-faults", "write-approaches"),
        Experiments.all().stream().map(Experiment::name).toList());
  }
}
