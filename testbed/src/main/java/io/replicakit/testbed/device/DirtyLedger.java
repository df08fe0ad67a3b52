/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The decisions of Linux's write-back for one machine, without threads or devices: which written bytes are still
 * only in memory (dirty), when a volume's flusher must write some of them to the device, and when a writer must
 * wait. {@link WriteBack} runs it against the emulated devices. Pure: callers pass the time.
 *
 * <p>What it keeps from Linux ({@code Documentation/admin-guide/sysctl/vm.rst}, {@code mm/page-writeback.c}):
 *
 * <ul>
 *   <li>A write only dirties memory. Below {@link Limits#limitBytes} ({@code vm.dirty_ratio} of the memory) the
 *       writer never waits for the device; past it, it waits until the flushers have written enough
 *       ({@code balance_dirty_pages}, here without its gradual slow-down between the two thresholds).
 *   <li>Above {@link Limits#backgroundBytes} ({@code vm.dirty_background_ratio}) the flushers write the oldest
 *       dirty data until the held bytes are back under it.
 *   <li>Below it, data dirty for longer than {@link Limits#expireNanos} ({@code vm.dirty_expire_centisecs}) is
 *       written by the periodic flush, which wakes every {@link Limits#intervalNanos}
 *       ({@code vm.dirty_writeback_centisecs}).
 *   <li>Each volume (a backing device) has its own flusher writing its own data, oldest first; the thresholds are
 *       the machine's.
 *   <li>{@code fsync} writes the file's dirty data at once ({@link #takeWriter}), not the rest of the volume's. The
 *       ledger knows no files; it knows who wrote: each write is recorded with its writer, and the caller makes
 *       one writer stand for one file (the testbed uses the writing thread, as a DataNode receives and syncs each
 *       replica on one thread).
 * </ul>
 *
 * <p>"Held" bytes are dirty plus under write-back (handed to a flusher, not yet on the device), what Linux
 * compares with its thresholds. Not thread-safe: {@link WriteBack} guards it.
 */
public final class DirtyLedger {

  /**
   * The thresholds of one machine.
   *
   * @param backgroundBytes held bytes above which the flushers write in the background
   * @param limitBytes held bytes past which writers wait; at least {@code backgroundBytes}
   * @param expireNanos age after which dirty data is written even below the background threshold
   * @param intervalNanos period of the flusher's wake-ups for expired data
   */
  public record Limits(long backgroundBytes, long limitBytes, long expireNanos, long intervalNanos) {

    /** Linux's default {@code vm.dirty_expire_centisecs}: 30 s. */
    public static final long DEFAULT_EXPIRE_NANOS = 30_000_000_000L;
    /** Linux's default {@code vm.dirty_writeback_centisecs}: 5 s. */
    public static final long DEFAULT_INTERVAL_NANOS = 5_000_000_000L;
    /** No memory for dirty data: every write waits for the device (the testbed before write-back). */
    public static final Limits WRITE_THROUGH = new Limits(0, 0, DEFAULT_EXPIRE_NANOS, DEFAULT_INTERVAL_NANOS);

    public Limits {
      if (backgroundBytes < 0 || limitBytes < backgroundBytes) {
        throw new IllegalArgumentException("need 0 <= background <= limit bytes, were " + backgroundBytes + ", "
            + limitBytes);
      }
      if (expireNanos <= 0 || intervalNanos <= 0) {
        throw new IllegalArgumentException("expire and interval must be > 0, were " + expireNanos + ", "
            + intervalNanos);
      }
    }

    /** Whether there is no room for dirty data (limit 0): writes go straight to the device. */
    public boolean writesThrough() {
      return limitBytes == 0;
    }
  }

  /**
   * Bytes of one volume handed to its flusher (or to an {@code fsync}), oldest first, and whose they are.
   *
   * @param writers the writers whose bytes the chunk holds (an {@code fsync} waits for chunks holding its own)
   */
  public record Chunk(String volume, long bytes, Set<Long> writers) {

    public Chunk {
      writers = Set.copyOf(writers);
    }
  }

  /** Bytes dirtied on one volume by one writer at about one time. */
  private static final class Extent {
    final long writer;
    final long dirtiedAt;
    long bytes;

    Extent(long writer, long dirtiedAt, long bytes) {
      this.writer = writer;
      this.dirtiedAt = dirtiedAt;
      this.bytes = bytes;
    }
  }

  private final Limits limits;
  private final long chunkBytes;
  /**
   * Writes of one writer closer together than this share an extent (and its dirtying time): bounds the extents
   * kept.
   */
  private final long mergeNanos;
  private final Map<String, ArrayDeque<Extent>> dirtyByVolume = new HashMap<>();
  private final Map<String, Long> writebackByVolume = new HashMap<>();
  /** Per writer, the chunks under write-back that hold some of its bytes. */
  private final Map<Long, Integer> chunksInFlight = new HashMap<>();
  private long dirty;
  private long writeback;
  /** Bytes of writers waiting for room: the flushers write on until they fit, whatever the background threshold. */
  private long waiting;

  /**
   * @param chunkBytes most bytes a flusher writes in one device request (reads queue behind one chunk at most)
   */
  public DirtyLedger(Limits limits, long chunkBytes) {
    if (chunkBytes <= 0) {
      throw new IllegalArgumentException("chunkBytes must be > 0, was " + chunkBytes);
    }
    this.limits = limits;
    this.chunkBytes = chunkBytes;
    this.mergeNanos = Math.max(1, limits.intervalNanos() / 100);
  }

  public Limits limits() {
    return limits;
  }

  /** Whether a writer may dirty {@code len} more bytes now: always when nothing is held, as Linux lets one in. */
  public boolean admits(long len) {
    long held = held();
    return held == 0 || held + len <= limits.limitBytes();
  }

  /**
   * Records that a writer of {@code len} bytes waits for room ({@link #admits} said no), or with a negative
   * {@code len} that it stopped waiting. While one waits, the flushers write even below the background threshold
   * (a write larger than the gap between the two thresholds would otherwise wait for the expiry).
   */
  public void waiting(long len) {
    waiting += len;
    if (waiting < 0) {
      throw new IllegalStateException("more writers stopped waiting than waited");
    }
  }

  /**
   * Records {@code len} bytes written to {@code volume} by {@code writer} at {@code now}: dirty until a flusher
   * takes them, or an fsync by the same writer ({@link #takeWriter}).
   */
  public void dirtied(String volume, long writer, long len, long now) {
    if (len <= 0) {
      return;
    }
    ArrayDeque<Extent> extents = dirtyByVolume.computeIfAbsent(volume, v -> new ArrayDeque<>());
    Extent last = extents.peekLast();
    if (last != null && last.writer == writer && now - last.dirtiedAt < mergeNanos) {
      last.bytes += len;
    } else {
      extents.addLast(new Extent(writer, now, len));
    }
    dirty += len;
  }

  /**
   * What {@code volume}'s flusher should write next at {@code now}: its oldest dirty bytes (at most a chunk) while
   * the machine holds more than the background threshold, while a waiting writer does not fit, or while they are
   * past their expiry at a periodic wake-up; else nothing. The bytes move from dirty to under write-back until
   * {@link #flushed}.
   */
  public Optional<Chunk> nextFlush(String volume, long now) {
    ArrayDeque<Extent> extents = dirtyByVolume.get(volume);
    if (extents == null || extents.isEmpty()) {
      return Optional.empty();
    }
    long held = held();
    boolean background = held > limits.backgroundBytes() || (waiting > 0 && held + waiting > limits.limitBytes());
    if (!background && now < expiryWake(extents.peekFirst())) {
      return Optional.empty();
    }
    return Optional.of(take(volume, extents, chunkBytes));
  }

  /**
   * When {@code volume}'s flusher should look again if {@link #nextFlush} gave nothing: the periodic wake-up at
   * which its oldest dirty bytes have expired, or {@code Long.MAX_VALUE} when it has none (a write wakes it).
   */
  public long nextWake(String volume) {
    ArrayDeque<Extent> extents = dirtyByVolume.get(volume);
    return extents == null || extents.isEmpty() ? Long.MAX_VALUE : expiryWake(extents.peekFirst());
  }

  /**
   * All of {@code writer}'s dirty bytes on {@code volume}, for its {@code fsync}; they are under write-back until
   * flushed. Other writers' data stays where it is in the flush order, as Linux's {@code fsync} of one file leaves
   * other files' dirty pages to the flusher.
   */
  public Optional<Chunk> takeWriter(String volume, long writer) {
    ArrayDeque<Extent> extents = dirtyByVolume.get(volume);
    if (extents == null) {
      return Optional.empty();
    }
    long taken = 0;
    for (Iterator<Extent> it = extents.iterator(); it.hasNext(); ) {
      Extent e = it.next();
      if (e.writer == writer) {
        taken += e.bytes;
        it.remove();
      }
    }
    return taken == 0 ? Optional.empty() : Optional.of(toWriteback(volume, taken, Set.of(writer)));
  }

  /** Records that {@code chunk} is on the device. */
  public void flushed(Chunk chunk) {
    long left = writebackByVolume.getOrDefault(chunk.volume(), 0L) - chunk.bytes();
    if (left < 0) {
      throw new IllegalStateException("flushed " + chunk + " beyond the " + (left + chunk.bytes())
          + " bytes under write-back");
    }
    if (left == 0) {
      writebackByVolume.remove(chunk.volume());
    } else {
      writebackByVolume.put(chunk.volume(), left);
    }
    writeback -= chunk.bytes();
    for (long writer : chunk.writers()) {
      chunksInFlight.computeIfPresent(writer, (w, n) -> n == 1 ? null : n - 1);
    }
  }

  /**
   * Whether some of {@code writer}'s bytes are under write-back: an {@code fsync} returns only once they are on
   * the device, as Linux's waits for the file's pages under write-back.
   */
  public boolean inFlight(long writer) {
    return chunksInFlight.containsKey(writer);
  }

  /** Dirty bytes not yet handed to a flusher: Linux's {@code Dirty:} in {@code /proc/meminfo}. */
  public long dirtyBytes() {
    return dirty;
  }

  /** Bytes handed to a flusher, not yet on the device: Linux's {@code Writeback:}. */
  public long writebackBytes() {
    return writeback;
  }

  /** Dirty and under write-back: what the thresholds are compared with. */
  public long held() {
    return dirty + writeback;
  }

  /** {@code volume}'s bytes dirty or under write-back. */
  public long held(String volume) {
    ArrayDeque<Extent> extents = dirtyByVolume.get(volume);
    long d = 0;
    if (extents != null) {
      for (Extent e : extents) {
        d += e.bytes;
      }
    }
    return d + writebackByVolume.getOrDefault(volume, 0L);
  }

  private long expiryWake(Extent oldest) {
    long expires = oldest.dirtiedAt + limits.expireNanos();
    long ticks = Math.floorDiv(expires, limits.intervalNanos());
    long wake = ticks * limits.intervalNanos();
    return wake < expires ? wake + limits.intervalNanos() : wake;
  }

  private Chunk take(String volume, ArrayDeque<Extent> extents, long most) {
    long taken = 0;
    Set<Long> writers = new HashSet<>();
    while (taken < most && !extents.isEmpty()) {
      Extent oldest = extents.peekFirst();
      long part = Math.min(oldest.bytes, most - taken);
      oldest.bytes -= part;
      taken += part;
      writers.add(oldest.writer);
      if (oldest.bytes == 0) {
        extents.removeFirst();
      }
    }
    return toWriteback(volume, taken, writers);
  }

  private Chunk toWriteback(String volume, long bytes, Set<Long> writers) {
    dirty -= bytes;
    writeback += bytes;
    writebackByVolume.merge(volume, bytes, Long::sum);
    for (long writer : writers) {
      chunksInFlight.merge(writer, 1, Integer::sum);
    }
    return new Chunk(volume, bytes, writers);
  }
}
