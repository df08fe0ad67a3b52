/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The balancer adaptor's list of HDFS internals against Hadoop 3.5.0 (the test class path). */
class BalancerInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals(List.of(), BalancerInternals.API.missing(DispatcherAdaptor.class.getClassLoader()));
  }

  @Test
  void list_namesEveryHadoopMemberTheAdaptorCalls() {
    assertEquals(List.of(), BalancerInternals.API.undeclared(DispatcherAdaptor.class, DispatcherAccess.class));
  }
}
