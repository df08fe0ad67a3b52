/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiBlocks;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The NameNode adaptor's list of Hadoop internals against the Hadoop it is built for (3.5.0, the test class path). */
class NameNodeInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), NameNodeInternals.API.missing(NameNodeAdaptor.class.getClassLoader()));
    assertDoesNotThrow(NameNodeAdaptor::checkInternals);
  }

  @Test
  void list_namesEveryHadoopMemberTheAdaptorAndItsHelpersCall() {
    assertEquals(List.of(), NameNodeInternals.API.undeclared(NameNodeAdaptor.class, PfimbiPlacementPolicy.class,
        PfimbiBlocks.class));
  }
}
