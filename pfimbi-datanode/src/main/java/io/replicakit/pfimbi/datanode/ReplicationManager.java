package io.replicakit.pfimbi.datanode;

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
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
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
 * <p>A failed fetch, write or forward drops the block here and is counted; the NameNode side notices the missing
 * copy (dead node or timeout) and falls back to HDFS's re-replication (§4.4). Nothing is retried blindly.
 *
 * @param <P> a fetched block's data as the transfers represent it
 */
public final class ReplicationManager<P> implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicationManager.class);

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

  /** A snapshot for monitoring. */
  public record Status(String storageType, int queued, int buffered, long bufferedBytes, long fetched,
      long written, long failed, double activity, double threshold) {}

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
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition work = lock.newCondition();
  private final Map<Long, BlockAvailable> notices = new HashMap<>();
  /** Blocks accepted and not yet written or dropped: queued, chosen, being fetched, buffered or being written. */
  private final Set<Long> active = new HashSet<>();
  private final ArrayDeque<Buffered> ready = new ArrayDeque<>();
  private final AtomicLong sequence = new AtomicLong();
  private final AtomicLong fetched = new AtomicLong();
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong writtenBytes = new AtomicLong();
  private BlockAvailable pending;
  private volatile boolean running = true;
  private Thread fetcher;
  private Thread writer;

  /**
   * @param recheckMs how often a writer held back by a busy disk asks the regulator again (the activity interval)
   */
  public ReplicationManager(String storageType, TwoLevelWfq scheduler, CreditBuffer buffer, FlowRegulator regulator,
      Transfers<P> transfers, Forwarder forwarder, long recheckMs) {
    this.storageType = storageType;
    this.scheduler = scheduler;
    this.buffer = buffer;
    this.regulator = regulator;
    this.transfers = transfers;
    this.forwarder = forwarder;
    this.recheckMs = recheckMs;
  }

  public void start() {
    fetcher = daemon("fetch", this::fetchLoop);
    writer = daemon("write", this::writeLoop);
  }

  private Thread daemon(String role, Runnable loop) {
    Thread t = new Thread(loop, "replicakit-pfimbi-" + storageType.toLowerCase() + "-" + role);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Queues a notice; empty when accepted, else why not. */
  public Optional<String> accept(BlockAvailable notice) {
    BlockNotice queued = new BlockNotice(notice.source().toString(), notice.blockId(), notice.generationStamp(),
        notice.numBytes(), notice.flow(), notice.flowWeight(), notice.position(), sequence.incrementAndGet());
    lock.lock();
    try {
      if (!running) {
        return Optional.of("the Replication Manager is stopping");
      }
      if (active.contains(notice.blockId()) || !scheduler.offer(queued)) {
        return Optional.of("block " + notice.blockId() + " is already queued");
      }
      active.add(notice.blockId());
      notices.put(notice.blockId(), notice);
      work.signalAll();
      return Optional.empty();
    } finally {
      lock.unlock();
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

  private void fetchLoop() {
    while (running) {
      try {
        Reserved next = nextWithCredit();
        if (next != null) {
          fetch(next);
        }
      } catch (InterruptedException e) {
        return;
      }
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
      while (running) {
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

  private void fetch(Reserved next) {
    try {
      P data = transfers.fetch(next.notice());
      fetched.incrementAndGet();
      lock.lock();
      try {
        ready.add(new Buffered(next.notice(), data, next.credit()));
        work.signalAll();
      } finally {
        lock.unlock();
      }
    } catch (IOException | RuntimeException e) {
      failed.incrementAndGet();
      release(next.credit(), next.notice().blockId());
      LOG.warn("Pfimbi {}: cannot fetch block {} from {}: {}", storageType, next.notice().blockId(),
          next.notice().source(), e.toString());
    }
  }

  private void writeLoop() {
    while (running) {
      try {
        Writable w = nextWritable();
        if (w != null) {
          write(w.block(), w.decision());
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Waits for a buffered block and for the regulator to allow writing it. */
  private Writable nextWritable() throws InterruptedException {
    lock.lock();
    try {
      while (running) {
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
    } catch (IOException | RuntimeException e) {
      failed.incrementAndGet();
      LOG.warn("Pfimbi {}: cannot store block {}: {}", storageType, notice.blockId(), e.toString());
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
    } catch (IOException | RuntimeException e) {
      failed.incrementAndGet();
      LOG.warn("Pfimbi {}: cannot tell {} that block {} waits: {}", storageType, notice.downstream().get(0),
          notice.blockId(), e.toString());
    }
  }

  /** The block is done here (stored, or dropped): its credit is free and a new notice for it is accepted. */
  private void release(Credit credit, long blockId) {
    lock.lock();
    try {
      buffer.release(credit);
      active.remove(blockId);
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  public Status status() {
    lock.lock();
    try {
      return new Status(storageType, scheduler.size() + (pending == null ? 0 : 1), ready.size(),
          buffer.reservedBytes(), fetched.get(), written.get(), failed.get(), regulator.latestActivity(),
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
