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

/** {@link ReadCounter}: the round-robin turn from each count's credit, at the weight each read was decided at. */
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
    assertFalse(ReadCounter.isFast(corrected));
    counter.uncount(corrected);
    assertEquals("FFFS", turns(counter, 3, 4), "taking the corrected turn back: as if nothing was read");

    ReadCounter moved = new ReadCounter();
    moved.correct(moved.decide(3), false);
    assertEquals("FFFFFFS", turns(moved, 3, 7), "one slow read counted: two cycles' fast reads before the next");
  }

  @Test
  void count_addsAReadItDidNotDecide_andTheTurnsFollow() {
    ReadCounter counter = new ReadCounter();
    counter.count(false, 3);
    counter.count(false, 3);
    StringBuilder turns = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      turns.append(ReadCounter.isFast(counter.decide(3)) ? 'F' : 'S');
    }
    assertEquals("FFFFFFFFFS", turns.toString(), "two slow reads: 3 × 3 = 9 fast turns first");
    counter.count(true, 3);
    counter.count(true, 3);
    assertEquals("FF", turns(counter, 3, 2), "two forced fast reads: less than a slow read's worth");
    counter.count(true, 3);
    assertEquals("S", turns(counter, 3, 1), "three: a slow turn is owed");
  }

  /** A turn taken by a block that is not read, taken back: the next block gets that turn. */
  @Test
  void uncount_givesTheTurnBack() {
    ReadCounter counter = new ReadCounter();
    int fast = counter.decide(1);
    int slow = counter.decide(1);
    assertTrue(ReadCounter.isFast(fast));
    assertFalse(ReadCounter.isFast(slow));
    counter.uncount(slow);
    assertFalse(ReadCounter.isFast(counter.decide(1)), "the slow turn again");
    counter.uncount(slow);
    counter.uncount(fast);
    assertEquals("FSFS", turns(counter, 1, 4), "both taken back: as if nothing was read");
  }

  /** A fractional weight alternates cycles of 17 and 16 fast reads, and keeps its ratio over a long run. */
  @Test
  void aFractionalWeight_keepsItsRatio_overAMillionDecisions() {
    ReadCounter counter = new ReadCounter();
    String pattern = turns(counter, 16.7, 1_000_000);
    long fast = pattern.chars().filter(c -> c == 'F').count();
    assertEquals(1_000_000 * 16.7 / 17.7, fast, 1);
    for (String run : pattern.substring(0, pattern.lastIndexOf('S')).split("S")) {
      assertTrue(run.length() == 16 || run.length() == 17, "a cycle of " + run.length());
    }
  }

  /**
   * A weight step after a long history acts within one cycle: after 50,000 fast and 10,000 slow reads at weight 5,
   * a step to 6 gives at most 6 fast turns before a slow one, and a step to 4 at most one slow turn before a fast
   * one, and then the new weight's cycles. Until session 52 the count held every read since start-up and applied
   * the new weight to all of them: 10,006 fast turns in a row after the step to 6, 2,500 slow ones after the step
   * to 4 (DRR moves its weight every few seconds).
   */
  @Test
  void weightStep_afterLongHistory_alternatesWithinOneCycle() {
    ReadCounter up = new ReadCounter();
    turns(up, 5, 60_000);
    int run = 0;
    while (ReadCounter.isFast(up.decide(6))) {
      run++;
      assertTrue(run <= 6, "fast turns in a row after the step to 6: " + run);
    }
    assertEquals("FFFFFFS".repeat(3), turns(up, 6, 21), "weight 6's cycles");

    ReadCounter down = new ReadCounter();
    turns(down, 5, 60_005); // a cycle's five fast reads, its slow one due
    assertEquals("SFFFS" + "FFFFS".repeat(5), turns(down, 4, 30), "the slow turn due, then weight 4's cycles");
  }

  /**
   * A large step down leaves at most one extra slow turn: the fast reads of the old weight's cycle count for at most
   * one more than the new weight. From weight 20 with a cycle's 20 fast reads taken, weight 1 reads SSFSFS, not
   * twenty slow turns in a row.
   */
  @Test
  void aLargeWeightDrop_owesAtMostOneExtraSlowTurn() {
    ReadCounter counter = new ReadCounter();
    turns(counter, 20, 21 * 100 + 20);
    assertEquals("SSFSFS", turns(counter, 1, 6));
  }

  /**
   * Handler threads on different stripes each keep the weight's cycle from its start; the total is their sum. At
   * weight 3 two threads, one after the other, each deciding twice, both take two fast turns (on one stripe the
   * second thread's second turn would be the slow one). One stripe of two is also the test thread's.
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
    assertEquals("FS", turn(counter, 3) + turn(counter, 3),
        "the test thread shares a stripe with a thread that took FF: the rest of its cycle");
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
      counter.count(false, 3);
      counter.count(false, 3);
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
  }

  /** Fast reads forced beyond the weight are made up for with a slow turn once they make up a whole slow read. */
  @Test
  void forcedFastReads_owedASlowTurn_onceTheyReachTheWeight() {
    ReadCounter counter = new ReadCounter(1);
    counter.count(true, 3);
    counter.count(true, 3);
    assertEquals("FFFS", turn(counter, 3) + turn(counter, 3) + turn(counter, 3) + turn(counter, 3),
        "two forced fast reads: the stripe's own cycle");
    counter.count(true, 3);
    assertEquals("S", turn(counter, 3), "three: a slow turn from the shared count first");
    assertEquals("FF", turn(counter, 3) + turn(counter, 3), "then the stripe's cycle goes on");
  }

  /** A shared turn taken back is owed again, and a corrected one is moved on the shared count. */
  @Test
  void sharedTurns_takenBackOrCorrected_onTheSharedCount() {
    ReadCounter counter = new ReadCounter(1);
    counter.count(false, 1);
    int owed = counter.decide(1);
    assertTrue(ReadCounter.isFast(owed));
    counter.uncount(owed);
    assertEquals(owed, counter.decide(1), "the same owed turn again");
    int corrected = counter.correct(owed, false);
    int next = counter.decide(1);
    assertTrue(ReadCounter.isFast(next), "two slow on the shared count: a fast turn is owed");
    assertEquals(owed, next, "on the shared count");
    counter.uncount(corrected);
    assertEquals("FSFS", turns(counter, 1, 4), "one forced slow, one fast: nothing owed, the stripe's own cycle");
  }

  /**
   * Forced reads made up for at one weight are settled: a later weight step owes nothing for them. Until session
   * 52 the shared count kept every forced read and its make-up turns, and a step from 5 to 6 after 1,000 forced
   * slow reads owed 1,000 more fast turns.
   */
  @Test
  void forcedReadsMadeUpFor_oweNothingAfterAWeightStep() {
    ReadCounter counter = new ReadCounter(1);
    for (int i = 0; i < 1_000; i++) {
      counter.count(false, 5);
      assertEquals("FFFFF", turns(counter, 5, 5), "each forced slow read made up for");
    }
    assertEquals("FFFFFS", turns(counter, 5, 6), "the stripe's own cycle, which never ran");

    assertEquals("FFFFFFS", turns(counter, 6, 7), "after a step to 6: weight 6's cycle, nothing owed");
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
    assertEquals("FS", turn(counter, 1) + turn(counter, 1), "as many slow as fast: a fresh cycle");
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

  /** The classes of the next {@code n} turns at {@code weight}, on the calling thread. */
  private static String turns(ReadCounter counter, double weight, int n) {
    StringBuilder turns = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      turns.append(turn(counter, weight));
    }
    return turns.toString();
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

}
