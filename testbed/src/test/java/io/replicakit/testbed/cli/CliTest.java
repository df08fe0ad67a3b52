/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Option;

class CliTest {

  static final class Options {
    @Option(names = "--files", defaultValue = "4", description = "files")
    int files;

    @Option(names = "--size", description = "size")
    String size;

    @Option(names = "--keep", arity = "0..1", description = "keep")
    boolean keep;
  }

  private static Options parse(String... argv) {
    return Cli.parse("test", new Options(), List.of(argv));
  }

  private static String failure(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @Test
  void flagEqualsFalse_meansFalse_andTrueOrNothingMeansTrue() {
    assertFalse(parse("--keep=false").keep);
    assertFalse(parse("--keep", "--keep=false").keep, "the last word wins");
    assertTrue(parse("--keep=true").keep);
    assertTrue(parse("--keep").keep);
    assertFalse(parse().keep);
  }

  @Test
  void aFlagWithAnotherValue_isRefusedNamingIt() {
    assertEquals("Invalid value for option '--keep': 'yes' is not a boolean", failure(() -> parse("--keep=yes")));
  }

  @Test
  void aBadNumber_namesItsOptionAndTheValue() {
    String message = failure(() -> parse("--files", "many"));
    assertTrue(message.contains("'--files'") && message.contains("'many'"), message);
  }

  @Test
  void numbers_takeTheirDefault_andAreCheckedAgainstTheirRange() {
    assertEquals(4, parse().files);
    assertEquals(7, parse("--files", "7").files);
    assertEquals(7, Cli.inRange("--files", parse("--files=7").files, 1, 100));
    assertEquals("--files must be in 1..100, was -3",
        failure(() -> Cli.inRange("--files", parse("--files=-3").files, 1, 100)));
    assertEquals("--files must be in 1..100, was 101",
        failure(() -> Cli.inRange("--files", parse("--files", "101").files, 1, 100)));
  }

  @Test
  void anUnknownOption_listsTheAcceptedOnes() {
    assertEquals("unknown option --sise; accepted: --files, --size, --keep", failure(() -> parse("--sise", "1m")));
    assertEquals("unknown option --sise; accepted: --files, --size, --keep", failure(() -> parse("--sise=1m")));
  }

  @Test
  void aMissingValue_namesTheOption() {
    assertTrue(failure(() -> parse("--size")).contains("'--size'"));
  }

  @Test
  void listNumbers_nameTheirOption() {
    assertEquals(2.5, Cli.number("--weights", "2.5", 0.001, 1000));
    assertTrue(failure(() -> Cli.number("--weights", "-1", 0.001, 1000)).startsWith("--weights takes numbers in"));
    assertTrue(failure(() -> Cli.number("--weights", "x", 0.001, 1000)).contains("was 'x'"));
  }

  @Test
  void lists_areSplitTrimmedAndCleared() {
    assertEquals(List.of("a", "b", "c"), Cli.list(List.of(" a, b,,c ")));
  }

  @Test
  void usage_showsEveryOptionWithItsDescription() {
    String usage = Cli.usage(Cli.spec("bin/replicakit test", new Options()), "Footer line.");
    assertTrue(usage.startsWith("Usage: bin/replicakit test"), usage);
    for (String option : List.of("--files", "--size", "--keep", "Footer line.")) {
      assertTrue(usage.contains(option), option + " in " + usage);
    }
  }
}
