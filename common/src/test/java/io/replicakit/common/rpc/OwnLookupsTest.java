/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.rpc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.ipc.CallerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OwnLookupsTest {

  @AfterEach
  void unmark() {
    CallerContext.setCurrent(null);
  }

  @Test
  void aMarkedThread_andTheThreadsItStarts_areOwnLookups() throws InterruptedException {
    OwnLookups.markThisThread("pfimbi-coordinator");
    assertTrue(OwnLookups.servingOwnLookup());
    AtomicBoolean child = new AtomicBoolean();
    Thread t = new Thread(() -> child.set(OwnLookups.servingOwnLookup()));
    t.start();
    t.join();
    assertTrue(child.get(), "inherited");
  }

  @Test
  void aScopedMark_putsBackTheContextTheThreadHad() {
    CallerContext job = new CallerContext.Builder("mr_job_1").build();
    CallerContext.setCurrent(job);
    try (OwnLookups.Marked marked = OwnLookups.mark("placement-report")) {
      assertTrue(OwnLookups.servingOwnLookup());
    }
    assertSame(job, CallerContext.getCurrent());
  }

  @Test
  void noContext_orAnotherApplicationsContext_isNotAnOwnLookup() {
    assertFalse(OwnLookups.servingOwnLookup());
    CallerContext.setCurrent(new CallerContext.Builder("mr_job_1700000000000_0001").build());
    assertFalse(OwnLookups.servingOwnLookup());
    CallerContext.setCurrent(new CallerContext.Builder("hive:replicakit:query").build());
    assertFalse(OwnLookups.servingOwnLookup(), "the mark must lead");
  }

  @Test
  void aContextTheRouterExtended_isStillAnOwnLookup() {
    CallerContext.setCurrent(new CallerContext.Builder(OwnLookups.PREFIX + "report")
        .append("clientIp", "10.0.0.9").build());
    assertTrue(OwnLookups.servingOwnLookup());
  }
}
