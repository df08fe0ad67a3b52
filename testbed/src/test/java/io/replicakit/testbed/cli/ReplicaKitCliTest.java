package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
  void unknownOption_namesTheAllowedOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Args.parse(List.of("--sepc", "paper"), List.of("spec"), List.of()));
    assertTrue(e.getMessage().contains("--spec"));
  }
}
