/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Write-back of one emulated machine: DataNode writes land in memory ({@link DirtyLedger}) and a flusher thread
 * per volume writes them to the device later, drawing on the same {@link TokenBucket} as the node's reads, so
 * reads and flushing contend for the disk as they do under Linux. Why it exists: on a real DataNode a write
 * returns once it is in the page cache, and the disk works while the writer is not waiting (the Pfimbi thesis's
 * nodes, §5.1, and the idle-looking time its activity monitor measures and fills, §4.6). A write-through device
 * makes every foreground byte wait for the disk instead, a different machine.
 *
 * <p>Off ({@link #enabled()} false) when the limit is 0: the devices then write through, as before it existed.
 * The flushers use real time ({@link Object#wait(long)}) and so need the system {@link Ticker}.
 */
public final class WriteBack implements AutoCloseable {

  /**
   * Bytes a flusher writes per device request: a read waits behind at most one. Linux submits write-back in
   * requests of up to a few hundred KiB to a disk of ~100 MB/s; the testbed's disks are ~25 times slower.
   */
  static final long CHUNK_BYTES = 64 * 1024;

  private static final WriteBack OFF = new WriteBack(DirtyLedger.Limits.WRITE_THROUGH, Ticker.system());

  private final DirtyLedger ledger;
  private final Ticker ticker;
  private final Map<String, Thread> flushers = new HashMap<>();
  private boolean closed;

  private WriteBack(DirtyLedger.Limits limits, Ticker ticker) {
    this.ledger = new DirtyLedger(limits, CHUNK_BYTES);
    this.ticker = ticker;
  }

  /** Write-back with {@code limits}; write-through (the shared, stateless off instance) when their limit is 0. */
  public static WriteBack of(DirtyLedger.Limits limits, Ticker ticker) {
    return limits.writesThrough() ? OFF : new WriteBack(limits, ticker);
  }

  public boolean enabled() {
    return this != OFF;
  }

  public DirtyLedger.Limits limits() {
    return ledger.limits();
  }

  /**
   * A DataNode write of {@code len} bytes to {@code device} by {@code writer}: dirties memory and returns at once,
   * unless the machine holds its limit of dirty data, when it waits for the flushers first.
   *
   * @return the nanoseconds the writer waited
   */
  long write(VolumeDevice device, long writer, long len) throws InterruptedException {
    long start = ticker.nanoTime();
    synchronized (this) {
      if (!ledger.admits(len)) {
        awaitRoom(len);
      }
      ledger.dirtied(device.storageId(), writer, len, ticker.nanoTime());
      startFlusher(device);
      notifyAll();
    }
    return ticker.nanoTime() - start;
  }

  /** Waits, holding the lock, until {@code len} more bytes fit (or the node is closed); the flushers see the wait. */
  private void awaitRoom(long len) throws InterruptedException {
    ledger.waiting(len);
    notifyAll();
    try {
      while (!closed && !ledger.admits(len)) {
        wait();
      }
    } finally {
      ledger.waiting(-len);
    }
  }

  /**
   * {@code fsync} by {@code writer} on {@code device}'s volume: the writer's dirty data there is written now, on the
   * caller's time, in the device's queue with everything else, and the call returns once it is on the device.
   * Other writers' dirty data is left to the flusher, as Linux's {@code fsync} of one file leaves other files';
   * the writer's bytes a flusher has already taken are waited for.
   */
  void sync(VolumeDevice device, long writer) throws InterruptedException {
    Optional<DirtyLedger.Chunk> chunk;
    synchronized (this) {
      chunk = ledger.takeWriter(device.storageId(), writer);
    }
    if (chunk.isPresent()) {
      flush(device, chunk.get());
    }
    synchronized (this) {
      while (!closed && ledger.inFlight(writer)) {
        wait();
      }
    }
  }

  /** Dirty bytes of the machine not yet being written: Linux's {@code Dirty:}, what MemDisk reads. */
  public synchronized long dirtyBytes() {
    return ledger.dirtyBytes();
  }

  /** Bytes being written by a flusher or an fsync: Linux's {@code Writeback:}. */
  public synchronized long writebackBytes() {
    return ledger.writebackBytes();
  }

  /** Bytes of {@code storageId} dirty or being written. */
  public synchronized long heldBytes(String storageId) {
    return ledger.held(storageId);
  }

  /** Stops the flushers; data still dirty is dropped (it is on the real disk already: only time is emulated). */
  @Override
  public void close() {
    List<Thread> running;
    synchronized (this) {
      if (closed || !enabled()) {
        return;
      }
      closed = true;
      notifyAll();
      running = List.copyOf(flushers.values());
    }
    running.forEach(Thread::interrupt);
  }

  private void startFlusher(VolumeDevice device) {
    flushers.computeIfAbsent(device.storageId(), id -> {
      Thread t = new Thread(() -> flushLoop(device), "replicakit-testbed-flush-" + device.node() + "-" + id);
      t.setDaemon(true);
      t.start();
      return t;
    });
  }

  private void flushLoop(VolumeDevice device) {
    try {
      while (true) {
        Optional<DirtyLedger.Chunk> chunk = awaitWork(device.storageId());
        if (chunk.isEmpty()) {
          return;
        }
        flush(device, chunk.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until the ledger gives {@code volume}'s flusher something to write; empty once closed. */
  private synchronized Optional<DirtyLedger.Chunk> awaitWork(String volume) throws InterruptedException {
    while (!closed) {
      long now = ticker.nanoTime();
      Optional<DirtyLedger.Chunk> chunk = ledger.nextFlush(volume, now);
      if (chunk.isPresent()) {
        return chunk;
      }
      long wake = ledger.nextWake(volume);
      if (wake == Long.MAX_VALUE) {
        wait();
      } else {
        TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, wake - now));
      }
    }
    return Optional.empty();
  }

  /** Writes {@code chunk} on the device, then tells the ledger and whoever waits for room or for a sync. */
  private void flush(VolumeDevice device, DirtyLedger.Chunk chunk) throws InterruptedException {
    try {
      device.flushWrite(chunk.bytes());
    } finally {
      synchronized (this) {
        ledger.flushed(chunk);
        notifyAll();
      }
    }
  }
}
