/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TwoLevelWfqTest {

  private static final long MIB = 1L << 20;
  private static final List<Double> WEIGHTS = TwoLevelWfq.DEFAULT_POSITION_WEIGHTS;

  private long nextBlockId = 1;

  private BlockNotice notice(String flow, double weight, int position, long length) {
    long id = nextBlockId++;
    return new BlockNotice("dn-" + flow, id, 1000 + id, length, flow, weight, position, id);
  }

  private static TwoLevelWfq fifo() {
    return new TwoLevelWfq(PositionMode.STRICT, WEIGHTS, QueueOrder.FIFO);
  }

  /**
   * Keeps every flow backlogged (each served block is replaced by another of the same flow) and serves
   * {@code rounds} blocks; returns the bytes served per flow.
   */
  private Map<String, Long> serveBacklogged(TwoLevelWfq wfq, Map<String, Double> weights,
      Map<String, Long> lengths, int rounds, Random random) {
    for (Map.Entry<String, Double> f : weights.entrySet()) {
      for (int i = 0; i < 3; i++) {
        wfq.offer(notice(f.getKey(), f.getValue(), 2, length(lengths.get(f.getKey()), random)));
      }
    }
    Map<String, Long> bytes = new HashMap<>();
    for (int i = 0; i < rounds; i++) {
      BlockNotice served = wfq.next().orElseThrow();
      bytes.merge(served.flow(), served.lengthBytes(), Long::sum);
      wfq.offer(notice(served.flow(), served.weight(), 2, length(lengths.get(served.flow()), random)));
    }
    return bytes;
  }

  /** A fixed length, or for a negative one a random length in 1..-length. */
  private static long length(long spec, Random random) {
    return spec > 0 ? spec : 1 + random.nextInt((int) -spec);
  }

  private static void assertShares(Map<String, Double> weights, Map<String, Long> served) {
    double totalWeight = weights.values().stream().mapToDouble(Double::doubleValue).sum();
    double total = served.values().stream().mapToLong(Long::longValue).sum();
    for (Map.Entry<String, Double> f : weights.entrySet()) {
      double expected = f.getValue() / totalWeight;
      double actual = served.getOrDefault(f.getKey(), 0L) / total;
      assertEquals(expected, actual, 0.1 * expected, f.getKey() + ": share " + actual + ", weight share "
          + expected);
    }
  }

  @Test
  void backloggedFlows_withEqualBlocks_shareInProportionToTheirWeights() {
    Map<String, Double> weights = Map.of("a", 1.0, "b", 2.0, "c", 4.0);
    Map<String, Long> lengths = Map.of("a", 128 * MIB, "b", 128 * MIB, "c", 128 * MIB);

    Map<String, Long> served = serveBacklogged(fifo(), weights, lengths, 1_000, new Random(1));

    assertShares(weights, served);
  }

  @Test
  void backloggedFlows_withUnequalBlocks_shareBytesInProportionToTheirWeights() {
    Map<String, Double> weights = Map.of("a", 1.0, "b", 3.0, "c", 2.0);
    Map<String, Long> lengths = Map.of("a", 128 * MIB, "b", 16 * MIB, "c", -128 * MIB);

    Map<String, Long> served = serveBacklogged(fifo(), weights, lengths, 1_000, new Random(2));

    assertShares(weights, served);
  }

  @Test
  void strictPriority_neverServesPosition3_whilePosition2Waits() {
    Random random = new Random(11);
    TwoLevelWfq wfq = fifo();
    int[] waiting = new int[6];
    for (int step = 0; step < 20_000; step++) {
      if (random.nextInt(100) < 55) {
        int position = 2 + random.nextInt(4);
        String flow = "f" + random.nextInt(5);
        assertTrue(wfq.offer(notice(flow, 1 + random.nextInt(8), position, 1 + random.nextInt(1000))));
        waiting[position]++;
      } else {
        var served = wfq.next();
        if (served.isEmpty()) {
          assertEquals(0, waiting[2] + waiting[3] + waiting[4] + waiting[5]);
          continue;
        }
        int position = served.get().position();
        for (int earlier = 2; earlier < position; earlier++) {
          assertEquals(0, waiting[earlier], "served position " + position + " while " + waiting[earlier]
              + " blocks wait for position " + earlier + " (step " + step + ")");
        }
        waiting[position]--;
      }
      assertEquals(waiting[2] + waiting[3] + waiting[4] + waiting[5], wfq.size());
    }
  }

  @Test
  void weightedPositions_shareInProportionToThePositionWeights() {
    TwoLevelWfq wfq = new TwoLevelWfq(PositionMode.WEIGHTED, List.of(4.0, 2.0, 1.0), QueueOrder.FIFO);
    for (int position = 2; position <= 4; position++) {
      for (int i = 0; i < 3; i++) {
        wfq.offer(notice("job", 1, position, 64 * MIB));
      }
    }
    Map<String, Long> served = new HashMap<>();
    for (int i = 0; i < 1_000; i++) {
      BlockNotice n = wfq.next().orElseThrow();
      served.merge("p" + n.position(), n.lengthBytes(), Long::sum);
      wfq.offer(notice("job", 1, n.position(), 64 * MIB));
    }

    assertShares(Map.of("p2", 4.0, "p3", 2.0, "p4", 1.0), served);
  }

  @Test
  void weightedPositions_beyondTheList_takeTheLastWeight() {
    TwoLevelWfq wfq = new TwoLevelWfq(PositionMode.WEIGHTED, List.of(100.0, 10.0, 1.0), QueueOrder.FIFO);

    assertEquals(100.0, wfq.positionWeight(2));
    assertEquals(1.0, wfq.positionWeight(4));
    assertEquals(1.0, wfq.positionWeight(9));
  }

  @Test
  void lifo_returnsTheMostRecentBlockOfAFlow_fifoTheOldest() {
    TwoLevelWfq lifo = new TwoLevelWfq(PositionMode.STRICT, WEIGHTS, QueueOrder.LIFO);
    TwoLevelWfq fifo = fifo();
    List<BlockNotice> blocks = List.of(notice("j", 1, 2, 10), notice("j", 1, 2, 10), notice("j", 1, 2, 10));
    blocks.forEach(lifo::offer);
    blocks.forEach(fifo::offer);

    assertEquals(blocks.get(2), lifo.next().orElseThrow());
    BlockNotice newer = notice("j", 1, 2, 10);
    lifo.offer(newer);
    assertEquals(newer, lifo.next().orElseThrow());
    assertEquals(blocks.get(1), lifo.next().orElseThrow());
    assertEquals(blocks.get(0), fifo.next().orElseThrow());
  }

  @Test
  void flowJoiningLate_getsItsShareFromThenOn_andNoCreditForThePast() {
    TwoLevelWfq wfq = fifo();
    Map<String, Double> weights = Map.of("a", 1.0, "b", 1.0);
    serveBacklogged(wfq, weights, Map.of("a", MIB, "b", MIB), 600, new Random(3));
    for (int i = 0; i < 3; i++) {
      wfq.offer(notice("c", 1, 2, MIB));
    }

    List<String> order = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      BlockNotice n = wfq.next().orElseThrow();
      order.add(n.flow());
      wfq.offer(notice(n.flow(), 1, 2, MIB));
    }

    long lateInFirst9 = order.subList(0, 9).stream().filter("c"::equals).count();
    long late = order.stream().filter("c"::equals).count();
    assertTrue(lateInFirst9 <= 4, "the late flow may not burst: " + order.subList(0, 9));
    assertEquals(100, late, 10, "the late flow's share from its arrival on");
  }

  @Test
  void flowReturningAfterIdling_getsNoCreditForTheTimeItWasIdle() {
    TwoLevelWfq wfq = fifo();
    wfq.offer(notice("a", 1, 2, MIB));
    wfq.offer(notice("b", 1, 2, MIB));
    for (int i = 0; i < 500; i++) { // b has nothing more to send; a stays backlogged
      BlockNotice n = wfq.next().orElseThrow();
      if (n.flow().equals("a")) {
        wfq.offer(notice("a", 1, 2, MIB));
      }
    }
    for (int i = 0; i < 20; i++) {
      wfq.offer(notice("b", 1, 2, MIB));
    }

    long bInNext20 = 0;
    for (int i = 0; i < 20; i++) {
      BlockNotice n = wfq.next().orElseThrow();
      bInNext20 += n.flow().equals("b") ? 1 : 0;
      if (n.flow().equals("a")) {
        wfq.offer(notice("a", 1, 2, MIB));
      }
    }

    assertEquals(10, bInNext20, 1, "equal weights: about half, not the 500 blocks it skipped");
  }

  @Test
  void afterAnIdlePeriod_aNewFlowStartsWhereServiceStopped_notAheadOfAReturningOne() {
    TwoLevelWfq wfq = fifo();
    for (int i = 0; i < 100; i++) {
      wfq.offer(notice("a", 1, 2, MIB));
    }
    while (wfq.next().isPresent()) {
      // drain: the system goes idle
    }
    for (int i = 0; i < 10; i++) {
      wfq.offer(notice("b", 1, 2, MIB));
      wfq.offer(notice("a", 1, 2, MIB));
    }

    long bInFirst10 = 0;
    for (int i = 0; i < 10; i++) {
      bInFirst10 += wfq.next().orElseThrow().flow().equals("b") ? 1 : 0;
    }

    assertEquals(5, bInFirst10, 1);
  }

  @Test
  void remove_withdrawsAWaitingBlock_andTheRestIsServedAsBefore() {
    TwoLevelWfq wfq = fifo();
    BlockNotice first = notice("a", 1, 2, 10);
    BlockNotice second = notice("a", 1, 2, 10);
    BlockNotice other = notice("b", 1, 3, 10);
    wfq.offer(first);
    wfq.offer(second);
    wfq.offer(other);

    assertEquals(first, wfq.remove(first.blockId()).orElseThrow());
    assertTrue(wfq.remove(first.blockId()).isEmpty());
    assertEquals(2, wfq.size());
    assertFalse(wfq.contains(first.blockId()));
    assertEquals(second, wfq.next().orElseThrow());
    assertEquals(other, wfq.next().orElseThrow());
    assertTrue(wfq.next().isEmpty());
    assertTrue(wfq.isEmpty());
  }

  @Test
  void removingAFlowsLastBlock_letsItReturnLaterLikeAnyIdleFlow() {
    TwoLevelWfq wfq = new TwoLevelWfq(PositionMode.WEIGHTED, WEIGHTS, QueueOrder.FIFO);
    BlockNotice cancelled = notice("a", 1, 3, 10);
    wfq.offer(cancelled);
    wfq.remove(cancelled.blockId());
    assertEquals(0, wfq.sizeAt(3));

    BlockNotice again = notice("a", 1, 3, 10);
    wfq.offer(again);

    assertEquals(again, wfq.next().orElseThrow());
  }

  @Test
  void repeatedAnnouncement_isIgnored() {
    TwoLevelWfq wfq = fifo();
    BlockNotice n = notice("a", 1, 2, 10);

    assertTrue(wfq.offer(n));
    assertFalse(wfq.offer(n));

    assertEquals(1, wfq.size());
  }

  @Test
  void emptyScheduler_hasNothingNext() {
    assertTrue(new TwoLevelWfq().next().isEmpty());
  }

  @Test
  void invalidNoticesAndSettings_areRejected() {
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice("dn", 1, 1, 10, "f", 1, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice("dn", 1, 1, 10, "f", 0, 2, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice("dn", 1, 1, 10, "f", Double.NaN, 2, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice("dn", 1, 1, -1, "f", 1, 2, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice(" ", 1, 1, 10, "f", 1, 2, 0));
    assertThrows(IllegalArgumentException.class, () -> new BlockNotice("dn", 1, 1, 10, "", 1, 2, 0));
    assertThrows(IllegalArgumentException.class,
        () -> new TwoLevelWfq(PositionMode.WEIGHTED, List.of(1.0, 0.0), QueueOrder.FIFO));
    assertThrows(IllegalArgumentException.class,
        () -> new TwoLevelWfq(PositionMode.WEIGHTED, List.of(), QueueOrder.FIFO));
  }
}
