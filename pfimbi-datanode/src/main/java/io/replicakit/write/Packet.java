/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import java.util.Objects;

/**
 * One DataTransferProtocol packet of a block, already framed ({@code [header][checksums][data]}): the same bytes go
 * to every replica, so a packet is encoded once and shared, never changed.
 *
 * @param seqno the packet's sequence number within its block (acks name it)
 * @param offsetInBlock where its data starts in the block
 * @param dataLen how many data bytes it carries (0 for the block's last, empty packet)
 * @param last whether it is the block's last packet ({@code lastPacketInBlock}: the replica is finalized on it)
 * @param wire the framed bytes, header included
 */
public record Packet(long seqno, long offsetInBlock, int dataLen, boolean last, byte[] wire) {

  public Packet {
    Objects.requireNonNull(wire, "wire");
    if (seqno < 0 || offsetInBlock < 0 || dataLen < 0) {
      throw new IllegalArgumentException("seqno, offset and length must not be negative: " + seqno + ", "
          + offsetInBlock + ", " + dataLen);
    }
  }

  /** The block offset just past this packet's data. */
  public long end() {
    return offsetInBlock + dataLen;
  }

  @Override
  public String toString() {
    return "packet " + seqno + " [" + offsetInBlock + ", " + end() + ")" + (last ? " last" : "");
  }
}
