/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class VolumeBacklogTest {

  @Test
  void aVolumeNeverSentAnything_finishesABlockAfterItsReadTime() {
    VolumeBacklog backlog = new VolumeBacklog();
    assertEquals(1_050, VolumeBacklog.finishMicros(backlog.find("v"), 50, 1_000));
  }

  @Test
  void blocksQueueUp_andTheBacklogDrainsInRealTime() {
    VolumeBacklog backlog = new VolumeBacklog();
    backlog.add("v", null, 100, 1_000);
    backlog.add("v", backlog.find("v"), 100, 1_000);
    assertEquals(1_200, backlog.find("v").idleAtMicros());
    assertEquals(1_250, VolumeBacklog.finishMicros(backlog.find("v"), 50, 1_150), "50 still queued, then 50");
    assertEquals(5_050, VolumeBacklog.finishMicros(backlog.find("v"), 50, 5_000), "drained: from now");
    backlog.add("v", backlog.find("v"), 10, 5_000);
    assertEquals(5_010, backlog.find("v").idleAtMicros());
  }

  @Test
  void concurrentAdds_loseNoBlock() throws Exception {
    VolumeBacklog backlog = new VolumeBacklog();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        done.add(pool.submit(() -> {
          for (int i = 0; i < 25_000; i++) {
            backlog.add("v" + (i % 3), backlog.find("v" + (i % 3)), 2, 0);
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(3, backlog.size());
    long total = 0;
    for (int v = 0; v < 3; v++) {
      total += backlog.find("v" + v).idleAtMicros();
    }
    assertEquals(4 * 25_000 * 2, total);
  }
}
