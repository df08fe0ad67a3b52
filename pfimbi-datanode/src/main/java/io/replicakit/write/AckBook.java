/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which packets of one block every live connection ("leg") has acknowledged. A parallel write is acknowledged to
 * the writer only when every replica holds a packet (paper §II.B step 5, §II.C step 6), so a packet leaves the book
 * when the last live leg acks it; until then it stays for a resend after a pipeline recovery. Legs ack in order,
 * as a DataNode's {@code PacketResponder} does; an ack out of order or for a packet never sent is a protocol error.
 *
 * <p>Bounded: {@link #hasRoom()} says whether another packet may be sent (the writer's window, like HDFS's
 * {@code dfs.client.write.max-packets}). Not thread-safe: the fan-out that owns it synchronizes.
 */
public final class AckBook {

  /** A packet sent and the legs that acked it. */
  private record Pending(Packet packet, BitSet acked) {}

  private final int legs;
  private final int window;
  private final BitSet dropped = new BitSet();
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private long ackedEnd;

  /**
   * @param legs how many legs the block is sent over
   * @param window the most packets in flight
   * @param ackedEnd the block offset every leg already holds (0 for a new block; the recovered length after a
   *     pipeline recovery)
   */
  public AckBook(int legs, int window, long ackedEnd) {
    if (legs < 1 || window < 1 || ackedEnd < 0) {
      throw new IllegalArgumentException("legs and window must be positive, offset not negative: " + legs + ", "
          + window + ", " + ackedEnd);
    }
    this.legs = legs;
    this.window = window;
    this.ackedEnd = ackedEnd;
  }

  public boolean hasRoom() {
    return pending.size() < window;
  }

  public boolean isEmpty() {
    return pending.isEmpty();
  }

  /** The block offset up to which every live leg has acknowledged. */
  public long ackedEnd() {
    return ackedEnd;
  }

  public int liveLegs() {
    return legs - dropped.cardinality();
  }

  public boolean isLive(int leg) {
    return leg >= 0 && leg < legs && !dropped.get(leg);
  }

  /** Records {@code packet} as sent to every live leg; packets must come in seqno order. */
  public void sent(Packet packet) {
    Pending tail = pending.peekLast();
    if (tail != null && packet.seqno() <= tail.packet().seqno()) {
      throw new IllegalArgumentException(packet + " sent after " + tail.packet());
    }
    if (tail != null && tail.packet().last()) {
      throw new IllegalArgumentException(packet + " sent after the block's last packet");
    }
    pending.addLast(new Pending(packet, new BitSet(legs)));
  }

  /**
   * Records that {@code leg} acknowledged packet {@code seqno}.
   *
   * @return the packets now acknowledged by every live leg, in order (often none)
   * @throws IllegalStateException if no such packet is in flight, or the leg skipped an earlier packet
   */
  public List<Packet> acked(int leg, long seqno) {
    if (!isLive(leg)) {
      throw new IllegalArgumentException("leg " + leg + " is not live");
    }
    boolean found = false;
    for (Pending p : pending) {
      long s = p.packet().seqno();
      if (s == seqno) {
        if (p.acked().get(leg)) {
          throw new IllegalStateException("leg " + leg + " acked " + p.packet() + " twice");
        }
        p.acked().set(leg);
        found = true;
        break;
      }
      if (!p.acked().get(leg)) {
        throw new IllegalStateException("leg " + leg + " acked seqno " + seqno + " before " + p.packet());
      }
    }
    if (!found) {
      throw new IllegalStateException("leg " + leg + " acked seqno " + seqno + ", which is not in flight");
    }
    return complete();
  }

  /**
   * Stops waiting for {@code leg} (its replica failed).
   *
   * @return the packets that were waiting only for it, in order
   */
  public List<Packet> drop(int leg) {
    if (leg < 0 || leg >= legs) {
      throw new IllegalArgumentException("no leg " + leg);
    }
    dropped.set(leg);
    return liveLegs() == 0 ? List.of() : complete();
  }

  /** The packets in flight, in order: what a recovered pipeline must be sent again. */
  public List<Packet> unacked() {
    List<Packet> out = new ArrayList<>(pending.size());
    pending.forEach(p -> out.add(p.packet()));
    return out;
  }

  /** The offset just past the last packet sent (or {@link #ackedEnd()} if none is in flight). */
  public long sentEnd() {
    Pending tail = pending.peekLast();
    return tail == null ? ackedEnd : tail.packet().end();
  }

  private List<Packet> complete() {
    List<Packet> done = new ArrayList<>();
    while (!pending.isEmpty() && ackedByAllLive(pending.peekFirst().acked())) {
      Packet p = pending.pollFirst().packet();
      ackedEnd = Math.max(ackedEnd, p.end());
      done.add(p);
    }
    return done;
  }

  private boolean ackedByAllLive(BitSet acked) {
    for (int leg = 0; leg < legs; leg++) {
      if (!dropped.get(leg) && !acked.get(leg)) {
        return false;
      }
    }
    return true;
  }
}
