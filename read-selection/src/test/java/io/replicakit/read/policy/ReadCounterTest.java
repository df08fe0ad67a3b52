/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link ReadCounter}: the round-robin turn from the counts, and counts that never overflow. */
class ReadCounterTest {

  @Test
  void weight3_givesThreeFastReadsPerSlowRead_fromTheStart() {
    ReadCounter counter = new ReadCounter();
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      turns.append(counter.decide(3) ? 'F' : 'S');
    }
    assertEquals("FFFSFFFS", turns.toString());
  }

  /** The MiB/s speeds of the testbed's devices as MB/s give 5.000000000000001: still five fast reads per slow. */
  @Test
  void aWeightWithRoundingError_givesTheIntendedTurns() {
    ReadCounter counter = new ReadCounter();
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      turns.append(counter.decide(41.94304 / 8.388608) ? 'F' : 'S');
    }
    assertEquals("FFFFFSFFFFFS", turns.toString());
  }

  @Test
  void correct_movesOneReadToTheClassPutFirst() {
    ReadCounter counter = new ReadCounter();
    counter.decide(3); // fast
    counter.correct(true, false);
    assertEquals(0, counter.fastReads());
    assertEquals(1, counter.slowReads());
  }

  @Test
  void count_addsAReadItDidNotDecide_andTheTurnsFollow() {
    ReadCounter counter = new ReadCounter();
    counter.count(false);
    counter.count(false);
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      turns.append(counter.decide(3) ? 'F' : 'S');
    }
    assertEquals("FFFFFFFFFS", turns.toString(), "two slow reads: 3 × 3 = 9 fast turns first");
    counter.count(true);
    assertEquals(10, counter.fastReads());
    assertEquals(3, counter.slowReads());
  }

  /** At 2^30 reads of one class both counts halve: the ratio, and so the turns, stay as they were. */
  /** A turn taken by a block that is not read, taken back: the next block gets that turn. */
  @Test
  void uncount_givesTheTurnBack_andNeverGoesBelowZero() {
    ReadCounter counter = new ReadCounter();
    assertTrue(counter.decide(1));
    assertFalse(counter.decide(1));
    counter.uncount(false);
    assertFalse(counter.decide(1), "the slow turn again");
    counter.uncount(false);
    counter.uncount(true);
    assertEquals(0, counter.fastReads());
    assertEquals(0, counter.slowReads());
    counter.uncount(true);
    counter.uncount(false);
    assertEquals(0, counter.fastReads(), "nothing to take back");
    assertEquals(0, counter.slowReads());
  }

  @Test
  void countsAtTheLimit_areHalved_keepingTheTurns() {
    long slow = (1L << 30) / 4;
    ReadCounter counter = new ReadCounter((1L << 30) - 1, slow);
    int fast = 0;
    for (int i = 0; i < 5_000; i++) {
      fast += counter.decide(4) ? 1 : 0;
    }
    assertTrue(counter.fastReads() < 1L << 30, "halved: " + counter.fastReads());
    assertEquals(4_000, fast, 2, "four fast reads per slow one across the halving");
  }

  @Test
  void pack_halvesBothCounts_whenEitherReachesTheLimit() {
    long packed = ReadCounter.pack(1L << 30, 1L << 28);
    assertEquals(1L << 29, packed >>> 32);
    assertEquals(1L << 27, packed & 0xFFFF_FFFFL);
  }
}
