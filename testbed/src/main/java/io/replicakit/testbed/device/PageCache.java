/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * The operating system's page cache of one DataNode machine, reduced to what the device hook can see. Off
 * (capacity 0) unless the spec's {@code page.cache.mib} sets it; a disabled cache never serves a byte, so the
 * devices behave exactly as without one.
 *
 * <p>The hook ({@code beforeFileIo(volume, op, len)}) knows the volume and the length of each I/O, and the caller
 * may name the file (the testbed's hook names the block the DataNode thread is moving, when it can tell; see
 * {@code HadoopInternals.currentBlock}). No offsets, so the model counts bytes, not pages:
 *
 * <ul>
 *   <li>Every byte the DataNode writes enters the cache, tagged with its volume and file and ordered by write
 *       time. The cache is one per node, as the OS cache is one per machine: the writes of all the node's volumes
 *       share its capacity, and when they exceed it the oldest bytes fall out (FIFO by write time).
 *   <li>A read of a named file is served from that file's cached bytes, as far as they go; the rest goes to the
 *       device. So a block read back soon after it was written costs no device time, and one read after newer
 *       writes pushed it out costs its full length: the difference between forwarding the newest and the oldest
 *       waiting block (the Pfimbi thesis's LIFO and FIFO queues, §4.6.2, Tables 5.3 and 5.4).
 *   <li>A read whose file is unknown is served from its volume's cached bytes, most recently written first: the
 *       guess that reads follow the writes closely, which holds for replication of fresh data and not for reads
 *       of old data.
 *   <li>A read never hits another volume's bytes. Each cached byte serves one read and then leaves the model, so
 *       a write of N bytes saves at most N bytes of device reads.
 * </ul>
 *
 * <p>Leave the cache off (0) for read experiments of old data. Background load ({@link BackgroundLoad}) is another
 * tenant's direct I/O: it neither fills nor evicts the cache.
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

  /** Cached, unread bytes written contiguously (in write order) to one file of one volume. */
  private static final class Extent {
    final String volume;
    /** The file, or null when the writer was not known. */
    final String file;
    long bytes;

    Extent(String volume, String file, long bytes) {
      this.volume = volume;
      this.file = file;
      this.bytes = bytes;
    }

    boolean holds(String v, String f) {
      return volume.equals(v) && Objects.equals(file, f);
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

  /**
   * Adds {@code len} bytes written to {@code file} (null: unknown) on {@code volume}, evicting the oldest cached
   * bytes beyond the capacity.
   */
  void written(String volume, String file, long len) {
    if (!enabled() || len <= 0) {
      return;
    }
    synchronized (this) {
      long kept = Math.min(len, capacityBytes);
      Extent last = extents.peekLast();
      if (last != null && last.holds(volume, file)) {
        last.bytes += kept;
      } else {
        extents.addLast(new Extent(volume, file, kept));
      }
      cachedByVolume.merge(volume, kept, Long::sum);
      cachedBytes += kept;
      evict();
    }
  }

  /**
   * Serves as much of a {@code len}-byte read of {@code file} on {@code volume} as that file's cached bytes allow
   * (with {@code file} null: the volume's, newest first) and removes them from the cache.
   *
   * @return the bytes served from the cache, 0 to {@code len}; the rest is the device's
   */
  long read(String volume, String file, long len) {
    if (!enabled() || len <= 0) {
      return 0;
    }
    synchronized (this) {
      if (cachedByVolume.getOrDefault(volume, 0L) == 0) {
        return 0;
      }
      long need = len;
      for (Iterator<Extent> it = extents.descendingIterator(); it.hasNext() && need > 0; ) {
        Extent e = it.next();
        if (!e.volume.equals(volume) || (file != null && !file.equals(e.file))) {
          continue;
        }
        long take = Math.min(need, e.bytes);
        e.bytes -= take;
        need -= take;
        if (e.bytes == 0) {
          it.remove();
        }
      }
      long served = len - need;
      remove(volume, served);
      return served;
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
