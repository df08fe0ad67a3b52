/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.pfimbi.flow.CreditBuffer;
import io.replicakit.pfimbi.flow.FlowRegulator;
import io.replicakit.pfimbi.flow.FlushDecision;
import io.replicakit.pfimbi.flow.ForegroundWindow;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.UnansweredHosts;
import io.replicakit.pfimbi.sched.TwoLevelWfq;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One storage type's Replication Manager in a DataNode (thesis §4.7, Fig. 4.4), free of Hadoop types so that it
 * runs in unit tests with fake transfers.
 *
 * <ul>
 *   <li><b>Communication manager:</b> {@link #accept} queues a block-available notice in the two-level WFQ
 *       scheduler (§4.3: pipeline position, then the job's flow).
 *   <li><b>Credit flow control (§4.2.3):</b> the fetcher pulls the scheduler's next block from its upstream node only
 *       when the buffer has a credit for it, so a receiver is never sent more than it can hold.
 *   <li><b>Flow regulator (§4.2.1, §4.2.4):</b> the writer stores a buffered block on this DataNode's disk only when
 *       the regulator allows it (disk idle by the k-means threshold, or the guaranteed share is due), then tells
 *       the next node of the pipeline that the block waits for it. Beyond the thesis, a block started on an idle
 *       disk pauses between packets while foreground work shows up, instead of holding the disk for its whole
 *       length.
 * </ul>
 *
 * <p>What the manager holds between a notice's acceptance and its block's release, and the admission of notices
 * against it, is {@link Holdings}; this class runs the two worker threads that move the data and contains their
 * faults.
 *
 * <p>Faults are contained and visible (issue 11). A failed fetch, write or forward drops the block here, is
 * counted and recorded in {@link #failedBlocks()}, which the NameNode reads to fall back to HDFS's re-replication
 * at once (§4.4); nothing is retried blindly. A notice is refused at once, with a reason, when the queue is full
 * ({@link Limits#maxQueued}) or the volumes of this storage type lack the space for it, so the NameNode falls back
 * instead of waiting for its timeout. Every turn of the two worker threads runs under a {@link FaultGuard}: an
 * {@link Error} or a bug is counted and the thread goes on; a fault that persists disables this manager loudly
 * (its queued blocks are recorded as failed, new notices are refused).
 *
 * @param <P> a fetched block's data as the transfers represent it
 */
public final class ReplicationManager<P> implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicationManager.class);

  /** Notices waiting per manager before new ones are refused: minutes of background work at disk speed. */
  public static final int DEFAULT_MAX_QUEUED = 10_000;

  /** Moves block data: pull from the notice's source, store on this DataNode. */
  public interface Transfers<P> {
    P fetch(BlockAvailable notice) throws IOException;

    /**
     * Stores the block; {@code mayContinue} false asks the write to pause between packets (it yields to
     * foreground I/O) until it turns true again; {@code sent} is told each packet's bytes as they go out;
     * {@code sync} asks for the copy to be on disk before the call returns ({@link ForegroundWindow}).
     */
    void write(BlockAvailable notice, P data, BooleanSupplier mayContinue, LongConsumer sent, boolean sync)
        throws IOException;

    /**
     * Whether this DataNode already stores the notice's block, finalized, at its generation stamp: a copy that landed
     * before a NameNode restart, or HDFS's own re-replication after a fall-back. Such a block is not copied again
     * (the write would fail: the replica exists), only forwarded.
     */
    boolean stored(BlockAvailable notice) throws IOException;
  }

  /** Tells the next node of {@code written}'s pipeline that the block, now stored here, waits for it. */
  @FunctionalInterface
  public interface Forwarder {
    void forward(BlockAvailable written) throws IOException;
  }

  /** Free space of this storage type's volumes: in all of them, and in the one with the most. */
  public record Space(long totalBytes, long largestVolumeBytes) {}

  /** Reads the free space of this manager's storage type (the DataNode's own view of its volumes). */
  @FunctionalInterface
  public interface SpaceProbe {
    SpaceProbe UNLIMITED = () -> new Space(Long.MAX_VALUE, Long.MAX_VALUE);

    Space available() throws IOException;
  }

  /**
   * Bounds and fault handling.
   *
   * @param maxQueued notices waiting for a credit before new ones are refused
   * @param failedKept how many failed blocks {@link #failedBlocks()} keeps (newest)
   * @param space the free space a notice is checked against at accept time
   * @param disableAfter consecutive faulty turns of a worker thread before the manager disables itself
   * @param monotonicMs the clock of log throttling
   */
  public record Limits(int maxQueued, int failedKept, SpaceProbe space, int disableAfter, LongSupplier monotonicMs) {
    public static Limits defaults() {
      return new Limits(DEFAULT_MAX_QUEUED, FailedBlocks.DEFAULT_CAPACITY, SpaceProbe.UNLIMITED,
          FaultGuard.DEFAULT_DISABLE_AFTER, () -> System.nanoTime() / 1_000_000);
    }
  }

  /** A snapshot for monitoring. */
  public record Status(String storageType, int queued, int buffered, long bufferedBytes, long fetched,
      long written, long writtenBytes, long fetchFailures, long writeFailures, long forwardFailures, long refused,
      long dropped, long refusedNoSpace, long faults, boolean disabled, double activity, double threshold,
      long synced, long renoticed, long alreadyStored) {

    /** Blocks this manager dropped after accepting them (fetch, write or forward failed). */
    public long failed() {
      return fetchFailures + writeFailures + forwardFailures;
    }
  }

  private final String storageType;
  private final Holdings holdings;
  private final FlowRegulator regulator;
  private final ForegroundWindow window;
  private final AtomicLong syncedCopies = new AtomicLong();
  private final Transfers<P> transfers;
  private final Forwarder forwarder;
  private final long recheckMs;
  private final Limits limits;
  private final FailedBlocks failedBlocks;
  private final AtomicLong fetched = new AtomicLong();
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong fetchFailures = new AtomicLong();
  private final AtomicLong writeFailures = new AtomicLong();
  private final AtomicLong forwardFailures = new AtomicLong();
  private final AtomicLong writtenBytes = new AtomicLong();
  private final AtomicLong alreadyStored = new AtomicLong();
  private final ThrottledLog fetchLog;
  /** Sources whose last fetch timed out: their queued blocks fail at once for a while instead of each waiting. */
  private final UnansweredHosts silentSources;
  private final ThrottledLog writeLog;
  private final ThrottledLog forwardLog;
  private final ThrottledLog spaceLog;
  private final FaultGuard fetchGuard;
  private final FaultGuard writeGuard;
  private volatile boolean running = true;
  private volatile boolean disabled;
  private Thread fetcher;
  private Thread writer;

  /**
   * With the default {@link Limits} (no space check).
   *
   * @param recheckMs how often a writer held back by a busy disk asks the regulator again (the activity interval)
   */
  public ReplicationManager(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, FlowRegulator regulator,
      Transfers<P> transfers, Forwarder forwarder, long recheckMs) {
    this(storageType, scheduler, buffer, regulator, transfers, forwarder, recheckMs, Limits.defaults());
  }

  /** No foreground window ({@link ForegroundWindow} of 0): copies never synced, always held on dirty pressure. */
  public ReplicationManager(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, FlowRegulator regulator,
      Transfers<P> transfers, Forwarder forwarder, long recheckMs, Limits limits) {
    this(storageType, scheduler, buffer, regulator, new ForegroundWindow(0), transfers, forwarder, recheckMs, limits);
  }

  /**
   * @param window how long after foreground work copies are synced and held back on dirty pressure, fed by the
   *     activity samples
   */
  public ReplicationManager(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, FlowRegulator regulator,
      ForegroundWindow window, Transfers<P> transfers, Forwarder forwarder, long recheckMs, Limits limits) {
    this.storageType = storageType;
    this.regulator = regulator;
    this.window = window;
    this.transfers = transfers;
    this.forwarder = forwarder;
    this.recheckMs = recheckMs;
    this.limits = limits;
    this.failedBlocks = new FailedBlocks(limits.failedKept());
    this.holdings = new Holdings(storageType, scheduler, buffer, limits.maxQueued(), failedBlocks);
    this.fetchLog = throttledLog();
    this.silentSources = new UnansweredHosts(UnansweredHosts.SKIP_MS, limits.monotonicMs());
    this.writeLog = throttledLog();
    this.forwardLog = throttledLog();
    this.spaceLog = throttledLog();
    this.fetchGuard = new FaultGuard("Pfimbi " + storageType + " fetcher", LOG, throttledLog(),
        limits.disableAfter(), () -> disable("fetcher"));
    this.writeGuard = new FaultGuard("Pfimbi " + storageType + " writer", LOG, throttledLog(),
        limits.disableAfter(), () -> disable("writer"));
  }

  private ThrottledLog throttledLog() {
    return new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, limits.monotonicMs());
  }

  public void start() {
    fetcher = daemon("fetch", fetchGuard, this::fetchTurn);
    writer = daemon("write", writeGuard, this::writeTurn);
  }

  private Thread daemon(String role, FaultGuard guard, FaultGuard.Turn turn) {
    Thread t = new Thread(() -> loop(guard, turn), "replicakit-pfimbi-" + storageType.toLowerCase() + "-" + role);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Turns until stopped or disabled; after a faulty turn it waits a recheck period so a stuck fault cannot spin. */
  private void loop(FaultGuard guard, FaultGuard.Turn turn) {
    try {
      while (running && !disabled) {
        if (!guard.run(turn)) {
          Thread.sleep(recheckMs);
        }
      }
    } catch (InterruptedException e) {
      // close() ends the thread
    }
  }

  /** Queues a notice; empty when accepted, else why not (the caller falls back to HDFS's re-replication). */
  public Optional<String> accept(BlockAvailable notice) {
    return holdings.admit(notice, space(), this::unavailable);
  }

  /** Why this manager takes no notice at all now; asked with the holdings locked. */
  private Optional<String> unavailable() {
    if (!running) {
      return Optional.of("the Replication Manager is stopping");
    }
    if (disabled || !workersAlive()) {
      return Optional.of("the " + storageType + " Replication Manager is disabled after repeated faults (see the "
          + "DataNode log)");
    }
    return Optional.empty();
  }

  private boolean workersAlive() {
    return fetcher == null || (fetcher.isAlive() && writer.isAlive());
  }

  /** The free space now; unlimited when it cannot be read (the write itself then fails and is recorded). */
  private Space space() {
    try {
      return limits.space().available();
    } catch (IOException | RuntimeException e) {
      spaceLog.warn(LOG, "Pfimbi " + storageType + ": cannot read the free space of the volumes; accepting "
          + "notices without the check", e);
      return new Space(Long.MAX_VALUE, Long.MAX_VALUE);
    }
  }

  /**
   * The activity sampler's input: this interval's activity (empty if unknown), foreground blocks so far, and whether
   * the host's dirty data is above its background write-back threshold.
   */
  public void onActivity(OptionalDouble activity, long foregroundBlocks, boolean dirtyPressure) {
    if (activity.isPresent()) {
      regulator.onActivity(activity.getAsDouble());
    } else {
      regulator.onActivityUnknown();
    }
    long now = limits.monotonicMs().getAsLong();
    window.onSample(regulator.activityBusy(), now);
    regulator.onDirtyPressure(dirtyPressure && window.holdOnDirtyPressure(now));
    regulator.onForegroundBlocks(foregroundBlocks);
    holdings.wake();
  }

  /**
   * Bytes this manager has sent to its disk as background copies, counted packet by packet as they go out (the
   * device writes them at once): the activity sampler takes them out of the activity. Counting whole blocks when
   * they complete made the device's writes during a block look like foreground work.
   */
  public long writtenBytes() {
    return writtenBytes.get();
  }

  /** Blocks whose background copy failed here recently (newest last), with why. */
  public Map<FailedBlocks.Block, String> failedBlocks() {
    return failedBlocks.snapshot();
  }

  private void fetchTurn() throws InterruptedException {
    Holdings.Reserved next = holdings.nextWithCredit(this::working, recheckMs);
    if (next != null) {
      fetch(next);
    }
  }

  private boolean working() {
    return running && !disabled;
  }

  /**
   * Fetches into the buffer; any failure drops the block (an {@link Error} then goes on to the guard). A block
   * already stored here is not fetched, only forwarded.
   */
  private void fetch(Holdings.Reserved next) {
    BlockAvailable notice = next.notice();
    boolean stored;
    try {
      stored = storedHere(notice);
    } catch (Error e) { // its credit back, as for a failed fetch (until session 53 an Error here kept it for good)
      dropFailed(next, "checking for a stored replica failed: " + e);
      throw e;
    }
    if (stored) {
      alreadyStored.incrementAndGet();
      forwardIfDownstream(holdings.release(next.credit(), notice));
      return;
    }
    String source = notice.source().ipAddr();
    Optional<String> silent = silentSources.skipReason(source);
    if (silent.isPresent()) {
      dropFailed(next, "not fetched from " + notice.source() + ": " + silent.get());
      return;
    }
    try {
      P data = transfers.fetch(notice);
      silentSources.answered(source);
      fetched.incrementAndGet();
      holdings.buffered(next, data);
    } catch (Throwable t) {
      noteSource(source, t);
      dropFailed(next, "fetch from " + notice.source() + " failed: " + t);
      rethrowError(t);
    }
  }

  /**
   * A source that cannot be reached (powered off, cut off: its connect timed out, or no route) is skipped for
   * {@link UnansweredHosts#SKIP_MS}: each of its queued blocks would otherwise hold this storage type's one fetcher
   * for a connect timeout (60 s at HDFS's defaults), every other flow waiting behind it, before failing anyway
   * (until session 54). A read that timed out on a connection the source accepted does not mark it: a live source
   * under foreground load, which Pfimbi yields to, may be slow to serve one block and serve the next.
   */
  private void noteSource(String source, Throwable failure) {
    if (UnansweredHosts.isUnreachable(failure)) {
      silentSources.failed(source, failure);
    } else {
      silentSources.answered(source);
    }
  }

  /** Drops a block whose fetch failed: counted, reported with {@code reason}, its credit given back. */
  private void dropFailed(Holdings.Reserved next, String reason) {
    BlockAvailable notice = next.notice();
    fetchFailures.incrementAndGet();
    // Recorded before the release: a new notice for the block, accepted once it is released, forgets the failure.
    failedBlocks.record(notice.blockPoolId(), notice.blockId(), reason);
    holdings.release(next.credit(), notice);
    fetchLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
  }

  private static void rethrowError(Throwable t) {
    if (t instanceof Error error) {
      throw error;
    }
  }

  private void writeTurn() throws InterruptedException {
    Holdings.Writable w = holdings.nextWritable(regulator, this::working, recheckMs);
    if (w != null) {
      write(w.block(), w.decision());
    }
  }

  /** Stores a buffered block, then forwards it along the latest plan for it (a later notice may have changed it). */
  private void write(Holdings.Buffered b, FlushDecision decision) {
    BlockAvailable plan;
    boolean stored;
    try {
      stored = store(b, decision);
    } finally {
      plan = holdings.release(b.credit(), b.notice());
    }
    if (stored) {
      forwardIfDownstream(plan);
    }
  }

  /**
   * Writes the block to this DataNode; true when it is stored here afterwards: written, or found stored by another
   * writer when the write failed (HDFS's re-replication after a fall-back can land the same block first). A failure
   * is recorded; an {@link Error} goes on to the guard.
   */
  @SuppressWarnings("unchecked")
  private boolean store(Holdings.Buffered b, FlushDecision decision) {
    BlockAvailable notice = b.notice();
    // A block written because the disk was idle yields to foreground work that starts meanwhile; one written for
    // the guaranteed share (or without activity samples) does not.
    BooleanSupplier mayContinue = decision == FlushDecision.IDLE ? () -> !regulator.foregroundActive() : () -> true;
    boolean sync = window.syncCopies(limits.monotonicMs().getAsLong());
    try {
      transfers.write(notice, (P) b.data(), mayContinue, writtenBytes::addAndGet, sync);
      written.incrementAndGet();
      if (sync) {
        syncedCopies.incrementAndGet();
      }
      regulator.onBackgroundWritten();
      return true;
    } catch (Throwable t) {
      if (!(t instanceof Error) && storedHere(notice)) {
        alreadyStored.incrementAndGet();
        return true;
      }
      writeFailures.incrementAndGet();
      String reason = "write to a local " + storageType + " volume failed: " + t;
      failedBlocks.record(notice.blockPoolId(), notice.blockId(), reason);
      writeLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
      rethrowError(t);
      return false;
    }
  }

  /** Whether the block is stored here already; false when that cannot be told (the copy then goes ahead). */
  private boolean storedHere(BlockAvailable notice) {
    try {
      return transfers.stored(notice);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private void forwardIfDownstream(BlockAvailable plan) {
    if (plan.hasDownstream()) {
      forward(plan);
    }
  }

  private void forward(BlockAvailable notice) {
    try {
      forwarder.forward(notice);
    } catch (Throwable t) {
      forwardFailures.incrementAndGet();
      String reason = "stored here, but telling " + notice.downstream().get(0) + " failed: " + t;
      failedBlocks.record(notice.blockPoolId(), notice.blockId(), reason);
      forwardLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
      rethrowError(t);
    }
  }

  /**
   * A worker's faults persisted: this manager stops taking work, records every block it holds as failed (the
   * NameNode falls back for them at once) and refuses new notices until the DataNode restarts.
   */
  private void disable(String role) {
    disabled = true;
    holdings.dropAll("the " + storageType + " Replication Manager was disabled: its " + role + " kept failing");
    LOG.error("ReplicaKit Pfimbi: {}; its queued blocks are reported as failed and new notices are refused, so the "
        + "NameNode re-replicates them with HDFS", "the " + storageType + " Replication Manager is disabled");
  }

  public Status status() {
    Holdings.Counts held = holdings.counts();
    return new Status(storageType, held.queued(), held.buffered(), held.bufferedBytes(), fetched.get(),
        written.get(), writtenBytes.get(), fetchFailures.get(), writeFailures.get(), forwardFailures.get(),
        held.refused(), held.dropped(), held.refusedNoSpace(), fetchGuard.faults() + writeGuard.faults(), disabled,
        regulator.latestActivity(), regulator.threshold().threshold(), syncedCopies.get(), held.renoticed(),
        alreadyStored.get());
  }

  @Override
  public void close() {
    running = false;
    for (Thread t : new Thread[] {fetcher, writer}) {
      if (t != null) {
        t.interrupt();
      }
    }
    for (Thread t : new Thread[] {fetcher, writer}) {
      if (t != null) {
        try {
          t.join(5_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
