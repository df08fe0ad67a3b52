/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.pfimbi.manager.FailedBlocks.Block;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailedBlocksTest {

  @Test
  void sameIdInTwoPools_areTwoFailures_andForgettingOneKeepsTheOther() {
    FailedBlocks failed = new FailedBlocks(8);
    failed.record("BP-1", 7, "disk full");
    failed.record("BP-2", 7, "source gone");

    assertEquals(Map.of(new Block("BP-1", 7), "disk full", new Block("BP-2", 7), "source gone"), failed.snapshot());
    failed.forget("BP-2", 7);
    assertEquals(Map.of(new Block("BP-1", 7), "disk full"), failed.snapshot());
  }

  @Test
  void aBlockFailingAgain_movesToTheNewestPlace_andTheOldestIsDroppedPastCapacity() {
    FailedBlocks failed = new FailedBlocks(2);
    failed.record("BP-1", 1, "a");
    failed.record("BP-1", 2, "b");
    failed.record("BP-1", 1, "a again");
    failed.record("BP-1", 3, "c");

    assertEquals(List.of(new Block("BP-1", 1), new Block("BP-1", 3)), List.copyOf(failed.snapshot().keySet()));
    assertEquals("a again", failed.snapshot().get(new Block("BP-1", 1)));
  }

  @Test
  void unknownPool_isEmpty_notNull() {
    assertEquals("", new Block(null, 4).blockPoolId());
  }
}
