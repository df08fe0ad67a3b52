/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The topology adaptor's list of Hadoop internals against the Hadoop it is built for (3.5.0, the test class path). */
class TopologyInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), TopologyInternals.API.missing(ReplicaKitNetworkTopology.class.getClassLoader()));
    assertDoesNotThrow(() -> TopologyInternals.API.check());
  }

  @Test
  void list_namesEveryHadoopMemberTheTopologyCalls() {
    assertEquals(List.of(), TopologyInternals.API.undeclared(ReplicaKitNetworkTopology.class));
  }
}
