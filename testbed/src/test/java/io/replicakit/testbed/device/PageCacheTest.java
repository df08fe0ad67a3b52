/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PageCacheTest {

  @Test
  void disabledCache_neverServesAByte() {
    PageCache off = PageCache.of(0);
    assertFalse(off.enabled());
    off.written("DS-1", null, 1000);
    assertEquals(0, off.read("DS-1", null, 1000));
    assertEquals(0, off.cachedBytes());
  }

  @Test
  void negativeCapacity_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> PageCache.of(-1));
  }

  @Test
  void read_takesWhatIsCachedAndConsumesIt() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", null, 300);
    assertEquals(300, cache.read("DS-1", null, 500), "only the written bytes are cached");
    assertEquals(0, cache.read("DS-1", null, 500), "each cached byte serves one read");
    assertEquals(0, cache.cachedBytes());
  }

  @Test
  void capacity_keepsOnlyTheMostRecentlyWrittenBytes_acrossVolumes() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", null, 600);
    cache.written("DS-2", null, 600);
    assertEquals(1000, cache.cachedBytes());
    assertEquals(400, cache.cachedBytes("DS-1"), "the oldest 200 bytes of DS-1 fell out");
    assertEquals(600, cache.cachedBytes("DS-2"));
    cache.written("DS-2", null, 500);
    assertEquals(0, cache.cachedBytes("DS-1"));
    assertEquals(1000, cache.cachedBytes("DS-2"));
  }

  @Test
  void writeLargerThanTheCache_keepsItsLastCapacityBytes() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", null, 300);
    cache.written("DS-2", null, 5000);
    assertEquals(0, cache.cachedBytes("DS-1"));
    assertEquals(1000, cache.cachedBytes("DS-2"));
  }

  @Test
  void read_onOneVolume_neverHitsAnothersBytes() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", null, 500);
    assertEquals(0, cache.read("DS-2", null, 500));
    assertEquals(500, cache.cachedBytes("DS-1"));
  }

  @Test
  void read_takesTheNewestBytesFirst_soTheOldestRemainForEviction() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", null, 400); // oldest
    cache.written("DS-2", null, 200);
    cache.written("DS-1", null, 400); // newest
    assertEquals(400, cache.read("DS-1", null, 400));
    // DS-1's remaining 400 cached bytes are its oldest, ahead of DS-2's 200: 800 more bytes (400 over the
    // capacity) evict exactly them. Had the read taken DS-1's oldest bytes, DS-2's 200 would go first.
    cache.written("DS-2", null, 800);
    assertEquals(0, cache.cachedBytes("DS-1"));
    assertEquals(1000, cache.cachedBytes("DS-2"));
  }

  @Test
  void readOfANamedBlock_isServedOnlyFromThatBlocksBytes() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", "blk_1", 300);
    cache.written("DS-1", "blk_2", 300);
    assertEquals(300, cache.read("DS-1", "blk_1", 500), "blk_1's bytes, not blk_2's newer ones");
    assertEquals(0, cache.read("DS-1", "blk_3", 500), "a block never written here is not cached");
    assertEquals(300, cache.cachedBytes("DS-1"), "blk_2 is still cached");
  }

  @Test
  void blockPushedOutByNewerWrites_isReadFromTheDevice_theNewestIsNot() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", "blk_old", 500);
    cache.written("DS-1", "blk_mid", 500);
    cache.written("DS-1", "blk_new", 500);
    assertEquals(0, cache.read("DS-1", "blk_old", 500), "FIFO's pick: evicted, all from the device");
    assertEquals(500, cache.read("DS-1", "blk_new", 500), "LIFO's pick: all from memory");
  }

  @Test
  void readOfAnUnknownFile_takesTheVolumesNewestBytes_namedOrNot() {
    PageCache cache = PageCache.of(1000);
    cache.written("DS-1", "blk_1", 200);
    cache.written("DS-1", null, 300);
    assertEquals(400, cache.read("DS-1", null, 400));
    assertEquals(100, cache.read("DS-1", "blk_1", 400), "what the unknown read left of blk_1");
  }

  @Test
  void manyTinyInterleavedWrites_areBoundedByTheExtentLimit() {
    PageCache cache = PageCache.of(1L << 40);
    for (int i = 0; i < PageCache.MAX_EXTENTS + 10; i++) {
      cache.written(i % 2 == 0 ? "DS-1" : "DS-2", null, 1);
    }
    assertEquals(PageCache.MAX_EXTENTS, cache.cachedBytes());
  }
}
