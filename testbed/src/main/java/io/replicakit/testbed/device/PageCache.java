/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The operating system's page cache of one DataNode machine, reduced to what the device hook can see. Off
 * (capacity 0) unless the spec's {@code page.cache.mib} sets it; a disabled cache never serves a byte, so the
 * devices behave exactly as without one.
 *
 * <p>The hook ({@code beforeFileIo(volume, op, len)}) knows the volume and the length of each I/O but not the
 * file, so the cache cannot tell which block a read is for. It models "recently written data" instead:
 *
 * <ul>
 *   <li>Every byte the DataNode writes enters the cache, tagged with its volume and ordered by write time. The
 *       cache is one per node, as the OS cache is one per machine: the writes of all the node's volumes share
 *       its capacity, and when they exceed it the oldest bytes fall out (FIFO by write time).
 *   <li>A read on a volume is served from that volume's cached bytes, most recently written first, as far as
 *       they go; the rest goes to the device. A read never hits another volume's bytes (they are other files).
 *   <li>Each cached byte serves one read and then leaves the model, so a write of N bytes saves at most N bytes
 *       of device reads. Without that, any cached byte would make every later read of the volume free.
 * </ul>
 *
 * <p>The assumption that reads hit the most recently written data holds for replication of fresh data (the
 * node writes a block, then reads it back a moment later to forward it: Pfimbi's background pipelines,
 * re-replication of just-written blocks), which is what the cache is for. It does not hold for reads of old
 * data, which a real cache would miss: a node that keeps writing while clients read old blocks from the same
 * volume would see those reads served from the cache. Nor does it hold for a replication backlog that lags more
 * than the capacity behind the writes: a real cache would have evicted the blocks it reads, the model serves
 * them from the newest writes. Leave the cache off (0) for read experiments. Background
 * load ({@link BackgroundLoad}) is another tenant's direct I/O: it neither fills nor evicts the cache.
 *
 * <p>Thread-safe; all state is guarded by the instance lock.
 */
public final class PageCache {

  /**
   * Most extents tracked; beyond it the oldest are dropped early (their bytes then count as misses). Writes
   * come in packets of tens of KiB, so this only bounds pathological streams of tiny interleaved writes.
   */
  static final int MAX_EXTENTS = 1 << 16;

  private static final PageCache DISABLED = new PageCache(0);

  /** Cached, unread bytes written contiguously (in write order) to one volume. */
  private static final class Extent {
    final String volume;
    long bytes;

    Extent(String volume, long bytes) {
      this.volume = volume;
      this.bytes = bytes;
    }
  }

  private final long capacityBytes;
  /** Oldest first. */
  private final ArrayDeque<Extent> extents = new ArrayDeque<>();
  private final Map<String, Long> cachedByVolume = new HashMap<>();
  private long cachedBytes;

  private PageCache(long capacityBytes) {
    this.capacityBytes = capacityBytes;
  }

  /** A cache of {@code capacityBytes}; 0 gives the disabled cache. */
  public static PageCache of(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("page cache capacity must be >= 0 bytes, was " + capacityBytes);
    }
    return capacityBytes == 0 ? DISABLED : new PageCache(capacityBytes);
  }

  public boolean enabled() {
    return capacityBytes > 0;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  /** Adds {@code len} bytes written to {@code volume}, evicting the oldest cached bytes beyond the capacity. */
  void written(String volume, long len) {
    if (!enabled() || len <= 0) {
      return;
    }
    synchronized (this) {
      long kept = Math.min(len, capacityBytes);
      Extent last = extents.peekLast();
      if (last != null && last.volume.equals(volume)) {
        last.bytes += kept;
      } else {
        extents.addLast(new Extent(volume, kept));
      }
      cachedByVolume.merge(volume, kept, Long::sum);
      cachedBytes += kept;
      evict();
    }
  }

  /**
   * Serves as much of a {@code len}-byte read on {@code volume} as its cached bytes allow, newest first, and
   * removes them from the cache.
   *
   * @return the bytes served from the cache, 0 to {@code len}; the rest is the device's
   */
  long read(String volume, long len) {
    if (!enabled() || len <= 0) {
      return 0;
    }
    synchronized (this) {
      long available = cachedByVolume.getOrDefault(volume, 0L);
      if (available == 0) {
        return 0;
      }
      long wanted = Math.min(len, available);
      long need = wanted;
      for (Iterator<Extent> it = extents.descendingIterator(); it.hasNext() && need > 0; ) {
        Extent e = it.next();
        if (!e.volume.equals(volume)) {
          continue;
        }
        long take = Math.min(need, e.bytes);
        e.bytes -= take;
        need -= take;
        if (e.bytes == 0) {
          it.remove();
        }
      }
      remove(volume, wanted);
      return wanted;
    }
  }

  /** Cached bytes not yet read, of all the node's volumes. */
  public synchronized long cachedBytes() {
    return cachedBytes;
  }

  /** Cached bytes not yet read, written to {@code volume}. */
  public synchronized long cachedBytes(String volume) {
    return cachedByVolume.getOrDefault(volume, 0L);
  }

  private void evict() {
    while (cachedBytes > capacityBytes || extents.size() > MAX_EXTENTS) {
      Extent oldest = extents.peekFirst();
      long drop = extents.size() > MAX_EXTENTS ? oldest.bytes : Math.min(oldest.bytes, cachedBytes - capacityBytes);
      oldest.bytes -= drop;
      if (oldest.bytes == 0) {
        extents.removeFirst();
      }
      remove(oldest.volume, drop);
    }
  }

  private void remove(String volume, long bytes) {
    cachedBytes -= bytes;
    long left = cachedByVolume.getOrDefault(volume, 0L) - bytes;
    if (left == 0) {
      cachedByVolume.remove(volume);
    } else {
      cachedByVolume.put(volume, left);
    }
  }
}
