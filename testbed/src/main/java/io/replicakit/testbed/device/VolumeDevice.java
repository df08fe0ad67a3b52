/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongToDoubleFunction;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.util.DiskChecker.DiskOutOfSpaceException;

/**
 * One emulated device: the throughput limit of a DataNode volume plus its counters. Every read and write the
 * DataNode does on the volume, and any injected background load, draws from the same {@link TokenBucket}, so
 * concurrent streams contend for the device as they would for one physical disk.
 *
 * <p>When the node has a {@link PageCache}, DataNode reads are first served from it (no device time, counted as
 * {@link VolumeStats#cacheReadBytes()}) and only the rest reaches the device; writes fill the cache. With the
 * node's {@link WriteBack} on, a write only dirties memory and the node's flusher writes it to the device later
 * ({@link #flushWrite}), counted when the device writes it, as a disk's counters count; without it (the default)
 * the writer waits for the device (write-through).
 */
public final class VolumeDevice {

  /** Direction of a data I/O, as the device counts it. */
  public enum Io { READ, WRITE, LOAD }

  private final String node;
  private final String storageId;
  private final StorageType type;
  private final TokenBucket bucket;
  private final Ticker ticker;
  private final LongToDoubleFunction speedFactor;
  private final PageCache pageCache;
  private final WriteBack writeBack;
  private final LongAdder readBytes = new LongAdder();
  private final LongAdder writeBytes = new LongAdder();
  private final LongAdder loadBytes = new LongAdder();
  private final LongAdder ops = new LongAdder();
  private final LongAdder busyNanos = new LongAdder();
  private final LongAdder queueNanos = new LongAdder();
  private final LongAdder deviceIos = new LongAdder();
  private final LongAdder deviceIoNanos = new LongAdder();
  private final LongAdder cacheReadBytes = new LongAdder();
  private volatile boolean full;

  VolumeDevice(String node, String storageId, StorageType type, TokenBucket bucket, Ticker ticker,
      LongToDoubleFunction speedFactor) {
    this(node, storageId, type, bucket, ticker, speedFactor, PageCache.of(0));
  }

  VolumeDevice(String node, String storageId, StorageType type, TokenBucket bucket, Ticker ticker,
      LongToDoubleFunction speedFactor, PageCache pageCache) {
    this(node, storageId, type, bucket, ticker, speedFactor, pageCache, WriteBack.of(
        DirtyLedger.Limits.WRITE_THROUGH, ticker));
  }

  VolumeDevice(String node, String storageId, StorageType type, TokenBucket bucket, Ticker ticker,
      LongToDoubleFunction speedFactor, PageCache pageCache, WriteBack writeBack) {
    this.node = node;
    this.storageId = storageId;
    this.type = type;
    this.bucket = bucket;
    this.ticker = ticker;
    this.speedFactor = speedFactor;
    this.pageCache = pageCache;
    this.writeBack = writeBack;
  }

  /**
   * Accounts for {@code len} bytes of I/O and blocks the caller for as long as the device needs to serve it,
   * including the time spent queued behind other requests. A read takes what it can from the node's page cache
   * first (free, counted as {@link VolumeStats#cacheReadBytes()}); a read served entirely from the cache does
   * not reach the device and is not counted as an operation. A write also enters the page cache; with write-back
   * on it waits only while the node holds its limit of dirty data (the wait counted as queueing).
   */
  public void transfer(Io io, long len) throws InterruptedException {
    transfer(io, len, null);
  }

  /**
   * {@link #transfer(Io, long)} of {@code file} (null: unknown), which the page cache uses to serve a read from
   * that file's cached bytes only ({@link PageCache}).
   */
  public void transfer(Io io, long len, String file) throws InterruptedException {
    if (len <= 0) {
      return;
    }
    if (io == Io.READ) {
      long cached = pageCache.read(storageId, file, len);
      if (cached > 0) {
        cacheReadBytes.add(cached);
        len -= cached;
        if (len == 0) {
          return;
        }
      }
    } else if (io == Io.WRITE) {
      pageCache.written(storageId, file, len);
      if (writeBack.enabled()) {
        ops.increment();
        queueNanos.add(writeBack.write(this, writer(), len));
        return;
      }
    }
    long now = ticker.nanoTime();
    TokenBucket.Grant grant = bucket.reserve(len, speedFactor.applyAsDouble(now), now);
    switch (io) {
      case READ -> readBytes.add(len);
      case WRITE -> writeBytes.add(len);
      case LOAD -> loadBytes.add(len);
    }
    if (io != Io.LOAD) {
      ops.increment();
      queueNanos.add(grant.queueNanos(now));
    }
    busyNanos.add(grant.serviceNanos());
    deviceIos.increment();
    deviceIoNanos.add(grant.queueNanos(now) + grant.serviceNanos());
    ticker.sleepNanos(grant.sleepNanos(now));
  }

  /**
   * The node's flusher (or an fsync) writing {@code len} dirty bytes to the device: device time like any request,
   * in the same queue as reads, counted as written bytes and device I/O, not as a DataNode operation.
   */
  void flushWrite(long len) throws InterruptedException {
    long now = ticker.nanoTime();
    TokenBucket.Grant grant = bucket.reserve(len, speedFactor.applyAsDouble(now), now);
    writeBytes.add(len);
    busyNanos.add(grant.serviceNanos());
    deviceIos.increment();
    deviceIoNanos.add(grant.queueNanos(now) + grant.serviceNanos());
    ticker.sleepNanos(grant.sleepNanos(now));
  }

  /**
   * An {@code fsync} by the calling thread on this volume: returns once the data this thread wrote here is on the
   * device (at once without write-back, where every write already waited for the device). The emulation sees
   * no files, so the writing thread stands for the file: a DataNode receives each replica on one thread (its
   * {@code DataXceiver}) and syncs it from there ({@code BlockReceiver#flushOrSync}).
   */
  public void sync() throws InterruptedException {
    if (writeBack.enabled()) {
      ops.increment();
      long start = ticker.nanoTime();
      writeBack.sync(this, writer());
      queueNanos.add(ticker.nanoTime() - start);
    }
  }

  /** Who writes: the calling thread, standing for the file it writes (see {@link #sync}). */
  private static long writer() {
    return Thread.currentThread().getId();
  }

  /**
   * Makes the device refuse writes from now on, as a disk with no space left does: {@link #checkWritable} fails.
   * Reads still work (a full disk still serves the data it holds).
   */
  public void fill() {
    full = true;
  }

  /** Gives the device its space back: writes are accepted again. */
  public void clear() {
    full = false;
  }

  public boolean isFull() {
    return full;
  }

  /**
   * Fails when the device is {@link #fill full}, with the exception HDFS's own disk code raises when a volume has
   * no room ({@link DiskOutOfSpaceException}, an {@code IOException}), so a DataNode sees the failure it would
   * see on a real full disk.
   */
  public void checkWritable() throws DiskOutOfSpaceException {
    if (full) {
      throw new DiskOutOfSpaceException("No space left on device (emulated: volume " + storageId + " of " + node
          + " is full)");
    }
  }

  public VolumeStats stats() {
    return new VolumeStats(node, storageId, type, readBytes.sum(), writeBytes.sum(), ops.sum(),
        busyNanos.sum(), queueNanos.sum(), loadBytes.sum(), deviceIos.sum(), deviceIoNanos.sum(), ticker.nanoTime(),
        cacheReadBytes.sum(), writeBack.heldBytes(storageId));
  }

  public String node() {
    return node;
  }

  public String storageId() {
    return storageId;
  }

  public StorageType type() {
    return type;
  }

  public long bytesPerSec() {
    return bucket.bytesPerSec();
  }
}
