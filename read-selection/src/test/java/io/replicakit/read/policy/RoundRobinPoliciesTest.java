/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The round-robin split of the read paper's §3.2 (eq. 1 and 2) for WRR, and for DRR taking turns by class (the
 * paper's DRR, {@code drr.balance=class}) and the combined policy taking turns by class, which without metrics must
 * order exactly as WRR at its weight. By volume (the default) they are {@link DrrByVolumeTest}'s and
 * {@link CombinedPolicyTest}'s.
 */
class RoundRobinPoliciesTest {

  private static ReadPolicy policy(String name, String... keyValues) {
    return ReadPolicies.create(Fixtures.settings(name, byClass(name, keyValues)), new Fixtures.Cluster().env());
  }

  /**
   * The settings, with DRR's weight dividing storage classes (the paper's DRR, and {@code combined} taking turns by
   * class), which these tests are about.
   */
  private static String[] byClass(String name, String... keyValues) {
    if (!name.equals(DynamicRoundRobinPolicy.NAME) && !name.equals(CombinedPolicy.NAME)) {
      return keyValues;
    }
    String[] withBalance = Arrays.copyOf(keyValues, keyValues.length + 2);
    withBalance[keyValues.length] = ReadSelectionConfig.DRR_BALANCE_KEY;
    withBalance[keyValues.length + 1] = "class";
    return withBalance;
  }

  private static boolean ssdFirst(ReadPolicy policy, List<Replica> block, RandomGenerator random) {
    return policy.order(block, random).get(0).storageType().equals("SSD");
  }

  /** 'F' for each block whose first replica is on SSD, 'S' otherwise. */
  private static String firstClasses(ReadPolicy policy, int blocks, RandomGenerator random) {
    StringBuilder pattern = new StringBuilder(blocks);
    for (int i = 0; i < blocks; i++) {
      pattern.append(ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random) ? 'F' : 'S');
    }
    return pattern.toString();
  }

  /** A block with all three replicas on DISK in the reader's rack, on DataNodes of its own. */
  private static List<Replica> diskOnly(int block) {
    List<Replica> replicas = new ArrayList<>(3);
    for (int i = 0; i < 3; i++) {
      String uuid = "dn-disk-" + block + "-" + i;
      replicas.add(new Replica(i, RACK, "DISK", uuid + "-vol", uuid));
    }
    return replicas;
  }

  private static List<Replica> concat(List<Replica> block, List<List<Replica>> blocks) {
    List<Replica> all = new ArrayList<>(block);
    blocks.forEach(all::addAll);
    return all;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void derivedWeight_ofSsd300AndDisk60_readsSsdFirstExactlyFiveTimesPerDiskRead(String name) {
    ReadPolicy policy = policy(name);
    RandomGenerator random = new SplittableRandom(1);
    StringBuilder pattern = new StringBuilder();
    for (int i = 0; i < 6_000; i++) {
      pattern.append(ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random) ? 'F' : 'S');
    }

    assertEquals("FFFFFS".repeat(1_000), pattern.toString(), "5 SSD-first blocks, then one DISK-first");
    assertEquals(5000, pattern.chars().filter(c -> c == 'F').count());
    assertEquals(1000, pattern.chars().filter(c -> c == 'S').count());
    if (!(policy instanceof WeightedRoundRobinPolicy)) {
      assertEquals(5.0, policy.weight(), "the weight used, derived from 300 / 60");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void configuredWeight7_readsSsdFirstSevenTimesPerDiskRead(String name) {
    ReadPolicy policy = policy(name, ReadSelectionConfig.WRR_WEIGHT_KEY, "7");
    RandomGenerator random = new SplittableRandom(2);
    long fast = 0;
    long slow = 0;
    for (int i = 0; i < 8_000; i++) {
      if (ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random)) {
        fast++;
      } else {
        slow++;
      }
    }

    assertEquals(7000, fast);
    assertEquals(1000, slow);
    assertEquals(7.0, policy.weight());
  }

  @Test
  void wrr_reportsItsConfiguredWeight_orNaNWhenDerived() {
    assertEquals(7.0, policy("wrr", ReadSelectionConfig.WRR_WEIGHT_KEY, "7").weight());
    assertTrue(Double.isNaN(policy("wrr").weight()));
  }

  /**
   * TestDFSIO's control files are stored HOT (all DISK) and read first: such blocks offer no choice of class
   * (§3.2), so they must not count as slow reads, or fast storage would take every turn for a while after them.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void blocksWithoutAChoice_doNotMoveTheRatio(String name) {
    ReadPolicy policy = policy(name);
    RandomGenerator random = new SplittableRandom(3);
    for (int i = 0; i < 1_000; i++) {
      assertEquals("DISK", policy.order(diskOnly(i), random).get(0).storageType());
    }

    String afterDiskOnly = firstClasses(policy, 600, random);

    assertEquals(firstClasses(policy(name), 600, new SplittableRandom(3)), afterDiskOnly,
        "as if the DISK-only blocks had never come");
    assertEquals("FFFFFS".repeat(100), afterDiskOnly);
  }

  /**
   * A block whose SSD the network rules leave out (§3.1: in another rack, inter-rack 0) is read from a DISK near
   * the reader: load on slow storage the blocks with a choice make up for, so the DISKs do not also get a sixth of
   * those. Measured on shaped links: docs/experiments/read-selection.md, "Network-aware rules".
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void blocksWhoseSsdIsNotEligible_countAsSlowReads_andTheBlocksWithAChoiceMakeUpForThem(String name) {
    ReadPolicy policy = policy(name);
    RandomGenerator random = new SplittableRandom(3);
    for (int i = 0; i < 5; i++) {
      List<Replica> order = policy.order(Fixtures.oneSsd(OFF_RACK, RACK, RACK), random);
      assertEquals("DISK", order.get(0).storageType(), "off-rack SSD with inter-rack 0 is not read");
    }

    // 5 slow reads counted: fast storage takes 5 × 6 = 30 turns before the next slow one, then 5 per slow one.
    assertEquals("F".repeat(30) + "S" + "FFFFF" + "S", firstClasses(policy, 37, random));
  }

  /** Blocks of one type only (all DISK, all SSD), between the mixed ones. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void blocksWithoutAChoice_betweenMixedBlocks_doNotShiftTheInterleaving(String name) {
    ReadPolicy policy = policy(name);
    RandomGenerator random = new SplittableRandom(5);
    List<Replica> allSsd = List.of(Fixtures.replica(0, RACK, "SSD"), Fixtures.replica(1, LOCAL, "SSD"));
    StringBuilder pattern = new StringBuilder();
    for (int i = 0; i < 600; i++) {
      policy.order(diskOnly(i), random);
      assertEquals(1, policy.order(allSsd, random).get(0).position(), "one type: the closest");
      pattern.append(ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random) ? 'F' : 'S');
    }

    assertEquals("FFFFFS".repeat(100), pattern.toString());
  }

  /** With fresh metrics the combined policy orders a block without a choice by score; that is not counted either. */
  @Test
  void combinedWithFreshMetrics_blocksWithoutAChoice_doNotMoveTheRatio() {
    Fixtures.Cluster cluster = new Fixtures.Cluster();
    ReadPolicy policy = ReadPolicies.create(Fixtures.settings(CombinedPolicy.NAME, byClass(CombinedPolicy.NAME)),
        cluster.env());
    List<Replica> mixed = Fixtures.oneSsd(RACK, RACK, RACK);
    List<List<Replica>> diskOnly = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      diskOnly.add(diskOnly(i));
    }
    for (Replica r : concat(mixed, diskOnly)) {
      cluster.report(r.datanodeUuid(), Fixtures.healthyHost(),
          Fixtures.healthyVolume(r.storageId(), r.storageType(), Double.NaN));
    }
    RandomGenerator random = new SplittableRandom(6);
    for (int i = 0; i < 1_000; i++) {
      assertEquals("DISK", policy.order(diskOnly.get(i % 100), random).get(0).storageType());
    }

    assertEquals("FFFFFS".repeat(100), firstClasses(policy, 600, random));
  }

  /**
   * Three blocks whose SSD is too far are counted as slow reads, three DISK-only blocks not: 3 × 5 fast turns are
   * owed, then the cycle's own 5 (six slow reads would owe 35).
   */
  @Test
  void wrr_countsTheBlocksWithBothTypes_notTheBlocksOfOneType() {
    ReadPolicy policy = policy("wrr");
    RandomGenerator random = new SplittableRandom(4);
    for (int i = 0; i < 3; i++) {
      policy.order(Fixtures.oneSsd(OFF_RACK, RACK, RACK), random);
      policy.order(diskOnly(i), random);
    }

    assertEquals("F".repeat(20) + "S", firstClasses(policy, 21, random));
  }

  /**
   * Blocks of two type mixes, one after the other, each at its derived weight: SSD with DISK (300 / 60 = 5) and
   * RAM_DISK with DISK (1000 / 60 = 16.7). Each mix keeps its own split. Until session 52 the two shared one count,
   * which the blocks of weight 16.7 kept near 5 fast reads per slow one by taking a fast turn each time: the SSD
   * blocks then read 0.667 of their blocks from SSD instead of 0.833.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void derivedWeights_ofTwoTypeMixes_eachKeepTheirOwnSplit(String name) {
    ReadPolicy policy = policy(name);
    RandomGenerator random = new SplittableRandom(7);
    List<Replica> ramDisk = List.of(Fixtures.replica(0, RACK, "RAM_DISK"), Fixtures.replica(1, RACK, "DISK"),
        Fixtures.replica(2, RACK, "DISK"));
    StringBuilder ssdFirst = new StringBuilder();
    long ramDiskFirst = 0;
    for (int i = 0; i < 6_000; i++) {
      ssdFirst.append(ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random) ? 'F' : 'S');
      ramDiskFirst += policy.order(ramDisk, random).get(0).storageType().equals("RAM_DISK") ? 1 : 0;
    }

    assertEquals("FFFFFS".repeat(1_000), ssdFirst.toString(), "the SSD/DISK blocks: 5 to 1");
    double ramWeight = 1000 / 60.0;
    assertEquals(6_000 * ramWeight / (ramWeight + 1), ramDiskFirst, 1, "the RAM_DISK/DISK blocks: 16.7 to 1");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"wrr", "drr", "combined"})
  void concurrentOrderings_keepTheRatioWithinOnePercentOfTheWeight(String name) throws Exception {
    ReadPolicy policy = policy(name);
    int threads = 8;
    int perThread = 10_000;
    AtomicLong fast = new AtomicLong();
    AtomicLong slow = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        RandomGenerator random = new SplittableRandom(100 + t);
        done.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            (ssdFirst(policy, Fixtures.oneSsd(RACK, RACK, RACK), random) ? fast : slow).incrementAndGet();
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

    assertEquals((long) threads * perThread, fast.get() + slow.get());
    double ratio = (double) fast.get() / slow.get();
    assertEquals(5.0, ratio, 0.05, "fast " + fast + ", slow " + slow);
  }

  /**
   * ReadCounter promises that deciding and counting are one atomic step, "so concurrent readers cannot all take
   * the same branch on a stale count". Two orderings that both decide before either is counted show whether they
   * can: at weight 1 the first of two blocks is SSD's and the second DISK's. The two threads count on one stripe of
   * the counter (threads on different stripes keep a cycle each: {@code ReadCounterTest}). The random source holds
   * each thread at its first draw (which comes after the decision) until the other thread has drawn too; if the
   * policy serialises the two orderings, the barrier times out and both go on.
   */
  @Test
  void twoConcurrentOrderings_atWeight1_readOneFromSsdAndOneFromDisk() throws Exception {
    ReadPolicy policy = policy("wrr", ReadSelectionConfig.WRR_WEIGHT_KEY, "1");
    List<Replica> block = List.of(Fixtures.replica(0, RACK, "SSD"), Fixtures.replica(1, RACK, "SSD"),
        Fixtures.replica(2, RACK, "DISK"), Fixtures.replica(3, RACK, "DISK"));
    CyclicBarrier bothDrawing = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2, Fixtures.threadsOnOneReadCounterStripe());
    List<String> firstTypes = new ArrayList<>();
    try {
      List<Future<String>> done = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        RandomGenerator random = new MeetingRandom(bothDrawing, new SplittableRandom(t));
        done.add(pool.submit(() -> policy.order(block, random).get(0).storageType()));
      }
      for (Future<String> f : done) {
        firstTypes.add(f.get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }

    assertEquals(1, firstTypes.stream().filter("SSD"::equals).count(), "first replicas: " + firstTypes);
    assertEquals(1, firstTypes.stream().filter("DISK"::equals).count(), "first replicas: " + firstTypes);
  }

  /** A random source whose first draw waits (up to 5 s) for another thread's first draw. */
  private static final class MeetingRandom implements RandomGenerator {

    private final CyclicBarrier barrier;
    private final RandomGenerator delegate;
    private boolean met;

    MeetingRandom(CyclicBarrier barrier, RandomGenerator delegate) {
      this.barrier = barrier;
      this.delegate = delegate;
    }

    @Override
    public long nextLong() {
      if (!met) {
        met = true;
        try {
          barrier.await(5, TimeUnit.SECONDS);
        } catch (TimeoutException | BrokenBarrierException e) {
          // serialised orderings: nobody to meet
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return delegate.nextLong();
    }
  }
}
