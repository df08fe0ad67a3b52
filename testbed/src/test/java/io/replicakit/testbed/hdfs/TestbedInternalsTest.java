/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The testbed adaptor's list of Hadoop internals against the Hadoop it is built for (3.5.0, the class path). */
class TestbedInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), TestbedInternals.API.missing(HadoopInternals.class.getClassLoader()));
    assertDoesNotThrow(() -> TestbedInternals.API.check());
  }

  @Test
  void list_namesEveryHadoopMemberTheAdaptorAndItsFactoryCall() {
    assertEquals(List.of(), TestbedInternals.API.undeclared(HadoopInternals.class, EmulatedFsDatasetFactory.class));
  }
}
