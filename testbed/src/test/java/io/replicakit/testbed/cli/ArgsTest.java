package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ArgsTest {

  private static Args parse(String... argv) {
    return Args.parse(List.of(argv), List.of("files", "size"), List.of("keep"));
  }

  private static String failure(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @Test
  void flagEqualsFalse_doesNotSetTheFlag_andTrueDoes() {
    assertFalse(parse("--keep=false").flag("keep"));
    assertFalse(parse("--keep", "--keep=false").flag("keep"), "the last word wins");
    assertTrue(parse("--keep=true").flag("keep"));
    assertTrue(parse("--keep").flag("keep"));
  }

  @Test
  void aFlagWithAnotherValue_isRefusedNamingIt() {
    assertEquals("--keep is a flag: give it alone, or =true or =false, not 'yes'", failure(() -> parse("--keep=yes")));
  }

  @Test
  void aBadNumber_namesItsOptionAndRange() {
    assertEquals("--files must be a whole number in 1..100, was 'many'",
        failure(() -> parse("--files", "many").intValue("files", 4, 1, 100)));
  }

  @Test
  void negativeOrOutOfRangeNumbers_areRefusedWithTheRange() {
    assertEquals("--files must be in 1..100, was -3", failure(() -> parse("--files=-3").intValue("files", 4, 1, 100)));
    assertEquals("--files must be in 1..100, was 101", failure(() -> parse("--files", "101").intValue("files", 4, 1,
        100)));
    assertEquals(7, parse("--files", "7").intValue("files", 4, 1, 100));
    assertEquals(4, parse().intValue("files", 4, 1, 100));
  }

  @Test
  void anUnknownOption_listsTheAcceptedOnes() {
    assertEquals("unknown option --sise; accepted: --files, --size, --keep", failure(() -> parse("--sise", "1m")));
  }

  @Test
  void listNumbers_nameTheirOption() {
    assertEquals(2.5, Args.number("weights", "2.5", 0.001, 1000));
    assertTrue(failure(() -> Args.number("weights", "-1", 0.001, 1000)).startsWith("--weights takes numbers in"));
    assertTrue(failure(() -> Args.number("weights", "x", 0.001, 1000)).contains("was 'x'"));
  }
}
