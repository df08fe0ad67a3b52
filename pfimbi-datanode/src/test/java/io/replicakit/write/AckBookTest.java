/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The ack bookkeeping of a parallel write: a packet is done when every live leg acked it, in order. */
class AckBookTest {

  private static Packet packet(long seqno, long offset, int len) {
    return new Packet(seqno, offset, len, false, new byte[0]);
  }

  @Test
  void packet_isDoneOnlyWhenEveryLegAcked() {
    AckBook book = new AckBook(3, 10, 0);
    Packet p = packet(0, 0, 100);
    book.sent(p);
    assertEquals(List.of(), book.acked(0, 0));
    assertEquals(List.of(), book.acked(2, 0));
    assertEquals(List.of(p), book.acked(1, 0));
    assertEquals(100, book.ackedEnd());
    assertTrue(book.isEmpty());
  }

  @Test
  void legsAckingAtDifferentSpeeds_completePacketsInOrder_asTheSlowestLegCatchesUp() {
    AckBook book = new AckBook(2, 10, 0);
    Packet a = packet(0, 0, 10);
    Packet b = packet(1, 10, 10);
    Packet c = packet(2, 20, 10);
    List.of(a, b, c).forEach(book::sent);
    book.acked(0, 0);
    book.acked(0, 1);
    book.acked(0, 2);
    assertEquals(0, book.ackedEnd(), "the fast leg alone completes nothing");
    assertEquals(List.of(a), book.acked(1, 0));
    assertEquals(List.of(b), book.acked(1, 1));
    assertEquals(List.of(c), book.acked(1, 2));
    assertEquals(30, book.ackedEnd());
  }

  @Test
  void droppedLeg_releasesThePacketsWaitingOnlyForIt() {
    AckBook book = new AckBook(3, 10, 0);
    Packet a = packet(0, 0, 10);
    Packet b = packet(1, 10, 10);
    book.sent(a);
    book.sent(b);
    book.acked(0, 0);
    book.acked(1, 0);
    book.acked(0, 1);
    assertEquals(List.of(a), book.drop(2));
    assertEquals(2, book.liveLegs());
    assertEquals(List.of(b), book.acked(1, 1));
  }

  @Test
  void window_boundsPacketsInFlight() {
    AckBook book = new AckBook(1, 2, 0);
    book.sent(packet(0, 0, 1));
    assertTrue(book.hasRoom());
    book.sent(packet(1, 1, 1));
    assertFalse(book.hasRoom());
    book.acked(0, 0);
    assertTrue(book.hasRoom());
  }

  @Test
  void unacked_andSentEnd_describeWhatARecoveryMustResend() {
    AckBook book = new AckBook(2, 10, 512);
    Packet a = packet(0, 512, 100);
    Packet b = packet(1, 612, 100);
    book.sent(a);
    book.sent(b);
    book.acked(0, 0);
    assertEquals(List.of(a, b), book.unacked());
    assertEquals(512, book.ackedEnd(), "a recovered block starts from what every replica holds");
    assertEquals(712, book.sentEnd());
  }

  @Test
  void protocolErrors_areRefused() {
    AckBook book = new AckBook(2, 10, 0);
    book.sent(packet(0, 0, 1));
    book.sent(packet(1, 1, 1));
    assertThrows(IllegalStateException.class, () -> book.acked(0, 1), "skipping packet 0");
    assertThrows(IllegalStateException.class, () -> book.acked(0, 7), "never sent");
    book.acked(0, 0);
    assertThrows(IllegalStateException.class, () -> book.acked(0, 0), "twice");
    assertThrows(IllegalArgumentException.class, () -> book.sent(packet(1, 2, 1)), "seqno reused");
    book.drop(1);
    assertThrows(IllegalArgumentException.class, () -> book.acked(1, 1), "dropped leg");
  }

  @Test
  void nothingIsSentAfterTheBlocksLastPacket() {
    AckBook book = new AckBook(1, 10, 0);
    book.sent(new Packet(0, 0, 0, true, new byte[0]));
    assertThrows(IllegalArgumentException.class, () -> book.sent(packet(1, 0, 1)));
  }
}
