/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TriggerTest {

  private static final long CAPACITY = 1_000_000;

  private static StorageUnit unit(int i, String type, double usedPct) {
    long used = (long) (usedPct * CAPACITY / 100);
    return new StorageUnit("dn" + i, "/r" + (i % 3), type, CAPACITY, used, CAPACITY - used, Double.NaN);
  }

  /** One node 35 points over the mean among a hundred: σ about 3.5, but the balancer has work. */
  @Test
  void oneNodeFarBeyondTheThreshold_amongAHundred_startsARound() {
    List<StorageUnit> units = new ArrayList<>();
    for (int i = 0; i < 99; i++) {
      units.add(unit(i, "DISK", 40));
    }
    units.add(unit(99, "DISK", 75));
    Trigger.Check check = new Trigger(10, 0).check(units);
    assertTrue(check.spreadPct() < 5, "σ " + check.spreadPct());
    assertTrue(check.balance());
    assertEquals(1, check.beyondThreshold().size(), check.beyondThreshold().toString());
  }

  /** Balanced to the threshold yet spread (half at +8, half at −8 of a 10-point band): nothing to move, no round. */
  @Test
  void everyNodeWithinTheThreshold_startsNoRound_howeverSpread() {
    List<StorageUnit> units = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      units.add(unit(i, "DISK", i % 2 == 0 ? 42 : 58));
    }
    Trigger.Check check = new Trigger(10, 0).check(units);
    assertTrue(check.spreadPct() > 5, "σ " + check.spreadPct());
    assertFalse(check.balance());
  }

  /** The threshold is judged per storage type, as an iteration classifies: a full SSD tier among empty disks is not. */
  @Test
  void storageTypes_areJudgedAgainstTheirOwnMean() {
    List<StorageUnit> units = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      units.add(unit(i, "DISK", 10));
      units.add(unit(i, "SSD", 90));
    }
    assertFalse(new Trigger(10, 0).check(units).balance());
    units.set(0, unit(0, "DISK", 60));
    assertTrue(new Trigger(10, 0).check(units).balance());
  }

  /** A minimum spread, when set, is needed besides a node beyond the threshold. */
  @Test
  void minimumSpread_isNeededBesidesTheThreshold() {
    List<StorageUnit> units = new ArrayList<>();
    for (int i = 0; i < 99; i++) {
      units.add(unit(i, "DISK", 40));
    }
    units.add(unit(99, "DISK", 75));
    assertFalse(new Trigger(10, 5).check(units).balance());
    assertTrue(new Trigger(10, 3).check(units).balance());
  }
}
