/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import static io.replicakit.pfimbi.coordinator.BlockReportWait.Outcome.GIVE_UP;
import static io.replicakit.pfimbi.coordinator.BlockReportWait.Outcome.PROCEED;
import static io.replicakit.pfimbi.coordinator.BlockReportWait.Outcome.WAIT;
import static io.replicakit.pfimbi.coordinator.BlockReportWait.Outcome.WAIT_STARTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BlockReportWaitTest {

  @Test
  void everyStorageReported_proceeds() {
    BlockReportWait wait = new BlockReportWait(1_000);
    assertEquals(PROCEED, wait.round(0, 0));
    assertEquals(PROCEED, wait.round(0, 5_000));
  }

  @Test
  void unreportedStorages_holdUpToTheBound_thenGiveUpOnce() {
    BlockReportWait wait = new BlockReportWait(1_000);
    assertEquals(WAIT_STARTS, wait.round(3, 10_000));
    assertEquals(WAIT, wait.round(2, 10_999));
    assertEquals(GIVE_UP, wait.round(2, 11_000));
    assertEquals(PROCEED, wait.round(1, 11_001), "a wait that ran out does not hold again");
    assertEquals(PROCEED, wait.round(1, 99_000));
  }

  @Test
  void reportsArriving_endTheWait_andALaterOneWaitsAnew() {
    BlockReportWait wait = new BlockReportWait(1_000);
    wait.round(3, 0);
    assertEquals(PROCEED, wait.round(0, 500));
    assertEquals(WAIT_STARTS, wait.round(1, 60_000), "a DataNode that registers later is waited for");
    assertEquals(WAIT, wait.round(1, 60_999));
  }

  @Test
  void aWaitThatRanOut_isOverOnceEveryStorageReported() {
    BlockReportWait wait = new BlockReportWait(1_000);
    wait.round(1, 0);
    wait.round(1, 1_000);
    assertEquals(PROCEED, wait.round(0, 2_000));
    assertEquals(WAIT_STARTS, wait.round(1, 3_000));
  }

  @Test
  void reset_startsTheNextWaitAfresh() {
    BlockReportWait wait = new BlockReportWait(1_000);
    wait.round(1, 0);
    wait.round(1, 1_000);
    wait.reset();
    assertEquals(WAIT_STARTS, wait.round(1, 2_000), "a NameNode active again waits for its reports");
  }

  @Test
  void zeroBound_neverHolds() {
    BlockReportWait wait = new BlockReportWait(0);
    assertEquals(PROCEED, wait.round(5, 0));
    assertEquals(PROCEED, wait.round(5, 1));
  }

  @Test
  void negativeBound_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> new BlockReportWait(-1));
  }
}
