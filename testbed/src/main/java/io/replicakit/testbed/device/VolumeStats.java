/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.io.Serializable;
import org.apache.hadoop.fs.StorageType;

/**
 * Cumulative counters of one emulated volume at one instant. Serializable: a DataNode process hands them to the
 * experiment over JMX. Rates (utilization, average wait) come from the
 * difference of two snapshots, as {@code iostat} derives them from {@code /proc/diskstats}.
 *
 * @param node DataNode name
 * @param storageId DataNode storage ID of the volume
 * @param type storage medium
 * @param readBytes bytes the device read for DataNode I/O (stream reads and zero-copy transfers to sockets);
 *     reads served by the node's page cache are not included (they are {@code cacheReadBytes}), as
 *     {@code iostat} would not see them
 * @param writeBytes bytes written by DataNode I/O
 * @param ops data I/O operations that reached the device (reads, writes, transfers); a read served entirely
 *     from the page cache is not one
 * @param busyNanos time the device spent serving requests, including injected background load
 * @param queueNanos total time requests waited behind other requests before being served
 * @param loadBytes bytes of injected background load
 * @param deviceIos every request the device served, background load included: what {@code iostat} would
 *     count on a shared disk
 * @param deviceIoNanos time all requests spent queued and in service, background load included
 * @param atNanos when the snapshot was taken (ticker time)
 * @param cacheReadBytes bytes of DataNode reads on this volume served by the node's emulated page cache
 *     ({@link PageCache}) without device time; always 0 when the cache is off
 * @param dirtyBytes bytes written to this volume that are still in memory, dirty or being written back
 *     ({@link WriteBack}; Linux's {@code Dirty:} plus {@code Writeback:} for one device); always 0 when the node
 *     writes through
 */
public record VolumeStats(
    String node,
    String storageId,
    StorageType type,
    long readBytes,
    long writeBytes,
    long ops,
    long busyNanos,
    long queueNanos,
    long loadBytes,
    long deviceIos,
    long deviceIoNanos,
    long atNanos,
    long cacheReadBytes,
    long dirtyBytes) implements Serializable {

  private static final long serialVersionUID = 2L;

  /** Counters of a volume without page-cache reads (the form before the page cache existed). */
  public VolumeStats(String node, String storageId, StorageType type, long readBytes, long writeBytes, long ops,
      long busyNanos, long queueNanos, long loadBytes, long deviceIos, long deviceIoNanos, long atNanos) {
    this(node, storageId, type, readBytes, writeBytes, ops, busyNanos, queueNanos, loadBytes, deviceIos,
        deviceIoNanos, atNanos, 0, 0);
  }

  /** Fraction of the time between {@code earlier} and this snapshot that the device was busy (0..1). */
  public double utilizationSince(VolumeStats earlier) {
    long elapsed = atNanos - earlier.atNanos;
    return elapsed <= 0 ? 0 : Math.min(1.0, (busyNanos - earlier.busyNanos) / (double) elapsed);
  }

  /** Mean queueing delay per operation between {@code earlier} and this snapshot, in milliseconds. */
  public double awaitMillisSince(VolumeStats earlier) {
    long ops = this.ops - earlier.ops;
    return ops <= 0 ? 0 : (queueNanos - earlier.queueNanos) / 1e6 / ops;
  }
}
