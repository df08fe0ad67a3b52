/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.metrics.datanode.DataNodeVolumes;
import java.util.List;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The DataNode adaptor's list of Hadoop internals against the Hadoop it is built for (3.5.0, the test class path). */
class DataNodeInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), DataNodeInternals.API.missing(DataNodeAdaptor.class.getClassLoader()));
    assertDoesNotThrow(DataNodeAdaptor::checkInternals);
  }

  @Test
  void list_namesEveryHadoopMemberTheAdaptorAndItsHelpersCall() {
    assertEquals(List.of(), DataNodeInternals.API.undeclared(DataNodeAdaptor.class, BlockIo.class, BlockData.class,
        BlockTransfers.class, DataNodeVolumes.class));
  }
}
