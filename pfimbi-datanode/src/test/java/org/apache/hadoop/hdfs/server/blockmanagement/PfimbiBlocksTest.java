/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.protocol.Block;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The excess-deletion veto's match: HDFS tells the placement policy a block's replicas and expected replication,
 * not the block, so a protected block is recognised by its storages and its replication.
 */
class PfimbiBlocksTest {

  private final DatanodeStorageInfo s1 = DFSTestUtil.createDatanodeStorageInfo("s1", "127.0.0.1");
  private final DatanodeStorageInfo s2 = DFSTestUtil.createDatanodeStorageInfo("s2", "127.0.0.2");
  private final DatanodeStorageInfo s3 = DFSTestUtil.createDatanodeStorageInfo("s3", "127.0.0.3");
  private final BlockInfo copied = stored(1, (short) 1, s1, s2, s3); // written at s=1, its copies landed

  private static BlockInfo stored(long id, short replication, DatanodeStorageInfo... storages) {
    BlockInfo b = new BlockInfoContiguous(new Block(id, 1024, 1001), replication);
    for (DatanodeStorageInfo s : storages) {
      b.addStorage(s, b);
    }
    return b;
  }

  @AfterEach
  void releaseAll() {
    PfimbiBlocks.get().release(copied.getBlockId());
  }

  @Test
  void protectedBlock_isRecognised_byItsReplicas_alsoWhenHdfsOffersFewer() {
    PfimbiBlocks.get().protect(copied);
    assertTrue(PfimbiBlocks.get().isInBackgroundReplication(List.of(s1, s2, s3), 1));
    assertTrue(PfimbiBlocks.get().isInBackgroundReplication(List.of(s1, s3), 1),
        "a replica out of service or already excess is not offered");
  }

  @Test
  void anotherBlockOnTheSameStorages_withAnotherReplication_isNotVetoed() {
    PfimbiBlocks.get().protect(copied);
    assertFalse(PfimbiBlocks.get().isInBackgroundReplication(List.of(s1, s2, s3), 2),
        "a replication-2 block with one replica too many");
    assertFalse(PfimbiBlocks.get().isInBackgroundReplication(List.of(s1, s2,
        DFSTestUtil.createDatanodeStorageInfo("s4", "127.0.0.4")), 1), "a storage the protected block is not on");
  }

  @Test
  void releasedBlock_isNotVetoed() {
    PfimbiBlocks.get().protect(copied);
    PfimbiBlocks.get().release(copied.getBlockId());
    assertFalse(PfimbiBlocks.get().isInBackgroundReplication(List.of(s1, s2, s3), 1));
  }
}
