/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ReadPoliciesTest {

  static Stream<String> names() {
    return ReadPolicies.NAMES.stream();
  }

  @Test
  void names_areTheSixPolicies_hdfsOwnFirst() {
    assertEquals(List.of("network-distance", "storage-type", "wrr", "drr", "system-state", "combined"),
        ReadPolicies.NAMES);
  }

  @ParameterizedTest
  @MethodSource("names")
  void everyKnownName_createsAPolicyOfThatName(String name) {
    ReadPolicy policy = ReadPolicies.create(Fixtures.settings(name), new Fixtures.Cluster().env());

    assertEquals(name, policy.name());
    assertTrue(ReadPolicies.isKnown(name));
  }

  @Test
  void anUnknownName_throwsListingTheKnownNames() {
    ReadSettings valid = Fixtures.settings("wrr");
    ReadSettings unknown = new ReadSettings("foo", valid.storage(), valid.wrrWeight(), valid.drr(), valid.score(),
        valid.combinedClassBonus());

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadPolicies.create(unknown, new Fixtures.Cluster().env()));

    assertTrue(e.getMessage().contains("'foo'"), e.getMessage());
    for (String name : ReadPolicies.NAMES) {
      assertTrue(e.getMessage().contains(name), name + " missing from: " + e.getMessage());
    }
    assertFalse(ReadPolicies.isKnown("foo"));
  }

  /**
   * Random blocks of 1..12 replicas (every storage type, an unknown one, distances 0..6, nodes with fresh, stale
   * and no samples, unknown storage IDs): each policy returns a permutation and leaves its argument alone.
   */
  @ParameterizedTest
  @MethodSource("names")
  void everyPolicy_returnsAPermutationOfItsInput_andDoesNotModifyIt(String name) {
    Fixtures.Cluster cluster = new Fixtures.Cluster();
    RandomGenerator random = new SplittableRandom(name.hashCode());
    ReadPolicy policy = ReadPolicies.create(Fixtures.settings(name, "replicakit.read.bandwidth.inter-rack.mbps",
        "100"), cluster.env());

    for (int i = 0; i < 1_000; i++) {
      if (i % 40 == 0) {
        reportRandomStates(cluster, random);
      }
      List<Replica> block = Fixtures.randomBlock(random);
      List<Replica> argument = new ArrayList<>(block);

      List<Replica> order = policy.order(argument, random);

      assertEquals(block, argument, "argument unchanged");
      assertEquals(block.size(), order.size(), order.toString());
      assertEquals(byPosition(block), byPosition(order), "a permutation of " + block);
      cluster.advance(500); // samples are fresh for 9 s of every 20, DRR adjusts now and then
    }
  }

  /** dn-0..dn-9: some never report, the others with random CPU, memory and per-type volume metrics. */
  private static void reportRandomStates(Fixtures.Cluster cluster, RandomGenerator random) {
    String[] types = {"SSD", "DISK", "ARCHIVE", "RAM_DISK", "NVDIMM", "PROVIDED", "TAPE"};
    for (int n = 0; n < 10; n++) {
      if (random.nextInt(4) == 0) {
        continue;
      }
      String uuid = "dn-" + n;
      HostMetrics host = random.nextInt(5) == 0 ? HostMetrics.MISSING
          : new HostMetrics(random.nextDouble(100), random.nextDouble(100), 1L << 34);
      List<VolumeMetrics> volumes = new ArrayList<>();
      for (String type : types) {
        volumes.add(random.nextInt(5) == 0 ? VolumeMetrics.missing(uuid + "-" + type, type, "")
            : new VolumeMetrics(uuid + "-" + type, type, "sd" + type.length(), random.nextDouble(300),
                random.nextDouble(10_000), random.nextDouble(10_000), random.nextDouble(100), random.nextDouble(8)));
      }
      cluster.report(uuid, host, volumes.toArray(VolumeMetrics[]::new));
    }
  }

  private static List<Replica> byPosition(List<Replica> replicas) {
    List<Replica> copy = new ArrayList<>(replicas);
    copy.sort(Comparator.comparingInt(Replica::position));
    return copy;
  }
}
