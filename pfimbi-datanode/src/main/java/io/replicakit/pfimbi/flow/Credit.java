/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Room for one background block in a {@link CreditBuffer} (thesis §4.2.3): the receiver holds a credit from the
 * moment it asks the upstream node for the block until the block is on disk (or the transfer failed). Releasing
 * it twice frees the room once.
 */
public final class Credit implements AutoCloseable {

  private final CreditBuffer owner;
  private final long bytes;
  private final AtomicBoolean released = new AtomicBoolean();

  Credit(CreditBuffer owner, long bytes) {
    this.owner = owner;
    this.bytes = bytes;
  }

  /** The bytes reserved: the announced block length. */
  public long bytes() {
    return bytes;
  }

  public boolean isReleased() {
    return released.get();
  }

  /** Same as {@code owner.release(this)}, for try-with-resources. */
  @Override
  public void close() {
    owner.release(this);
  }

  boolean markReleased() {
    return released.compareAndSet(false, true);
  }

  CreditBuffer owner() {
    return owner;
  }
}
