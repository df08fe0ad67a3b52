/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link ReadCounter}: the round-robin turn from the counts, and counts that never overflow. */
class ReadCounterTest {

  @Test
  void weight3_givesThreeFastReadsPerSlowRead_fromTheStart() {
    ReadCounter counter = new ReadCounter();
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      turns.append(ReadCounter.isFast(counter.decide(3)) ? 'F' : 'S');
    }
    assertEquals("FFFSFFFS", turns.toString());
  }

  /** The MiB/s speeds of the testbed's devices as MB/s give 5.000000000000001: still five fast reads per slow. */
  @Test
  void aWeightWithRoundingError_givesTheIntendedTurns() {
    ReadCounter counter = new ReadCounter();
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      turns.append(ReadCounter.isFast(counter.decide(41.94304 / 8.388608)) ? 'F' : 'S');
    }
    assertEquals("FFFFFSFFFFFS", turns.toString());
  }

  @Test
  void correct_movesOneReadToTheClassPutFirst() {
    ReadCounter counter = new ReadCounter();
    int turn = counter.decide(3); // fast
    int corrected = counter.correct(turn, false);
    assertEquals(0, counter.fastReads());
    assertEquals(1, counter.slowReads());
    assertFalse(ReadCounter.isFast(corrected));
    counter.uncount(corrected);
    assertEquals(0, counter.slowReads(), "taking the corrected turn back takes back the slow read");
  }

  @Test
  void count_addsAReadItDidNotDecide_andTheTurnsFollow() {
    ReadCounter counter = new ReadCounter();
    counter.count(false);
    counter.count(false);
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      turns.append(ReadCounter.isFast(counter.decide(3)) ? 'F' : 'S');
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
    int fast = counter.decide(1);
    int slow = counter.decide(1);
    assertTrue(ReadCounter.isFast(fast));
    assertFalse(ReadCounter.isFast(slow));
    counter.uncount(slow);
    assertFalse(ReadCounter.isFast(counter.decide(1)), "the slow turn again");
    counter.uncount(slow);
    counter.uncount(fast);
    assertEquals(0, counter.fastReads());
    assertEquals(0, counter.slowReads());
    counter.uncount(fast);
    counter.uncount(slow);
    assertEquals(0, counter.fastReads(), "nothing to take back");
    assertEquals(0, counter.slowReads());
  }

  @Test
  void countsAtTheLimit_areHalved_keepingTheTurns() {
    long slow = (1L << 30) / 4;
    ReadCounter counter = ReadCounter.counted((1L << 30) - 1, slow);
    int fast = 0;
    for (int i = 0; i < 5_000; i++) {
      fast += ReadCounter.isFast(counter.decide(4)) ? 1 : 0;
    }
    assertTrue(counter.fastReads() < 1L << 30, "halved: " + counter.fastReads());
    assertEquals(4_000, fast, 2, "four fast reads per slow one across the halving");
  }

  /**
   * Handler threads on different stripes each keep the weight's cycle from its start; the total is their sum. At
   * weight 3 two threads, one after the other, each deciding twice, both take two fast turns (on one stripe the
   * second thread's second turn would be the slow one).
   */
  @Test
  void threadsOnDifferentStripes_eachKeepTheCycle_andTheTotalIsTheirSum() throws Exception {
    ReadCounter counter = new ReadCounter(2);
    List<String> turns = Collections.synchronizedList(new ArrayList<>());
    for (Thread t : threadsOnStripes(2, 2, () -> turns.add(turn(counter, 3) + turn(counter, 3)))) {
      t.start();
      t.join(10_000);
    }

    assertEquals(List.of("FF", "FF"), turns);
    assertEquals(4, counter.fastReads());
    assertEquals(0, counter.slowReads());
  }

  /**
   * A read forced to slow storage on one handler is made up for on the others: at weight 3, two forced slow reads
   * counted on one thread give six fast turns to whichever threads decide next, before their stripes' own cycles
   * (commit efc249b: counted on the forcing thread's stripe only, the other handlers' next blocks took slow turns).
   */
  @Test
  void forcedReads_areMadeUpForOnEveryStripe() throws Exception {
    ReadCounter counter = new ReadCounter(2);
    Thread forcing = new Thread(() -> {
      counter.count(false);
      counter.count(false);
    });
    forcing.start();
    forcing.join(10_000);
    List<String> turns = Collections.synchronizedList(new ArrayList<>());
    for (Thread t : threadsOnStripes(2, 2, () -> turns.add(turn(counter, 3) + turn(counter, 3)
        + turn(counter, 3) + turn(counter, 3) + turn(counter, 3) + turn(counter, 3)))) {
      t.start();
      t.join(10_000);
    }

    assertEquals("FFFFFF", turns.get(0), "the six owed turns, taken by the first thread");
    assertEquals("FFFSFF", turns.get(1), "then the second thread's own cycle");
    assertEquals(11, counter.fastReads());
    assertEquals(3, counter.slowReads());
  }

  /** Fast reads forced beyond the weight are made up for with a slow turn once they make up a whole slow read. */
  @Test
  void forcedFastReads_owedASlowTurn_onceTheyReachTheWeight() {
    ReadCounter counter = new ReadCounter(1);
    counter.count(true);
    counter.count(true);
    assertEquals("FFFS", turn(counter, 3) + turn(counter, 3) + turn(counter, 3) + turn(counter, 3),
        "two forced fast reads: the stripe's own cycle");
    counter.count(true);
    assertEquals("S", turn(counter, 3), "three: a slow turn from the shared count first");
    assertEquals("FF", turn(counter, 3) + turn(counter, 3), "then the stripe's cycle goes on");
  }

  /** A shared turn taken back is owed again, and a corrected one is moved on the shared count. */
  @Test
  void sharedTurns_takenBackOrCorrected_onTheSharedCount() {
    ReadCounter counter = new ReadCounter(1);
    counter.count(false);
    int owed = counter.decide(1);
    assertTrue(ReadCounter.isFast(owed));
    counter.uncount(owed);
    assertEquals(owed, counter.decide(1), "the same owed turn again");
    int corrected = counter.correct(owed, false);
    assertEquals(0, counter.fastReads());
    assertEquals(2, counter.slowReads());
    assertTrue(ReadCounter.isFast(counter.decide(1)), "two slow on the shared count: a fast turn is owed");
    counter.uncount(corrected);
    assertEquals(1, counter.fastReads());
    assertEquals(1, counter.slowReads());
  }

  /** Threads sharing one stripe take its turns in turn: at weight 1, exactly as many fast reads as slow. */
  @Test
  void threadsOnOneStripe_neverTakeTheSameTurn() throws Exception {
    ReadCounter counter = new ReadCounter(1);
    int perThread = 20_000;
    AtomicLong fast = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < perThread; i++) {
          fast.addAndGet(ReadCounter.isFast(counter.decide(1)) ? 1 : 0);
        }
      }));
    }
    threads.forEach(Thread::start);
    start.countDown();
    for (Thread t : threads) {
      t.join(60_000);
    }

    assertEquals(2 * perThread, fast.get(), "half of 4 × " + perThread + " decisions fast");
    assertEquals(2L * perThread, counter.fastReads());
    assertEquals(2L * perThread, counter.slowReads());
  }

  @Test
  void stripes_areAPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> new ReadCounter(3));
    assertThrows(IllegalArgumentException.class, () -> new ReadCounter(0));
    assertEquals(1, Integer.bitCount(ReadCounter.defaultStripes()));
    assertTrue(ReadCounter.defaultStripes() >= 2 * Runtime.getRuntime().availableProcessors());
  }

  private static String turn(ReadCounter counter, double weight) {
    return ReadCounter.isFast(counter.decide(weight)) ? "F" : "S";
  }

  /** {@code count} unstarted threads, one per stripe of {@code stripes} in turn (thread IDs modulo the stripes). */
  private static List<Thread> threadsOnStripes(int stripes, int count, Runnable task) {
    List<Thread> threads = new ArrayList<>();
    long last = -1;
    while (threads.size() < count) {
      Thread t = new Thread(task);
      if ((t.getId() & (stripes - 1)) != last) {
        threads.add(t);
        last = t.getId() & (stripes - 1);
      }
    }
    return threads;
  }

  @Test
  void pack_halvesBothCounts_whenEitherReachesTheLimit() {
    long packed = ReadCounter.pack(1L << 30, 1L << 28);
    assertEquals(1L << 29, packed >>> 32);
    assertEquals(1L << 27, packed & 0xFFFF_FFFFL);
  }
}
