/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlacementMetricsTest {

  private static final String NAME = "ReplicaKitPlacementMetricsTest";

  @AfterEach
  void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(NAME);
  }

  /**
   * {@code dfs.block.replicator.classname} reconfigured: the NameNode builds a new policy, whose source takes the
   * old one's name, so that JMX shows the counters of the policy that decides.
   */
  @Test
  void policyBuiltAgain_replacesTheEarlierPolicysSource() throws Exception {
    boolean mini = DefaultMetricsSystem.inMiniClusterMode();
    DefaultMetricsSystem.setMiniClusterMode(false); // a NameNode's process: one source per name
    try {
      rebuiltPolicy_replacesTheSource();
    } finally {
      DefaultMetricsSystem.setMiniClusterMode(mini);
    }
  }

  private static void rebuiltPolicy_replacesTheSource() throws Exception {
    PlacementMetrics first = new PlacementMetrics(NAME, "test");
    first.choice();
    await(() -> first.registeredAs() != null);
    PlacementMetrics second = new PlacementMetrics(NAME, "test");
    second.choice();
    await(() -> DefaultMetricsSystem.instance().getSource(NAME) == second);
    assertSame(second, DefaultMetricsSystem.instance().getSource(NAME));
  }

  /**
   * Registration runs on a thread of its own: a first decision taken under the namesystem's lock (excess replicas
   * at a lease recovery) does not wait for the metrics system, whose timer may be sampling a NameNode source that
   * waits for the lease manager: a deadlock.
   */
  @Test
  void firstDecision_whileTheMetricsSystemIsBusy_doesNotWaitForIt() throws Exception {
    PlacementMetrics metrics = new PlacementMetrics(NAME, "test");
    Object system = DefaultMetricsSystem.instance();
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread timer = new Thread(() -> {
      synchronized (system) { // as its timer holds it while sampling
        held.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    timer.start();
    held.await();
    try {
      CompletableFuture.runAsync(metrics::deletion).get(5, TimeUnit.SECONDS);
    } finally {
      release.countDown();
      timer.join();
    }
    await(() -> metrics.registeredAs() != null);
    assertSame(metrics, DefaultMetricsSystem.instance().getSource(NAME));
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "not within 10 s");
      Thread.sleep(10);
    }
  }
}
