/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PfimbiSpecTest {

  private static final String FLOW_CHARS = "ABCxyz019._-";
  private static final String GARBAGE_CHARS = "ns=flowweight;.,-_ 0123456789eE+xé\u0000\t=;;";

  @Test
  void encode_writesTheCompactTextForm() {
    assertEquals("n=3;s=1;flow=job1;weight=2.0", new PfimbiSpec(3, 1, "job1", 2.0).encode());
  }

  @Test
  void parse_readsWhatEncodeWrites_forRandomValidSpecs() {
    Random random = new Random(5);
    for (int i = 0; i < 2_000; i++) {
      int n = 2 + random.nextInt(31);
      int s = 1 + random.nextInt(n - 1);
      StringBuilder flow = new StringBuilder();
      for (int c = 1 + random.nextInt(64); c > 0; c--) {
        flow.append(FLOW_CHARS.charAt(random.nextInt(FLOW_CHARS.length())));
      }
      double weight = random.nextBoolean() ? 1 + random.nextInt(1_000_000) : Math.max(Double.MIN_VALUE,
          random.nextDouble() * Math.pow(10, -random.nextInt(300)));
      PfimbiSpec spec = new PfimbiSpec(n, s, flow.toString(), weight);

      assertEquals(spec, PfimbiSpec.parse(spec.encode()), spec.encode());
    }
  }

  @Test
  void parse_acceptsAnyFieldOrder_andSpacesAroundNamesAndValues() {
    assertEquals(new PfimbiSpec(4, 2, "etl.daily", 0.5),
        PfimbiSpec.parse(" weight = 0.5 ; flow=etl.daily;s=2 ; n=4"));
    assertEquals(2, PfimbiSpec.parse("n=4;s=2;flow=a;weight=1e3").background());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "n=3;s=1;flow=job1 | weight",
      "n=3;s=1;weight=1 | flow",
      "s=1;flow=a;weight=1 | n",
      "n=x;s=1;flow=a;weight=1 | n",
      "n=33;s=1;flow=a;weight=1 | n",
      "n=1;s=1;flow=a;weight=1 | n",
      "n=3;s=3;flow=a;weight=1 | s",
      "n=3;s=0;flow=a;weight=1 | s",
      "n=3;s=-1;flow=a;weight=1 | s",
      "n=3;s=1;flow=;weight=1 | flow",
      "n=3;s=1;flow=a b;weight=1 | flow",
      "n=3;s=1;flow=a/b;weight=1 | flow",
      "n=3;s=1;flow=a;weight=0 | weight",
      "n=3;s=1;flow=a;weight=-1 | weight",
      "n=3;s=1;flow=a;weight=NaN | weight",
      "n=3;s=1;flow=a;weight=Infinity | weight",
      "n=3;s=1;flow=a;weight=1e7 | weight",
      "n=3;s=1;flow=a;weight=0x1p3 | weight",
      "n=3;s=1;flow=a;weight=1;n=3 | n",
      "n=3;s=1;flow=a;weight=1;r=2 | spec",
      "n=3;s=1;flow=a;weight=1; | spec",
      "garbage | spec"})
  void malformedSpec_isRejected_namingTheBadField(String text, String field) {
    InvalidPfimbiSpecException e = assertThrows(InvalidPfimbiSpecException.class, () -> PfimbiSpec.parse(text));

    assertEquals(field, e.field(), e.getMessage());
    assertTrue(e.getMessage().startsWith(field) || e.getMessage().contains(" " + field), e.getMessage());
  }

  @Test
  void nullOrOverlongText_isRejectedAsASpecProblem() {
    assertEquals("spec", assertThrows(InvalidPfimbiSpecException.class, () -> PfimbiSpec.parse(null)).field());
    String overlong = "n=3;s=1;flow=a;weight=1" + " ".repeat(300);
    assertEquals("spec", assertThrows(InvalidPfimbiSpecException.class, () -> PfimbiSpec.parse(overlong))
        .field());
  }

  @Test
  void constructor_checksTheSameRanges() {
    assertEquals("s", assertThrows(InvalidPfimbiSpecException.class, () -> new PfimbiSpec(3, 3, "a", 1)).field());
    assertEquals("flow", assertThrows(InvalidPfimbiSpecException.class, () -> new PfimbiSpec(3, 1, null, 1))
        .field());
  }

  @Test
  void randomText_neverThrowsAnythingButTheDocumentedException() {
    Random random = new Random(13);
    String valid = new PfimbiSpec(3, 1, "job1", 2.0).encode();
    for (int i = 0; i < 10_000; i++) {
      String text = i % 2 == 0 ? randomText(random) : mutate(valid, random);
      try {
        PfimbiSpec spec = PfimbiSpec.parse(text);
        assertEquals(spec, PfimbiSpec.parse(spec.encode()));
      } catch (InvalidPfimbiSpecException expected) {
        assertTrue(expected.getMessage() != null && !expected.getMessage().isBlank());
      } catch (RuntimeException e) {
        fail("'" + text + "' threw " + e);
      }
    }
  }

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    for (int c = random.nextInt(60); c > 0; c--) {
      text.append(GARBAGE_CHARS.charAt(random.nextInt(GARBAGE_CHARS.length())));
    }
    return text.toString();
  }

  /** A valid spec with a few characters replaced, inserted or deleted. */
  private static String mutate(String valid, Random random) {
    StringBuilder text = new StringBuilder(valid);
    for (int m = 1 + random.nextInt(3); m > 0 && text.length() > 0; m--) {
      int at = random.nextInt(text.length());
      char c = GARBAGE_CHARS.charAt(random.nextInt(GARBAGE_CHARS.length()));
      switch (random.nextInt(3)) {
        case 0 -> text.setCharAt(at, c);
        case 1 -> text.insert(at, c);
        default -> text.deleteCharAt(at);
      }
    }
    return text.toString();
  }
}
