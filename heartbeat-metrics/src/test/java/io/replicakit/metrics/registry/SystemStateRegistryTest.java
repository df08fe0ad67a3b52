/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemSample;
import io.replicakit.metrics.wire.Rejection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SystemStateRegistryTest {

  private static final int STALE_INTERVALS = 3;
  private static final int INTERVAL_MS = 3_000;

  private final AtomicLong clock = new AtomicLong(1_000_000);
  private final Map<String, NodeStatus> members = new ConcurrentHashMap<>();
  private final SystemStateRegistry registry = new SystemStateRegistry(clock::get, STALE_INTERVALS,
      uuid -> members.getOrDefault(uuid, NodeStatus.UNKNOWN));

  private static SystemSample sample(String uuid, long epoch, long sequence, int intervalMs) {
    return new SystemSample(uuid, epoch, sequence, 5_000 + sequence, intervalMs,
        new HostMetrics(50, 50, 1L << 30), List.of());
  }

  private static SystemSample sample(String uuid, long epoch, long sequence) {
    return sample(uuid, epoch, sequence, INTERVAL_MS);
  }

  private String live(String uuid) {
    members.put(uuid, NodeStatus.LIVE);
    return uuid;
  }

  @Test
  void restartWithClockSetBack_isAcceptedOnceTheOldEpochIsStale() {
    live("dn-1");
    registry.offer(sample("dn-1", 5_000, 40));
    assertTrue(registry.offer(sample("dn-1", 4_000, 0)).isPresent(), "rejected while the old reporter is fresh");

    clock.addAndGet((long) STALE_INTERVALS * INTERVAL_MS + 1);

    assertEquals(Optional.empty(), registry.offer(sample("dn-1", 4_000, 1)));
    assertEquals(4_000, registry.fresh("dn-1").orElseThrow().sample().epoch());
    assertTrue(registry.offer(sample("dn-1", 4_000, 1)).isPresent(), "the new epoch is ordered again");
  }

  @Test
  void liveNodesSample_isAccepted_andFresh() {
    SystemSample s = sample(live("dn-1"), 100, 0);

    assertEquals(Optional.empty(), registry.offer(s));

    NodeState state = registry.fresh("dn-1").orElseThrow();
    assertEquals(s, state.sample());
    assertEquals(1_000_000, state.receivedMs());
    assertEquals(0, state.ageMs());
    assertFalse(state.stale());
    assertEquals(1, registry.acceptedCount());
    assertEquals(0, registry.rejectedCount());
  }

  @ParameterizedTest
  @EnumSource(value = NodeStatus.class, names = {"DEAD", "DECOMMISSIONED", "UNKNOWN"})
  void sampleFromANodeThatIsNotLive_isRejectedAsUnknownNode(NodeStatus status) {
    members.put("dn-1", status);

    assertEquals(Optional.of(Rejection.UNKNOWN_NODE), registry.offer(sample("dn-1", 100, 0)));

    assertTrue(registry.fresh("dn-1").isEmpty());
    assertTrue(registry.all().isEmpty());
    assertEquals(1, registry.rejectedCount(Rejection.UNKNOWN_NODE));
    assertEquals(0, registry.acceptedCount());
  }

  @Test
  void sampleFromAnUnregisteredNode_isRejectedAsUnknownNode() {
    assertEquals(Optional.of(Rejection.UNKNOWN_NODE), registry.offer(sample("never-seen", 100, 0)));
  }

  @Test
  void sameSequenceInTheSameEpoch_isOutOfOrder_andTheHeldSampleStays() {
    live("dn-1");
    SystemSample first = sample("dn-1", 100, 5);
    registry.offer(first);
    SystemSample replay = new SystemSample("dn-1", 100, 5, 9_999, INTERVAL_MS, HostMetrics.MISSING, List.of());

    assertEquals(Optional.of(Rejection.OUT_OF_ORDER), registry.offer(replay));
    assertEquals(first, registry.fresh("dn-1").orElseThrow().sample());
  }

  @Test
  void lowerSequenceInTheSameEpoch_isOutOfOrder() {
    live("dn-1");
    registry.offer(sample("dn-1", 100, 5));

    assertEquals(Optional.of(Rejection.OUT_OF_ORDER), registry.offer(sample("dn-1", 100, 4)));
    assertEquals(5, registry.fresh("dn-1").orElseThrow().sample().sequence());
  }

  @Test
  void higherSequenceInTheSameEpoch_replacesTheHeldSample() {
    live("dn-1");
    registry.offer(sample("dn-1", 100, 5));

    assertEquals(Optional.empty(), registry.offer(sample("dn-1", 100, 6)));
    assertEquals(6, registry.fresh("dn-1").orElseThrow().sample().sequence());
  }

  @Test
  void laterEpochWithSequenceZero_isAccepted_asADataNodeRestart() {
    live("dn-1");
    registry.offer(sample("dn-1", 100, 500));

    assertEquals(Optional.empty(), registry.offer(sample("dn-1", 200, 0)));

    SystemSample held = registry.fresh("dn-1").orElseThrow().sample();
    assertEquals(200, held.epoch());
    assertEquals(0, held.sequence());
  }

  @Test
  void earlierEpoch_isOutOfOrder_evenWithAHigherSequence() {
    live("dn-1");
    registry.offer(sample("dn-1", 200, 0));

    assertEquals(Optional.of(Rejection.OUT_OF_ORDER), registry.offer(sample("dn-1", 100, 9_999)));
  }

  @Test
  void fresh_isPresentAtExactlyTheStaleBound_andEmptyJustAfter() {
    registry.offer(sample(live("dn-1"), 100, 0));
    long bound = (long) STALE_INTERVALS * INTERVAL_MS;

    clock.addAndGet(bound);
    NodeState atBound = registry.fresh("dn-1").orElseThrow();
    assertEquals(bound, atBound.ageMs());
    assertFalse(atBound.stale());

    clock.incrementAndGet();
    assertTrue(registry.fresh("dn-1").isEmpty());
  }

  @Test
  void freshSample_judgedAtAGivenInstant_agreesWithFreshAtThatInstant() {
    SystemSample held = sample(live("dn-1"), 100, 0);
    registry.offer(held);
    long bound = (long) STALE_INTERVALS * INTERVAL_MS;
    long now = registry.nowMs();

    assertSame(held, registry.freshSample("dn-1", now + bound));
    assertNull(registry.freshSample("dn-1", now + bound + 1));
    assertNull(registry.freshSample("dn-unknown", now));
    clock.addAndGet(bound + 1);
    assertEquals(clock.get(), registry.nowMs());
    assertNull(registry.freshSample("dn-1"));
  }

  @Test
  void staleness_isMeasuredInEachSamplesOwnInterval() {
    registry.offer(sample(live("fast"), 1, 0, 1_000));
    registry.offer(sample(live("slow"), 1, 0, 10_000));

    clock.addAndGet(5_000);

    assertTrue(registry.fresh("fast").isEmpty(), "5 s > 3 x 1 s");
    assertTrue(registry.fresh("slow").isPresent(), "5 s <= 3 x 10 s");
  }

  @Test
  void aNewerSample_makesAStaleNodeFreshAgain() {
    registry.offer(sample(live("dn-1"), 100, 0));
    clock.addAndGet(60_000);
    assertTrue(registry.fresh("dn-1").isEmpty());

    registry.offer(sample("dn-1", 100, 1));

    assertEquals(0, registry.fresh("dn-1").orElseThrow().ageMs());
  }

  @Test
  void fresh_ofAnUnknownUuid_isEmpty() {
    assertTrue(registry.fresh("nobody").isEmpty());
  }

  @Test
  void all_listsStaleEntriesToo_sortedByUuid() {
    registry.offer(sample(live("dn-c"), 1, 0));
    registry.offer(sample(live("dn-a"), 1, 0));
    clock.addAndGet(10_000); // dn-c and dn-a are now 10 s old: stale (> 9 s)
    registry.offer(sample(live("dn-b"), 1, 0));

    List<NodeState> all = registry.all();

    assertEquals(List.of("dn-a", "dn-b", "dn-c"), all.stream().map(NodeState::datanodeUuid).toList());
    assertEquals(List.of(true, false, true), all.stream().map(NodeState::stale).toList());
    assertEquals(List.of(10_000L, 0L, 10_000L), all.stream().map(NodeState::ageMs).toList());
  }

  @Test
  void age_isNeverNegative_whenTheClockStepsBack() {
    registry.offer(sample(live("dn-1"), 1, 0));
    clock.addAndGet(-5_000);

    NodeState state = registry.fresh("dn-1").orElseThrow();
    assertEquals(0, state.ageMs());
  }

  /**
   * A decommissioning node (or one entering or in maintenance) still heartbeats and reports, and its disks are busy
   * as HDFS's re-replication source: its samples are kept, marked not in service, so that DRR can leave it out of
   * the utilization reads go to (until session 54 it was indistinguishable from a node in service).
   */
  @Test
  void outOfServiceNode_isKeptMarkedNotInService_untilItIsBackInService() {
    members.put("dn-1", NodeStatus.OUT_OF_SERVICE);
    assertEquals(Optional.empty(), registry.offer(sample("dn-1", 100, 0)));
    assertFalse(registry.fresh("dn-1").orElseThrow().inService());
    assertEquals(0, registry.sweep(), "kept while it heartbeats");

    live("dn-1");
    assertEquals(Optional.empty(), registry.offer(sample("dn-1", 100, 1)));
    assertTrue(registry.all().get(0).inService(), "in service again with its next sample");
  }

  @Test
  void sweep_dropsNodesNoLongerLive_andReturnsHowMany() {
    for (String uuid : List.of("dn-live", "dn-dead", "dn-decom", "dn-gone")) {
      registry.offer(sample(live(uuid), 1, 0));
    }
    members.put("dn-dead", NodeStatus.DEAD);
    members.put("dn-decom", NodeStatus.DECOMMISSIONED);
    members.remove("dn-gone");

    assertEquals(3, registry.sweep());

    assertEquals(List.of("dn-live"), registry.all().stream().map(NodeState::datanodeUuid).toList());
    assertEquals(0, registry.sweep(), "nothing left to drop");
  }

  @Test
  void rejections_areCountedPerReason() {
    live("dn-1");
    registry.offer(sample("dn-1", 1, 1));
    registry.offer(sample("dn-1", 1, 1));
    registry.offer(sample("dn-1", 1, 0));
    registry.offer(sample("stranger", 1, 0));
    registry.reject(Rejection.MALFORMED);
    registry.reject(Rejection.INVALID);
    registry.reject(Rejection.INVALID);

    assertEquals(Optional.of(Rejection.OVERSIZED), registry.reject(Rejection.OVERSIZED));
    assertEquals(1, registry.acceptedCount());
    assertEquals(2, registry.rejectedCount(Rejection.OUT_OF_ORDER));
    assertEquals(1, registry.rejectedCount(Rejection.UNKNOWN_NODE));
    assertEquals(1, registry.rejectedCount(Rejection.MALFORMED));
    assertEquals(2, registry.rejectedCount(Rejection.INVALID));
    assertEquals(1, registry.rejectedCount(Rejection.OVERSIZED));
    assertEquals(7, registry.rejectedCount());
  }

  @Test
  void constructor_rejectsFewerThanOneStaleInterval() {
    assertThrows(IllegalArgumentException.class,
        () -> new SystemStateRegistry(clock::get, 0, uuid -> NodeStatus.LIVE));
  }

  @Test
  void concurrentOffersForOneNode_keepTheHighestEpochAndSequence() throws Exception {
    live("dn-1");
    List<SystemSample> offers = new ArrayList<>();
    for (long epoch = 1; epoch <= 3; epoch++) {
      for (long seq = 0; seq < 2_000; seq++) {
        offers.add(sample("dn-1", epoch, seq));
      }
    }
    Collections.shuffle(offers, new Random(7));
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<SystemSample> mine = offers.subList(t * offers.size() / threads, (t + 1) * offers.size() / threads);
        done.add(pool.submit(() -> {
          start.await();
          for (SystemSample s : mine) {
            Optional<Rejection> r = registry.offer(s);
            if (r.isPresent() && r.get() != Rejection.OUT_OF_ORDER) {
              throw new AssertionError("unexpected rejection " + r.get());
            }
            // Whatever was just decided, the held sample is never older than one this thread saw accepted.
            SystemSample held = registry.all().get(0).sample();
            if (r.isEmpty() && s.isAfter(held)) {
              throw new AssertionError("accepted " + s + " but holds older " + held);
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    SystemSample held = registry.all().get(0).sample();
    assertEquals(3, held.epoch());
    assertEquals(1_999, held.sequence());
    assertEquals(offers.size(), registry.acceptedCount() + registry.rejectedCount(Rejection.OUT_OF_ORDER));
    assertEquals(offers.size(), registry.acceptedCount() + registry.rejectedCount());
    assertTrue(registry.acceptedCount() >= 1);
  }

  /** The NameNode's wall clock, apart from its monotonic {@link #clock} so that a test can step it. */
  private final AtomicLong wall = new AtomicLong(1_000_000);
  /** A NameNode whose own report interval is 3 s: DataNode intervals up to 30 s, epochs up to 5 min ahead. */
  private final SystemStateRegistry bounded = new SystemStateRegistry(
      new SystemStateRegistry.Clocks(clock::get, wall::get), STALE_INTERVALS, SampleBounds.forInterval(INTERVAL_MS),
      uuid -> members.getOrDefault(uuid, NodeStatus.UNKNOWN));

  /**
   * NTP sets the NameNode's wall clock back an hour just after a DataNode's last sample (it then died): the sample
   * still goes stale after its usual time. Until session 51 freshness ran on the wall clock, and the dead node's
   * sample stayed fresh for the hour (or until the NameNode declared the node dead).
   */
  @Test
  void wallClockSetBack_doesNotKeepASampleFresh() {
    live("dn-1");
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", wall.get() - 60_000, 0)));
    wall.addAndGet(-3_600_000);

    clock.addAndGet((long) STALE_INTERVALS * INTERVAL_MS + 1);
    wall.addAndGet((long) STALE_INTERVALS * INTERVAL_MS + 1);

    assertTrue(bounded.fresh("dn-1").isEmpty(), "stale after three intervals, whatever the wall clock did");
    assertTrue(bounded.all().get(0).stale());
  }

  /** The epoch bound compares a DataNode's wall clock with the NameNode's wall clock, not its monotonic one. */
  @Test
  void epochBound_isJudgedOnTheWallClock() {
    live("dn-1");
    clock.set(5); // a monotonic clock counts from an arbitrary origin (here: the NameNode just booted)
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", wall.get() - 60_000, 0)), "a real epoch");
  }

  @Test
  void wallReceivedTime_isTheArrivalOnTheWallClock() {
    live("dn-1");
    wall.set(1_700_000_000_000L);
    bounded.offer(sample("dn-1", wall.get() - 60_000, 0));
    clock.addAndGet(1_500);
    wall.addAndGet(1_500);

    assertEquals(1_700_000_000_000L, bounded.wallReceivedMs(bounded.all().get(0)));
  }

  @Test
  void hugeInterval_isRefused_soItCannotStayFreshForDays() {
    live("dn-1");
    assertEquals(Optional.of(Rejection.INVALID), bounded.offer(sample("dn-1", 100, 0, 24 * 3600 * 1000)));
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", 100, 1, 10 * INTERVAL_MS)));
    assertTrue(bounded.fresh("dn-1").isPresent());
    assertEquals(1, bounded.rejectedCount(Rejection.INVALID));
  }

  @Test
  void farFutureEpoch_isRefused_andCannotPinState() {
    live("dn-1");
    long year = 365L * 24 * 3600 * 1000;
    assertEquals(Optional.of(Rejection.INVALID), bounded.offer(sample("dn-1", wall.get() + year, 0,
        10 * INTERVAL_MS)));
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", wall.get() - 60_000, 0)), "the real reporter");
  }

  @Test
  void epochWithinTheSkewTolerance_holdsAtMostTheBoundedStaleTime() {
    live("dn-1");
    long aheadEpoch = wall.get() + SampleBounds.CLOCK_AHEAD_MS;
    int longest = 10 * INTERVAL_MS;
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", aheadEpoch, 0, longest)));
    SystemSample real = sample("dn-1", wall.get() - 60_000, 7);
    assertEquals(Optional.of(Rejection.OUT_OF_ORDER), bounded.offer(real));

    clock.addAndGet((long) STALE_INTERVALS * longest + 1);

    assertTrue(bounded.fresh("dn-1").isEmpty(), "stale after staleIntervals × the largest allowed interval");
    assertEquals(Optional.empty(), bounded.offer(sample("dn-1", real.epoch(), 8)));
    assertEquals(real.epoch(), bounded.fresh("dn-1").orElseThrow().sample().epoch());
  }

  @Test
  void freshness_runsFromArrivalOnTheNameNodesClock_notFromTheSamplesTimes() {
    live("dn-1");
    SystemSample fromTheFuture = new SystemSample("dn-1", wall.get() + 60_000, 0, wall.get() + 10 * 3600_000,
        INTERVAL_MS, new HostMetrics(50, 50, 1L << 30), List.of());
    assertEquals(Optional.empty(), bounded.offer(fromTheFuture));
    clock.addAndGet((long) STALE_INTERVALS * INTERVAL_MS + 1);
    assertTrue(bounded.fresh("dn-1").isEmpty());
  }
}
