/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import java.util.Optional;

/**
 * The receiver's in-memory buffer for background blocks, managed with credits (thesis §4.2.3). A node asks an
 * upstream node for a block only after reserving room for it here, so the buffer never overflows and the node is
 * never forced to write or drop data at a busy moment; keeping it nearly full means a block is at hand the moment
 * the disk goes idle.
 *
 * <p>Room is counted both in blocks (the thesis's limit, 16 by default) and in bytes (our addition, because a
 * block's size is set per file and may be far above the default 128 MiB). A block larger than the byte capacity
 * is still admitted into an empty buffer, or it could never be replicated. Thread-safe.
 */
public final class CreditBuffer {

  public static final int DEFAULT_CAPACITY_BLOCKS = 16;

  private final int capacityBlocks;
  private final long capacityBytes;
  private int reservedBlocks;
  private long reservedBytes;

  public CreditBuffer(int capacityBlocks, long capacityBytes) {
    if (capacityBlocks < 1) {
      throw new IllegalArgumentException("capacityBlocks must be >= 1, was " + capacityBlocks);
    }
    if (capacityBytes < 1) {
      throw new IllegalArgumentException("capacityBytes must be >= 1, was " + capacityBytes);
    }
    this.capacityBlocks = capacityBlocks;
    this.capacityBytes = capacityBytes;
  }

  /** A credit for a block of {@code blockBytes}, or empty if the buffer has no room for it now. */
  public synchronized Optional<Credit> tryReserve(long blockBytes) {
    if (blockBytes < 0) {
      throw new IllegalArgumentException("blockBytes must be >= 0, was " + blockBytes);
    }
    if (!fits(blockBytes)) {
      return Optional.empty();
    }
    reservedBlocks++;
    reservedBytes += blockBytes;
    return Optional.of(new Credit(this, blockBytes));
  }

  /**
   * Frees the credit's room.
   *
   * @return false if it was already released
   * @throws IllegalArgumentException if the credit belongs to another buffer
   */
  public synchronized boolean release(Credit credit) {
    if (credit.owner() != this) {
      throw new IllegalArgumentException("credit belongs to another buffer");
    }
    if (!credit.markReleased()) {
      return false;
    }
    reservedBlocks--;
    reservedBytes -= credit.bytes();
    return true;
  }

  /** Whether a block of {@code blockBytes} would be admitted now. */
  public synchronized boolean hasRoomFor(long blockBytes) {
    return fits(blockBytes);
  }

  public synchronized int reservedBlocks() {
    return reservedBlocks;
  }

  public synchronized long reservedBytes() {
    return reservedBytes;
  }

  public synchronized int freeBlocks() {
    return capacityBlocks - reservedBlocks;
  }

  /** Free bytes; 0 (never negative) after an oversized block was admitted. */
  public synchronized long freeBytes() {
    return Math.max(0, capacityBytes - reservedBytes);
  }

  public int capacityBlocks() {
    return capacityBlocks;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  private boolean fits(long blockBytes) {
    if (reservedBlocks == 0) {
      return true;
    }
    return reservedBlocks < capacityBlocks && blockBytes <= capacityBytes - reservedBytes;
  }
}
