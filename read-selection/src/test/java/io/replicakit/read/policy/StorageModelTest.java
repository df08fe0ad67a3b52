/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The read paper's §3.1 rules as {@link StorageModel#choose} applies them: the classes, eligibility, the best. */
class StorageModelTest {

  private static final StorageSpeeds THROUGHPUT = StorageSpeeds.of(Map.of(StorageType.RAM_DISK, mb(1000),
      StorageType.NVDIMM, mb(1000), StorageType.SSD, mb(300), StorageType.DISK, mb(60), StorageType.ARCHIVE, mb(30),
      StorageType.PROVIDED, mb(60)));

  private static Throughput mb(double mbPerSec) {
    return Throughput.mbPerSec(mbPerSec);
  }

  private static StorageModel model(double intraRackMbps, double interRackMbps) {
    return new StorageModel(THROUGHPUT, mb(intraRackMbps), mb(interRackMbps));
  }

  /**
   * The block's choice; every test that chooses also checks that {@link StorageModel#classes}, combined's way to
   * the same classes without choosing replicas, agrees with it.
   */
  private static StorageModel.Choice choose(StorageModel model, List<Replica> block) {
    StorageModel.Choice choice = model.choose(block, new SplittableRandom(0));
    assertEquals(choice.classes(), model.classes(block), "classes() agrees with choose()");
    return choice;
  }

  /** Positions of the block's replicas the choice counts as fast ({@code fast=true}) or slow. */
  private static List<Integer> positions(StorageModel model, List<Replica> block, boolean fast) {
    StorageModel.Choice choice = choose(model, block);
    return block.stream().filter(r -> choice.classes().isFast(r, model) == fast).map(Replica::position).toList();
  }

  /** The position of the best eligible fast replica, as a list: empty when none is eligible. */
  private static List<Integer> bestEligibleFast(StorageModel model, List<Replica> block) {
    Replica best = choose(model, block).bestFast();
    return best == null ? List.of() : List.of(best.position());
  }

  @Test
  void choose_putsTheSlowestTypePresentInSlow_andEveryOtherTypeInFast() {
    StorageModel model = model(1250, 0);
    List<Replica> block = List.of(replica(0, RACK, "SSD"), replica(1, RACK, "DISK"), replica(2, RACK, "ARCHIVE"),
        replica(3, RACK, "DISK"));

    StorageModel.Choice choice = choose(model, block);

    assertEquals(List.of(0, 1, 3), positions(model, block, true), "DISK is fast next to ARCHIVE");
    assertEquals(List.of(2), positions(model, block, false));
    assertEquals(2, choice.closestSlow().position());
    assertEquals(300, choice.fastestMbps());
    assertEquals(30, choice.slowestMbps());
    assertTrue(choice.offersBothClasses());
  }

  @Test
  void choose_ofOneSsdBlock_hasTheSsdFast_andTheDisksSlow() {
    StorageModel model = model(1250, 0);
    List<Replica> block = Fixtures.oneSsd(RACK, RACK, RACK);

    assertEquals(List.of(0), positions(model, block, true));
    assertEquals(List.of(1, 2), positions(model, block, false));
  }

  @ParameterizedTest(name = "all {0}")
  @CsvSource({"SSD", "DISK", "ARCHIVE", "TAPE"})
  void choose_ofReplicasAllOfOneType_isAllSlow_noneFast(String type) {
    StorageModel model = model(1250, 1250);
    List<Replica> block = List.of(replica(0, LOCAL, type), replica(1, RACK, type), replica(2, OFF_RACK, type));

    StorageModel.Choice choice = choose(model, block);

    assertEquals(List.of(), positions(model, block, true));
    assertEquals(List.of(0, 1, 2), positions(model, block, false));
    assertFalse(choice.offersBothClasses());
    assertNull(choice.bestFast());
    assertEquals(0, choice.closestSlow().position());
  }

  @Test
  void unknownStorageType_countsAsDisk() {
    StorageModel model = model(1250, 0);
    assertEquals(60, model.throughput("TAPE"));

    List<Replica> withDisk = List.of(replica(0, RACK, "TAPE"), replica(1, RACK, "DISK"));
    assertEquals(List.of(), positions(model, withDisk, true), "TAPE is as slow as DISK");

    List<Replica> withSsd = List.of(replica(0, RACK, "TAPE"), replica(1, RACK, "SSD"));
    assertEquals(List.of(1), positions(model, withSsd, true));
    assertEquals(List.of(0), positions(model, withSsd, false));
    assertEquals(60, choose(model, withSsd).slowestMbps());
  }

  /** §3.1 with the defaults: intra-rack 1250 MB/s, inter-rack 0, slowest DISK 60 MB/s. */
  @ParameterizedTest(name = "SSD at distance {0}: eligible={1}")
  @CsvSource({"0, true", "1, true", "2, true", "4, false", "6, false"})
  void eligibleFast_withDefaults_isLocalAndSameRackOnly(int ssdDistance, boolean eligible) {
    StorageModel model = Fixtures.defaultStorage();
    List<Replica> block = Fixtures.oneSsd(ssdDistance, LOCAL, RACK);

    assertEquals(eligible ? List.of(0) : List.of(), bestEligibleFast(model, block));
    assertEquals(eligible, choose(model, block).offersBothClasses());
  }

  @ParameterizedTest(name = "intra-rack {0} MB/s, slowest {1}: eligible={2}")
  @CsvSource({
      "60, DISK, false",
      "60.5, DISK, true",
      "0, DISK, false",
      "40, ARCHIVE, true",
      "30, ARCHIVE, false"})
  void sameRackFast_isEligibleOnlyWhenIntraRackBandwidthExceedsTheSlowestThroughput(double intraRackMbps,
      String slowType, boolean eligible) {
    StorageModel model = model(intraRackMbps, 0);
    List<Replica> block = List.of(replica(0, RACK, "SSD"), replica(1, RACK, slowType));

    assertEquals(eligible ? List.of(0) : List.of(), bestEligibleFast(model, block));
  }

  @ParameterizedTest(name = "inter-rack {0} MB/s: eligible={1}")
  @CsvSource({"0, false", "60, false", "61, true", "1250, true"})
  void offRackFast_isEligibleOnlyWhenInterRackBandwidthExceedsTheSlowestThroughput(double interRackMbps,
      boolean eligible) {
    StorageModel model = model(1250, interRackMbps);

    assertEquals(eligible ? List.of(0) : List.of(), bestEligibleFast(model, Fixtures.oneSsd(OFF_RACK, RACK, RACK)));
  }

  @Test
  void localFast_isAlwaysEligible_evenWithoutAnyNetworkBandwidth() {
    StorageModel model = model(0, 0);

    assertEquals(List.of(0), bestEligibleFast(model, Fixtures.oneSsd(LOCAL, RACK, OFF_RACK)));
  }

  @Test
  void bestFast_prefersTheHigherThroughput_overACloserReplica() {
    StorageModel model = model(1250, 1250);
    List<Replica> block = List.of(replica(0, LOCAL, "SSD"), replica(1, OFF_RACK, "RAM_DISK"),
        replica(2, RACK, "DISK"));

    for (long seed = 0; seed < 200; seed++) {
      assertEquals(1, model.choose(block, new SplittableRandom(seed)).bestFast().position());
    }
  }

  /** The block's slowest type is an off-rack DISK, so that every SSD is fast and eligible. */
  @Test
  void bestFast_amongEqualThroughput_prefersTheClosest() {
    StorageModel model = model(1250, 1250);
    List<Replica> block = List.of(replica(0, OFF_RACK, "SSD"), replica(1, RACK, "SSD"), replica(2, LOCAL, "SSD"),
        replica(3, RACK, "SSD"), replica(4, OFF_RACK, "DISK"));

    for (long seed = 0; seed < 200; seed++) {
      assertEquals(2, model.choose(block, new SplittableRandom(seed)).bestFast().position());
    }
  }

  @Test
  void bestFast_breaksFullTiesAtRandom() {
    StorageModel model = model(1250, 1250);
    List<Replica> block = List.of(replica(0, RACK, "SSD"), replica(1, RACK, "SSD"), replica(2, OFF_RACK, "SSD"),
        replica(3, OFF_RACK, "DISK"));
    boolean[] chosen = new boolean[4];

    for (long seed = 0; seed < 200; seed++) {
      chosen[model.choose(block, new SplittableRandom(seed)).bestFast().position()] = true;
    }

    assertTrue(chosen[0] && chosen[1], "both same-rack SSDs are chosen sometimes");
    assertFalse(chosen[2], "the farther SSD never is");
    assertFalse(chosen[3], "the DISK is slow, never the best fast");
  }

  @Test
  void closestSlow_isTheClosestReplicaOfTheSlowestType_tiesAtRandom_evenWhenAFastOneIsCloser() {
    StorageModel model = model(1250, 1250);
    List<Replica> block = List.of(replica(0, LOCAL, "SSD"), replica(1, OFF_RACK, "DISK"), replica(2, RACK, "DISK"),
        replica(3, RACK, "DISK"));
    boolean[] chosen = new boolean[4];

    for (long seed = 0; seed < 200; seed++) {
      chosen[model.choose(block, new SplittableRandom(seed)).closestSlow().position()] = true;
    }

    assertTrue(chosen[2] && chosen[3], "both same-rack DISKs are chosen sometimes");
    assertFalse(chosen[0] || chosen[1], "never the SSD, never the farther DISK");
  }
}
