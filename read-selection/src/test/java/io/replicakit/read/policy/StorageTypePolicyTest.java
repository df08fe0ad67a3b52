/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.positions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StorageTypePolicyTest {

  private static StorageTypePolicy policy(String interRackMbps) {
    ReadSettings settings = Fixtures.settings(StorageTypePolicy.NAME, ReadSelectionConfig.INTER_RACK_KEY,
        interRackMbps);
    return (StorageTypePolicy) ReadPolicies.create(settings, new Fixtures.Cluster().env());
  }

  /**
   * One_SSD blocks (position 0 on SSD, 1 and 2 on DISK) with the default bandwidths; expected is the whole order,
   * the same for every seed because the distances differ.
   */
  @ParameterizedTest(name = "SSD {0}, DISKs {1}/{2} -> {3}")
  @CsvSource({
      // eligible SSD: first, then the DISKs closest first
      "0, 2, 4, 0 1 2",
      "0, 4, 2, 0 2 1",
      "2, 0, 4, 0 1 2",
      "2, 4, 0, 0 2 1",
      "1, 0, 4, 0 1 2",
      // off-rack SSD with inter-rack 0: closest first, the SSD wherever its distance puts it
      "4, 0, 2, 1 2 0",
      "4, 2, 0, 2 1 0",
      "4, 0, 6, 1 0 2"})
  void ssdIsFirstWhenEligible_elseClosestFirst_restInDistanceOrder(int ssd, int disk1, int disk2, String expected) {
    StorageTypePolicy policy = policy("0");
    for (long seed = 0; seed < 50; seed++) {
      List<Replica> order = policy.order(Fixtures.oneSsd(ssd, disk1, disk2), new SplittableRandom(seed));
      assertEquals(expected, String.join(" ", positions(order).stream().map(String::valueOf).toList()));
    }
  }

  @ParameterizedTest(name = "SSD {0}, DISKs {1}/{2} -> {3}")
  @CsvSource({
      "4, 0, 2, 0 1 2",
      "4, 2, 0, 0 2 1",
      "6, 0, 4, 0 1 2"})
  void ssdIsFirstEvenOffRack_whenInterRackBandwidthExceedsDisk(int ssd, int disk1, int disk2, String expected) {
    StorageTypePolicy policy = policy("1250");
    for (long seed = 0; seed < 50; seed++) {
      List<Replica> order = policy.order(Fixtures.oneSsd(ssd, disk1, disk2), new SplittableRandom(seed));
      assertEquals(expected, String.join(" ", positions(order).stream().map(String::valueOf).toList()));
    }
  }

  @ParameterizedTest(name = "SSD at distance {0}")
  @CsvSource({"0", "2"})
  void eligibleSsd_isFirstForEverySeed_andTheTiedDisksFollowInEitherOrder(int ssdDistance) {
    StorageTypePolicy policy = policy("0");
    boolean[] diskFirstAfterSsd = new boolean[3];
    for (long seed = 0; seed < 200; seed++) {
      List<Integer> order = positions(policy.order(Fixtures.oneSsd(ssdDistance, RACK, RACK),
          new SplittableRandom(seed)));
      assertEquals(0, order.get(0));
      diskFirstAfterSsd[order.get(1)] = true;
    }
    assertTrue(diskFirstAfterSsd[1] && diskFirstAfterSsd[2], "ties among DISKs are random");
  }

  @Test
  void blockWithoutFastStorage_isClosestFirst_evenWithInterRackBandwidth() {
    StorageTypePolicy policy = policy("1250");
    List<Replica> block = List.of(Fixtures.replica(0, OFF_RACK, "DISK"), Fixtures.replica(1, RACK, "DISK"),
        Fixtures.replica(2, LOCAL, "DISK"), Fixtures.replica(3, OFF_RACK, "DISK"));
    for (long seed = 0; seed < 50; seed++) {
      List<Integer> order = positions(policy.order(block, new SplittableRandom(seed)));
      assertEquals(List.of(2, 1), order.subList(0, 2));
      assertEquals(Set.of(0, 3), Set.copyOf(order.subList(2, 4)));
    }
  }
}
