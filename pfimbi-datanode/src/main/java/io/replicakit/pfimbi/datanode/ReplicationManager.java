package io.replicakit.pfimbi.datanode;

import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.pfimbi.flow.CreditBuffer;
import io.replicakit.pfimbi.flow.Credit;
import io.replicakit.pfimbi.flow.FlowRegulator;
import io.replicakit.pfimbi.flow.FlushDecision;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.sched.BlockNotice;
import io.replicakit.pfimbi.sched.TwoLevelWfq;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
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
     * foreground I/O) until it turns true again; {@code sent} is told each packet's bytes as they go out.
     */
    void write(BlockAvailable notice, P data, BooleanSupplier mayContinue, LongConsumer sent) throws IOException;
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
      long dropped, long refusedNoSpace, long faults, boolean disabled, double activity, double threshold) {

    /** Blocks this manager dropped after accepting them (fetch, write or forward failed). */
    public long failed() {
      return fetchFailures + writeFailures + forwardFailures;
    }
  }

  private record Buffered(BlockAvailable notice, Object data, Credit credit) {}

  /** A buffered block the regulator let through, and why. */
  private record Writable(Buffered block, FlushDecision decision) {}

  private final String storageType;
  private final TwoLevelWfq scheduler;
  private final CreditBuffer buffer;
  private final FlowRegulator regulator;
  private final Transfers<P> transfers;
  private final Forwarder forwarder;
  private final long recheckMs;
  private final Limits limits;
  private final FailedBlocks failedBlocks;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition work = lock.newCondition();
  private final Map<Long, BlockAvailable> notices = new HashMap<>();
  /** Blocks accepted and not yet written or dropped (queued, chosen, fetched, buffered, being written): bytes. */
  private final Map<Long, Long> active = new HashMap<>();
  private long activeBytes;
  private final ArrayDeque<Buffered> ready = new ArrayDeque<>();
  private final AtomicLong sequence = new AtomicLong();
  private final AtomicLong fetched = new AtomicLong();
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong fetchFailures = new AtomicLong();
  private final AtomicLong writeFailures = new AtomicLong();
  private final AtomicLong forwardFailures = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong refusedNoSpace = new AtomicLong();
  private final AtomicLong writtenBytes = new AtomicLong();
  private final ThrottledLog fetchLog;
  private final ThrottledLog writeLog;
  private final ThrottledLog forwardLog;
  private final ThrottledLog spaceLog;
  private final FaultGuard fetchGuard;
  private final FaultGuard writeGuard;
  private BlockAvailable pending;
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

  public ReplicationManager(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, FlowRegulator regulator,
      Transfers<P> transfers, Forwarder forwarder, long recheckMs, Limits limits) {
    this.storageType = storageType;
    this.scheduler = scheduler;
    this.buffer = buffer;
    this.regulator = regulator;
    this.transfers = transfers;
    this.forwarder = forwarder;
    this.recheckMs = recheckMs;
    this.limits = limits;
    this.failedBlocks = new FailedBlocks(limits.failedKept());
    this.fetchLog = throttledLog();
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
    Space space = space();
    BlockNotice queued = new BlockNotice(notice.source().toString(), notice.blockId(), notice.generationStamp(),
        notice.numBytes(), notice.flow(), notice.flowWeight(), notice.position(), sequence.incrementAndGet());
    lock.lock();
    try {
      Optional<String> refusal = refusal(notice, space);
      if (refusal.isPresent()) {
        refused.incrementAndGet();
        return refusal;
      }
      if (!scheduler.offer(queued)) {
        refused.incrementAndGet();
        return Optional.of("block " + notice.blockId() + " is already queued");
      }
      active.put(notice.blockId(), notice.numBytes());
      activeBytes += notice.numBytes();
      notices.put(notice.blockId(), notice);
      failedBlocks.forget(notice.blockId());
      work.signalAll();
      return Optional.empty();
    } finally {
      lock.unlock();
    }
  }

  /** Why {@code notice} cannot be queued now; called with the lock held. */
  private Optional<String> refusal(BlockAvailable notice, Space space) {
    if (!running) {
      return Optional.of("the Replication Manager is stopping");
    }
    if (disabled || !workersAlive()) {
      return Optional.of("the " + storageType + " Replication Manager is disabled after repeated faults (see the "
          + "DataNode log)");
    }
    if (active.containsKey(notice.blockId())) {
      return Optional.of("block " + notice.blockId() + " is already queued");
    }
    int waiting = scheduler.size() + (pending == null ? 0 : 1);
    if (waiting >= limits.maxQueued()) {
      dropped.incrementAndGet();
      return Optional.of("the " + storageType + " queue is full (" + waiting + " notices wait)");
    }
    long need = activeBytes + notice.numBytes();
    if (space.largestVolumeBytes() < notice.numBytes() || space.totalBytes() < need) {
      refusedNoSpace.incrementAndGet();
      return Optional.of("not enough space on " + storageType + " volumes for block " + notice.blockId() + ": "
          + notice.numBytes() + " bytes (plus " + activeBytes + " accepted) needed, " + space.totalBytes()
          + " free, at most " + space.largestVolumeBytes() + " on one volume");
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

  /** The activity sampler's input: this interval's activity (empty if unknown) and foreground blocks so far. */
  public void onActivity(OptionalDouble activity, long foregroundBlocks) {
    if (activity.isPresent()) {
      regulator.onActivity(activity.getAsDouble());
    } else {
      regulator.onActivityUnknown();
    }
    regulator.onForegroundBlocks(foregroundBlocks);
    lock.lock();
    try {
      work.signalAll();
    } finally {
      lock.unlock();
    }
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
  public Map<Long, String> failedBlocks() {
    return failedBlocks.snapshot();
  }

  private void fetchTurn() throws InterruptedException {
    Reserved next = nextWithCredit();
    if (next != null) {
      fetch(next);
    }
  }

  private record Reserved(BlockAvailable notice, Credit credit) {}

  /**
   * Waits for a queued block and a credit for it. The scheduler is asked only when the buffer has room for a block,
   * so notices that arrive while it is full still compete by position and flow; a choice that then lacks the
   * bytes is kept until the credit comes.
   */
  private Reserved nextWithCredit() throws InterruptedException {
    lock.lock();
    try {
      while (running && !disabled) {
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

  /** Fetches into the buffer; any failure drops the block (an {@link Error} then goes on to the guard). */
  private void fetch(Reserved next) {
    BlockAvailable notice = next.notice();
    try {
      P data = transfers.fetch(notice);
      fetched.incrementAndGet();
      lock.lock();
      try {
        ready.add(new Buffered(notice, data, next.credit()));
        work.signalAll();
      } finally {
        lock.unlock();
      }
    } catch (Throwable t) {
      fetchFailures.incrementAndGet();
      release(next.credit(), notice.blockId());
      String reason = "fetch from " + notice.source() + " failed: " + t;
      failedBlocks.record(notice.blockId(), reason);
      fetchLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
      rethrowError(t);
    }
  }

  private static void rethrowError(Throwable t) {
    if (t instanceof Error error) {
      throw error;
    }
  }

  private void writeTurn() throws InterruptedException {
    Writable w = nextWritable();
    if (w != null) {
      write(w.block(), w.decision());
    }
  }

  /** Waits for a buffered block and for the regulator to allow writing it. */
  private Writable nextWritable() throws InterruptedException {
    lock.lock();
    try {
      while (running && !disabled) {
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

  @SuppressWarnings("unchecked")
  private void write(Buffered b, FlushDecision decision) {
    BlockAvailable notice = b.notice();
    // A block written because the disk was idle yields to foreground work that starts meanwhile; one written for
    // the guaranteed share (or without activity samples) does not.
    BooleanSupplier mayContinue = decision == FlushDecision.IDLE ? () -> !regulator.foregroundActive() : () -> true;
    try {
      transfers.write(notice, (P) b.data(), mayContinue, writtenBytes::addAndGet);
      written.incrementAndGet();
      regulator.onBackgroundWritten();
    } catch (Throwable t) {
      writeFailures.incrementAndGet();
      String reason = "write to a local " + storageType + " volume failed: " + t;
      failedBlocks.record(notice.blockId(), reason);
      writeLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
      rethrowError(t);
      return;
    } finally {
      release(b.credit(), notice.blockId());
    }
    if (notice.hasDownstream()) {
      forward(notice);
    }
  }

  private void forward(BlockAvailable notice) {
    try {
      forwarder.forward(notice);
    } catch (Throwable t) {
      forwardFailures.incrementAndGet();
      String reason = "stored here, but telling " + notice.downstream().get(0) + " failed: " + t;
      failedBlocks.record(notice.blockId(), reason);
      forwardLog.warn(LOG, "Pfimbi " + storageType + ": block " + notice.blockId() + ": " + reason, null);
      rethrowError(t);
    }
  }

  /** The block is done here (stored, or dropped): its credit is free and a new notice for it is accepted. */
  private void release(Credit credit, long blockId) {
    lock.lock();
    try {
      buffer.release(credit);
      forgetActive(blockId);
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void forgetActive(long blockId) {
    Long bytes = active.remove(blockId);
    if (bytes != null) {
      activeBytes -= bytes;
    }
  }

  /**
   * A worker's faults persisted: this manager stops taking work, records every block it holds as failed (the
   * NameNode falls back for them at once) and refuses new notices until the DataNode restarts.
   */
  private void disable(String role) {
    lock.lock();
    try {
      disabled = true;
      String reason = "the " + storageType + " Replication Manager was disabled: its " + role + " kept failing";
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
    LOG.error("ReplicaKit Pfimbi: {}; its queued blocks are reported as failed and new notices are refused, so the "
        + "NameNode re-replicates them with HDFS", "the " + storageType + " Replication Manager is disabled");
  }

  private void dropAccepted(long blockId, String reason) {
    forgetActive(blockId);
    failedBlocks.record(blockId, reason);
  }

  public Status status() {
    lock.lock();
    try {
      return new Status(storageType, scheduler.size() + (pending == null ? 0 : 1), ready.size(),
          buffer.reservedBytes(), fetched.get(), written.get(), writtenBytes.get(), fetchFailures.get(),
          writeFailures.get(), forwardFailures.get(), refused.get(), dropped.get(), refusedNoSpace.get(),
          fetchGuard.faults() + writeGuard.faults(), disabled, regulator.latestActivity(),
          regulator.threshold().threshold());
    } finally {
      lock.unlock();
    }
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
