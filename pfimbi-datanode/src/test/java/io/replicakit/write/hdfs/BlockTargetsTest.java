/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.junit.jupiter.api.Test;

/** Finding the node a NameNode added to a damaged block's replicas, whatever order it lists them in. */
class BlockTargetsTest {

  private static DatanodeInfo node(int i) {
    return new DatanodeInfoBuilder().setNodeID(new DatanodeID("10.0.0." + i, "dn" + i, "uuid-" + i, 9866, 9864,
        0, 9867)).build();
  }

  private static BlockTargets targets(int... ids) {
    DatanodeInfo[] nodes = new DatanodeInfo[ids.length];
    StorageType[] types = new StorageType[ids.length];
    String[] storages = new String[ids.length];
    for (int i = 0; i < ids.length; i++) {
      nodes[i] = node(ids[i]);
      types[i] = StorageType.DISK;
      storages[i] = "DS-" + ids[i];
    }
    return new BlockTargets(nodes, types, storages);
  }

  @Test
  void added_findsTheNewNode_wherever_theNameNodePutIt() {
    BlockTargets survivors = targets(1, 3);
    assertEquals(2, targets(1, 3, 7).added(survivors));
    assertEquals(0, targets(7, 1, 3).added(survivors), "the NameNode orders a pipeline by distance");
    assertEquals(1, targets(3, 7, 1).added(survivors));
  }

  @Test
  void added_isMinusOne_whenTheNameNodeHadNoNodeToGive() {
    assertEquals(-1, targets(1, 3).added(targets(1, 3)));
    assertEquals(-1, targets(1).added(targets(1, 3)));
  }

  @Test
  void added_isMinusOne_whenTheAnswerIsNotTheSurvivorsAndOneMore() {
    assertEquals(-1, targets(1, 7, 8).added(targets(1, 3)), "a survivor missing and two new");
    assertEquals(-1, targets(1, 3, 7, 8).added(targets(1, 3)), "two more");
  }

  @Test
  void without_keepsTheOrder_ofTheOthers() {
    BlockTargets left = targets(1, 2, 3).without(Set.of(1));
    assertEquals(node(1), left.nodes()[0]);
    assertEquals(node(3), left.nodes()[1]);
    assertEquals("DS-3", left.storageIds()[1]);
  }
}
