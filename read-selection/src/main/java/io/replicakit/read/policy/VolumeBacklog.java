/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The reads the NameNode has sent to each volume, as the time that volume would be idle again if it read them one
 * after another at its speed: the "virtual finish time" of fair queueing. Putting a block first on a volume adds the
 * block's read time; the volume works its backlog off in real time, so a volume that was sent nothing for a while
 * starts again from now. The NameNode cannot see the reads end; it orders every block any client reads, so this is
 * the one place that knows what every volume was handed, whatever the DataNodes last reported.
 *
 * <p>Lock-free on the read path: one {@link IdentityTable} probe per volume, one compare-and-set per block. An
 * estimate, not an account: two handlers choosing at once may both pick the volume that looked idle.
 */
final class VolumeBacklog {

  /** One volume's idle time; compared and set through {@link #IDLE_AT}. */
  static final class Entry {

    private static final VarHandle IDLE_AT;

    static {
      try {
        IDLE_AT = MethodHandles.lookup().findVarHandle(Entry.class, "idleAtMicros", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    final String storageId;
    private volatile long idleAtMicros = Long.MIN_VALUE;

    Entry(String storageId) {
      this.storageId = storageId;
    }

    /** When the volume would finish what it was sent, in the clock's microseconds (MIN_VALUE: never sent any). */
    long idleAtMicros() {
      return idleAtMicros;
    }

    void add(long costMicros, long nowMicros) {
      while (true) {
        long idle = idleAtMicros;
        if (IDLE_AT.compareAndSet(this, idle, after(idle, costMicros, nowMicros))) {
          return;
        }
      }
    }
  }

  private final IdentityTable<Entry> volumes = new IdentityTable<>(e -> e.storageId);

  /** The volume's entry, or null if nothing was ever sent to it. */
  Entry find(String storageId) {
    return volumes.get(storageId);
  }

  /** When a block of {@code costMicros} sent now to the volume would be read, in the clock's microseconds. */
  static long finishMicros(Entry entry, long costMicros, long nowMicros) {
    return after(entry == null ? Long.MIN_VALUE : entry.idleAtMicros(), costMicros, nowMicros);
  }

  /** A block's finish on a volume idle from {@code idleAtMicros}: it starts then, or now if that has passed. */
  private static long after(long idleAtMicros, long costMicros, long nowMicros) {
    return Math.max(idleAtMicros, nowMicros) + costMicros;
  }

  /** Records a block of {@code costMicros} sent to the volume now. */
  void add(String storageId, Entry known, long costMicros, long nowMicros) {
    Entry entry = known != null ? known : entryFor(storageId);
    entry.add(costMicros, nowMicros);
  }

  /** The volume's entry, made on first use (rare: once per volume the NameNode ever orders). */
  private synchronized Entry entryFor(String storageId) {
    Entry entry = volumes.get(storageId);
    if (entry == null) {
      entry = new Entry(storageId);
      volumes.put(entry);
    }
    return entry;
  }

  int size() {
    return volumes.size();
  }
}
