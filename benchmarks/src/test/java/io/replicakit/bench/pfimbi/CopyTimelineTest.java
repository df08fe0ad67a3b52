/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.junit.jupiter.api.Test;

class CopyTimelineTest {

  private static LocatedBlock block(long id) {
    return new LocatedBlock(new ExtendedBlock("BP-1", id, 1024, 1001), new DatanodeInfo[0]);
  }

  private static List<Long> ids(List<LocatedBlock> blocks) {
    return blocks.stream().map(b -> b.getBlock().getBlockId()).toList();
  }

  @Test
  void aLastBlockStillBeingWritten_isNotCounted_itsLocationsAreThePipelines() {
    LocatedBlocks writing = new LocatedBlocks(2048, true, List.of(block(1), block(2), block(3)), block(3), false,
        null, null);
    assertEquals(List.of(1L, 2L), ids(CopyTimeline.settled(writing)));
  }

  @Test
  void aClosedFile_orOneWhoseLastBlockIsComplete_countsEveryBlock() {
    LocatedBlocks closed = new LocatedBlocks(3072, false, List.of(block(1), block(2), block(3)), block(3), true,
        null, null);
    assertEquals(List.of(1L, 2L, 3L), ids(CopyTimeline.settled(closed)));
    LocatedBlocks empty = new LocatedBlocks(0, true, List.of(), null, false, null, null);
    assertEquals(List.of(), ids(CopyTimeline.settled(empty)));
  }
}
