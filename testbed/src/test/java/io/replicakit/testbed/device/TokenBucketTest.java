/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

  private static final long MB = 1_000_000;

  @Test
  void singleRequest_takesLenOverRate() {
    TokenBucket bucket = new TokenBucket(10 * MB, 0);
    TokenBucket.Grant g = bucket.reserve(5 * MB, 1.0, 0);
    assertEquals(500_000_000L, g.serviceNanos());
    assertEquals(500_000_000L, g.sleepNanos(0));
    assertEquals(0, g.queueNanos(0));
  }

  @Test
  void concurrentRequests_areServedInArrivalOrder_andQueue() {
    TokenBucket bucket = new TokenBucket(10 * MB, 0);
    bucket.reserve(5 * MB, 1.0, 0);
    TokenBucket.Grant second = bucket.reserve(5 * MB, 1.0, 0);
    assertEquals(500_000_000L, second.queueNanos(0));
    assertEquals(1_000_000_000L, second.sleepNanos(0));
  }

  @Test
  void twoInterleavedStreams_eachGetHalfTheRate() {
    TokenBucket bucket = new TokenBucket(10 * MB, 0);
    long nowA = 0;
    long nowB = 0;
    for (int i = 0; i < 100; i++) {
      long now = Math.min(nowA, nowB);
      if (nowA <= nowB) {
        nowA = now + bucket.reserve(MB / 10, 1.0, now).sleepNanos(now);
      } else {
        nowB = now + bucket.reserve(MB / 10, 1.0, now).sleepNanos(now);
      }
    }
    // 50 requests of 0.1 MB each per stream at 10 MB/s shared: each stream ends near 1 s.
    assertEquals(1.0, nowA / 1e9, 0.02);
    assertEquals(1.0, nowB / 1e9, 0.02);
  }

  @Test
  void idleDevice_servesUpToOneBurstAtOnce() {
    TokenBucket bucket = new TokenBucket(10 * MB, MB);
    long now = 5_000_000_000L;
    assertEquals(0, bucket.reserve(MB, 1.0, now).sleepNanos(now));
    assertEquals(100_000_000L, bucket.reserve(MB, 1.0, now).sleepNanos(now));
  }

  @Test
  void burst_doesNotAccumulateBeyondItsSize() {
    TokenBucket bucket = new TokenBucket(10 * MB, MB);
    long now = 60_000_000_000L;
    TokenBucket.Grant g = bucket.reserve(3 * MB, 1.0, now);
    assertEquals(200_000_000L, g.sleepNanos(now));
  }

  @Test
  void speedFactor_slowsService() {
    TokenBucket bucket = new TokenBucket(10 * MB, 0);
    assertEquals(2_000_000_000L, bucket.reserve(5 * MB, 0.25, 0).serviceNanos());
  }

  @Test
  void nonPositiveRate_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 0));
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(1, -1));
  }
}
