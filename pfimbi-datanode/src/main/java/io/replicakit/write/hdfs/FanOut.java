/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.AckBook;
import io.replicakit.write.Packet;
import io.replicakit.write.Route;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One block's packets on their way to every replica over the legs of a {@link Route}: each packet is queued on
 * every leg at once, and counts as written when every leg acknowledged it ({@link AckBook}). At most
 * {@code window} packets are in flight, like HDFS's {@code dfs.client.write.max-packets}.
 *
 * <p>The first failure of any leg stops the block: {@link #send} and {@link #awaitAcked} then throw a
 * {@link ReplicaFailure} naming the nodes to drop, and the owner recovers (the client, as HDFS's pipeline does:
 * new generation stamp, the survivors, the unacknowledged packets again) or reports it upstream (the relay).
 * Thread-safe: the writer calls {@code send}, the legs' threads report acks and failures.
 */
final class FanOut implements Leg.Listener, AutoCloseable {

  /** Told of packets every leg acknowledged, in order, and of the first failure, while the fan-out's lock is held. */
  interface Completion {
    void completed(List<Packet> packets) throws IOException;

    /** The first failure: {@code badNodes} (indices into the block's targets, possibly none known). */
    default void failed(Set<Integer> badNodes, IOException cause) {}
  }

  private final AckBook book;
  private final List<Leg> legs = new ArrayList<>();
  private final Completion completion;
  private final Set<Integer> badNodes = new TreeSet<>();
  private IOException failure;
  private boolean closed;

  private FanOut(int legCount, int window, long ackedEnd, Completion completion) {
    this.book = new AckBook(legCount, window, ackedEnd);
    this.completion = completion;
  }

  /**
   * Opens every leg of {@code routes} for one block, all at once: each setup is a round trip to its first node
   * (which creates its replica first), and doing them one after another would put back the sequential set-up the
   * parallel approaches avoid (paper §II.B-C; HDFS's pipeline sets up hop by hop).
   *
   * @param ackedEnd the block offset every replica already holds (0, or the recovered length)
   * @throws Leg.SetupException for the lowest-numbered leg that cannot be set up (the others are closed)
   * @throws InterruptedIOException if interrupted while the legs are set up (all closed)
   */
  static FanOut open(List<Route.Leg> routes, BlockTargets targets, WriteHeader header, Connector connector,
      int window, long ackedEnd, Completion completion) throws IOException {
    FanOut fanOut = new FanOut(routes.size(), window, ackedEnd, completion);
    List<LegSetup> setups = new ArrayList<>();
    for (int i = 0; i < routes.size(); i++) {
      setups.add(new LegSetup(i, routes.get(i), targets, header, connector, fanOut));
    }
    setups.subList(1, setups.size()).forEach(LegSetup::start);
    try {
      setups.get(0).run();
    } catch (Error e) {
      setups.forEach(LegSetup::discard);
      throw e;
    }
    try {
      for (LegSetup setup : setups) {
        Leg leg = setup.await();
        synchronized (fanOut) {
          fanOut.legs.add(leg);
        }
      }
    } catch (IOException e) {
      fanOut.close();
      setups.forEach(LegSetup::discard);
      throw e;
    }
    return fanOut;
  }

  /** One leg's set-up, run on a thread of its own (the first on the caller's, as a plain {@code run()}). */
  private static final class LegSetup extends Thread {
    private final int index;
    private final Route.Leg route;
    private final BlockTargets targets;
    private final WriteHeader header;
    private final Connector connector;
    private final FanOut fanOut;
    private volatile Leg leg;
    private volatile IOException failure;
    private volatile boolean abandoned;

    LegSetup(int index, Route.Leg route, BlockTargets targets, WriteHeader header, Connector connector,
        FanOut fanOut) {
      super("replicakit-write-setup-leg" + index);
      setDaemon(true);
      this.index = index;
      this.route = route;
      this.targets = targets;
      this.header = header;
      this.connector = connector;
      this.fanOut = fanOut;
    }

    @Override
    public void run() {
      try {
        leg = Leg.open(index, route, targets, header, connector, fanOut);
        if (abandoned) {
          leg.close();
        }
      } catch (Leg.SetupException e) {
        failure = e;
      } catch (RuntimeException e) {
        failure = new IOException("set-up of leg " + index + " of " + header.block() + " failed: " + e, e);
      }
    }

    /** The open leg once its set-up ended; throws its failure. */
    Leg await() throws IOException {
      if (getState() != State.NEW) {
        try {
          join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while setting up " + header.block());
        }
      }
      if (failure != null) {
        throw failure;
      }
      if (leg == null) {
        throw new IOException("set-up of leg " + index + " of " + header.block() + " ended without a leg");
      }
      return leg;
    }

    /** Closes the leg now if it opened, else as soon as its set-up ends (never waits for it). */
    void discard() {
      abandoned = true;
      Leg opened = leg;
      if (opened != null) {
        opened.close();
      }
    }
  }

  /**
   * Queues {@code packet} on every leg, first waiting for room in the window.
   *
   * @throws ReplicaFailure if a replica failed; the packet was then not sent
   */
  synchronized void send(Packet packet) throws IOException {
    while (failure == null && !closed && !book.hasRoom()) {
      waitInterruptibly();
    }
    checkFailure();
    book.sent(packet);
    for (Leg leg : legs) {
      leg.send(packet);
    }
  }

  /** Waits until every packet sent is acknowledged by every leg. */
  synchronized void awaitAcked() throws IOException {
    while (failure == null && !closed && !book.isEmpty()) {
      waitInterruptibly();
    }
    checkFailure();
  }

  synchronized List<Packet> unacked() {
    return book.unacked();
  }

  synchronized long ackedEnd() {
    return book.ackedEnd();
  }

  synchronized long sentEnd() {
    return book.sentEnd();
  }

  @Override
  public synchronized void acked(Leg leg, long seqno) {
    if (failure != null || closed) {
      return;
    }
    try {
      List<Packet> done = book.acked(leg.index(), seqno);
      if (!done.isEmpty()) {
        completion.completed(done);
      }
    } catch (IllegalStateException e) {
      fail(leg.route().first(), new IOException(leg + ": " + e.getMessage(), e));
    } catch (IOException e) {
      fail(-1, e);
    }
    notifyAll();
  }

  @Override
  public synchronized void failed(Leg leg, int badNode, IOException cause) {
    fail(badNode, cause);
  }

  private void fail(int badNode, IOException cause) {
    if (closed) {
      return;
    }
    if (badNode >= 0) {
      badNodes.add(badNode);
    }
    if (failure == null) {
      failure = cause;
      completion.failed(Set.copyOf(badNodes), cause);
    }
    notifyAll();
  }

  /** The oldest packet in flight, if any (what an error ack upstream names). */
  synchronized long oldestUnackedSeqno(long none) {
    List<Packet> pending = book.unacked();
    return pending.isEmpty() ? none : pending.get(0).seqno();
  }

  private void checkFailure() throws IOException {
    if (failure != null) {
      if (badNodes.isEmpty()) {
        throw failure;
      }
      throw new ReplicaFailure(badNodes, failure);
    }
    if (closed) {
      throw new IOException("block stream closed");
    }
  }

  private void waitInterruptibly() throws InterruptedIOException {
    try {
      wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing a block");
    }
  }

  @Override
  public void close() {
    List<Leg> toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = new ArrayList<>(legs);
      notifyAll();
    }
    toClose.forEach(Leg::close);
  }
}
