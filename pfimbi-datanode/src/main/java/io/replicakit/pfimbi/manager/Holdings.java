/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import io.replicakit.pfimbi.flow.Credit;
import io.replicakit.pfimbi.flow.CreditBuffer;
import io.replicakit.pfimbi.flow.FlowRegulator;
import io.replicakit.pfimbi.flow.FlushDecision;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.sched.BlockNotice;
import io.replicakit.pfimbi.sched.TwoLevelWfq;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What one {@link ReplicationManager} holds, from a notice's acceptance to its block's release, under one lock:
 * the notices queued in the scheduler, the one chosen and waiting for a credit, the blocks fetched into the buffer
 * and waiting for the regulator, and the bytes all of them will need on disk. Admission (the queue bound and the
 * free-space check) is decided here against that state; the manager's two worker threads take work from here and
 * hand it back, and only they move data.
 *
 * <p>A notice for a block already held here (same generation stamp and length) replaces the held one's plan (its
 * downstream nodes, read when the stored block is forwarded) instead of being refused: the coordinator that sent it
 * has forgotten the first one (a NameNode restart or failover, or a block started again after it lost a copy) and
 * waits for the targets it now names. The block is still fetched and written once.
 */
final class Holdings {

  /** A block taken from the scheduler with its credit: the fetcher's next job. */
  record Reserved(BlockAvailable notice, Credit credit) {}

  /** A fetched block in the buffer. */
  record Buffered(BlockAvailable notice, Object data, Credit credit) {}

  /** A buffered block the regulator let through, and why: the writer's next job. */
  record Writable(Buffered block, FlushDecision decision) {}

  /** The figures a status snapshot takes from here. */
  record Counts(int queued, int buffered, long bufferedBytes, long refused, long dropped, long refusedNoSpace,
      long renoticed) {}

  private final String storageType;
  private final TwoLevelWfq scheduler;
  private final CreditBuffer buffer;
  private final int maxQueued;
  private final FailedBlocks failedBlocks;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition work = lock.newCondition();
  private final Map<Long, BlockAvailable> notices = new HashMap<>();
  /** Blocks accepted and not yet written or dropped (queued, chosen, fetched, buffered, being written): bytes. */
  private final Map<Long, Long> active = new HashMap<>();
  /** The latest notice of every active block: what its forward follows. */
  private final Map<Long, BlockAvailable> plans = new HashMap<>();
  private long activeBytes;
  private final ArrayDeque<Buffered> ready = new ArrayDeque<>();
  private BlockAvailable pending;
  private long sequence;
  private long refused;
  private long dropped;
  private long refusedNoSpace;
  private long renoticed;
  /** Why the holdings were dropped for good ({@link #dropAll}); null while the manager works. */
  private String droppedFor;

  Holdings(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, int maxQueued,
      FailedBlocks failedBlocks) {
    this.storageType = storageType;
    this.scheduler = scheduler;
    this.buffer = buffer;
    this.maxQueued = maxQueued;
    this.failedBlocks = failedBlocks;
  }

  /**
   * Queues {@code notice} in the scheduler; empty when accepted, else why not.
   *
   * @param unavailable why the manager takes no notice at all now (asked under the lock, so that a manager being
   *     disabled either refuses the notice or drops it with the rest)
   */
  Optional<String> admit(BlockAvailable notice, ReplicationManager.Space space,
      Supplier<Optional<String>> unavailable) {
    lock.lock();
    try {
      BlockNotice queued = new BlockNotice(notice.source().toString(), notice.blockId(), notice.generationStamp(),
          notice.numBytes(), notice.flow(), notice.flowWeight(), notice.position(), ++sequence);
      Optional<String> refusal = unavailable.get();
      if (refusal.isEmpty() && active.containsKey(notice.blockId())) {
        return renotice(notice);
      }
      refusal = refusal.or(() -> refusal(notice, space));
      if (refusal.isPresent()) {
        refused++;
        return refusal;
      }
      if (!scheduler.offer(queued)) {
        refused++;
        return Optional.of("block " + notice.blockId() + " is already queued");
      }
      active.put(notice.blockId(), notice.numBytes());
      activeBytes += notice.numBytes();
      notices.put(notice.blockId(), notice);
      plans.put(notice.blockId(), notice);
      failedBlocks.forget(notice.blockPoolId(), notice.blockId());
      work.signalAll();
      return Optional.empty();
    } finally {
      lock.unlock();
    }
  }

  /**
   * A notice for a block held here: its plan replaces the held one where the block is the same (see the class
   * comment); refused when it names another generation stamp or length. Called with the lock held.
   */
  private Optional<String> renotice(BlockAvailable notice) {
    BlockAvailable held = plans.get(notice.blockId());
    if (!held.blockPoolId().equals(notice.blockPoolId())) {
      // Federated namespaces number their blocks alike: another pool's block of the same ID is not this one.
      refused++;
      return Optional.of("block " + notice.blockId() + " of pool " + held.blockPoolId() + " is held here; a block "
          + "of the same ID in " + notice.blockPoolId() + " waits until it is done");
    }
    if (held.generationStamp() != notice.generationStamp() || held.numBytes() != notice.numBytes()) {
      refused++;
      return Optional.of("block " + notice.blockId() + " is held here with generation stamp "
          + held.generationStamp() + " and " + held.numBytes() + " bytes, not " + notice.generationStamp() + " and "
          + notice.numBytes());
    }
    plans.put(notice.blockId(), notice);
    notices.computeIfPresent(notice.blockId(), (id, queued) -> notice);
    if (pending != null && pending.blockId() == notice.blockId()) {
      pending = notice;
    }
    renoticed++;
    return Optional.empty();
  }

  /** Why {@code notice} cannot be queued besides the manager's own state; called with the lock held. */
  private Optional<String> refusal(BlockAvailable notice, ReplicationManager.Space space) {
    int waiting = waiting();
    if (waiting >= maxQueued) {
      dropped++;
      return Optional.of("the " + storageType + " queue is full (" + waiting + " notices wait)");
    }
    long need = activeBytes + notice.numBytes();
    if (space.largestVolumeBytes() < notice.numBytes() || space.totalBytes() < need) {
      refusedNoSpace++;
      return Optional.of("not enough space on " + storageType + " volumes for block " + notice.blockId() + ": "
          + notice.numBytes() + " bytes (plus " + activeBytes + " accepted) needed, " + space.totalBytes()
          + " free, at most " + space.largestVolumeBytes() + " on one volume");
    }
    return Optional.empty();
  }

  private int waiting() {
    return scheduler.size() + (pending == null ? 0 : 1);
  }

  /**
   * Waits for a queued block and a credit for it, while {@code go} holds. The scheduler is asked only when the
   * buffer has room for a block, so notices that arrive while it is full still compete by position and flow; a
   * choice that then lacks the bytes is kept until the credit comes.
   *
   * @return null when {@code go} turned false
   */
  Reserved nextWithCredit(BooleanSupplier go, long recheckMs) throws InterruptedException {
    lock.lock();
    try {
      while (go.getAsBoolean()) {
        if (pending == null && buffer.freeBlocks() > 0) {
          Optional<BlockNotice> next = scheduler.next();
          pending = next.map(n -> notices.remove(n.blockId())).orElse(null);
        }
        if (pending != null) {
          Optional<Credit> credit = buffer.tryReserve(pending.numBytes());
          if (credit.isPresent()) {
            BlockAvailable take = pending;
            pending = null;
            return new Reserved(take, credit.get());
          }
        }
        work.await(recheckMs, TimeUnit.MILLISECONDS);
      }
      return null;
    } finally {
      lock.unlock();
    }
  }

  /**
   * A fetched block enters the buffer, for the writer; after {@link #dropAll} (the fetch finished after the manager
   * was disabled, and no writer is left to take it) it is dropped like the rest, its credit freed.
   */
  void buffered(Reserved fetched, Object data) {
    lock.lock();
    try {
      if (droppedFor != null) {
        buffer.release(fetched.credit());
        dropAccepted(fetched.notice().blockId(), droppedFor);
        return;
      }
      ready.add(new Buffered(fetched.notice(), data, fetched.credit()));
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits for a buffered block and for the regulator to allow writing it, while {@code go} holds.
   *
   * @return null when {@code go} turned false
   */
  Writable nextWritable(FlowRegulator regulator, BooleanSupplier go, long recheckMs) throws InterruptedException {
    lock.lock();
    try {
      while (go.getAsBoolean()) {
        FlushDecision decision = regulator.decide();
        if (!ready.isEmpty() && decision.allowed()) {
          return new Writable(ready.poll(), decision);
        }
        work.await(recheckMs, TimeUnit.MILLISECONDS);
      }
      return null;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The block is done here (stored, or dropped): its credit is free and a new notice for it is accepted.
   *
   * @return the block's latest notice (a later one may have replaced {@code notice}'s plan): what to forward
   */
  BlockAvailable release(Credit credit, BlockAvailable notice) {
    lock.lock();
    try {
      buffer.release(credit);
      BlockAvailable latest = forgetActive(notice.blockId());
      work.signalAll();
      return latest == null ? notice : latest;
    } finally {
      lock.unlock();
    }
  }

  /** Forgets an active block; returns its latest notice, if it was active. */
  private BlockAvailable forgetActive(long blockId) {
    Long bytes = active.remove(blockId);
    if (bytes != null) {
      activeBytes -= bytes;
    }
    return plans.remove(blockId);
  }

  /** Wakes the workers: something they wait for may have changed (a new activity sample). */
  void wake() {
    lock.lock();
    try {
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Drops every block not yet being fetched or written, recording each as failed with {@code reason}, and any block
   * whose fetch ends later: the manager is disabled (its {@code unavailable} answer must already say so).
   */
  void dropAll(String reason) {
    lock.lock();
    try {
      droppedFor = reason;
      while (true) {
        Optional<BlockNotice> next = scheduler.next();
        if (next.isEmpty()) {
          break;
        }
        notices.remove(next.get().blockId());
        dropAccepted(next.get().blockId(), reason);
      }
      if (pending != null) {
        dropAccepted(pending.blockId(), reason);
        pending = null;
      }
      for (Buffered b = ready.poll(); b != null; b = ready.poll()) {
        buffer.release(b.credit());
        dropAccepted(b.notice().blockId(), reason);
      }
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void dropAccepted(long blockId, String reason) {
    BlockAvailable plan = forgetActive(blockId);
    failedBlocks.record(plan == null ? "" : plan.blockPoolId(), blockId, reason);
  }

  Counts counts() {
    lock.lock();
    try {
      return new Counts(waiting(), ready.size(), buffer.reservedBytes(), refused, dropped, refusedNoSpace,
          renoticed);
    } finally {
      lock.unlock();
    }
  }
}
