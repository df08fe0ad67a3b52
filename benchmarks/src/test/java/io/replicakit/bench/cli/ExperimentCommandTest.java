package io.replicakit.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Argument checks that fail before any cluster starts. */
class ExperimentCommandTest {

  private static String failure(String... argv) {
    PrintStream out = new PrintStream(new ByteArrayOutputStream());
    return assertThrows(IllegalArgumentException.class, () -> new ExperimentCommand().run(List.of(argv), out))
        .getMessage();
  }

  @Test
  void anOptionTheExperimentDoesNotTake_isRefused_listingTheOnesItTakes() {
    assertEquals("unknown option --unknown; accepted: --profile, --variants, --spec, --set, --out, --processes",
        failure("pfimbi", "--unknown", "x"));
    assertEquals("unknown option --weights; accepted: --profile, --variants, --spec, --set, --out, --processes",
        failure("pfimbi", "--weights", "1,2"), "another experiment's option is refused too");
  }

  @Test
  void badNumbers_nameTheirOptionAndRange() {
    assertEquals("--samples must be in 1..1000000, was -5", failure("metrics-overhead", "--samples", "-5"));
    assertEquals("--nodes must be a whole number in 1..10000000, was 'lots'",
        failure("metrics-overhead", "--nodes=lots"));
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
}
