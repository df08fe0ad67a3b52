/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.Packet;
import java.nio.ByteBuffer;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketReceiver;
import org.apache.hadoop.util.DataChecksum;

/**
 * Frames {@link Packet}s in DataTransferProtocol's layout, {@code [PacketHeader][checksums][data]}, where the
 * header's packet length counts its own 4 bytes, the checksums and the data (as {@code DFSPacket#writeTo} and
 * {@code BlockSender#sendPacket} frame them).
 */
final class Packets {

  /** The sequence number of a keep-alive packet ({@code DFSPacket.HEART_BEAT_SEQNO}); acks echo it. */
  static final long HEARTBEAT_SEQNO = -1L;

  private Packets() {}

  /**
   * A data packet: {@code len} bytes of {@code data} from {@code off}, at {@code offsetInBlock}, with the chunk
   * checksums of {@code checksum} computed now.
   */
  static Packet data(long seqno, long offsetInBlock, byte[] data, int off, int len, DataChecksum checksum) {
    int sumLen = checksum.getChecksumSize(len);
    byte[] sums = new byte[sumLen];
    checksum.calculateChunkedSums(data, off, len, sums, 0);
    return frame(seqno, offsetInBlock, Flags.DATA, ByteBuffer.wrap(sums), ByteBuffer.wrap(data, off, len));
  }

  /**
   * The empty packet that ends a block: the receivers finalize their replicas on it, and with {@code syncBlock}
   * ({@code CreateFlag.SYNC_BLOCK}) sync them to disk first, as HDFS's stream asks on a block's last packet.
   */
  static Packet last(long seqno, long offsetInBlock, boolean syncBlock) {
    return frame(seqno, offsetInBlock, new Flags(true, syncBlock), ByteBuffer.allocate(0), ByteBuffer.allocate(0));
  }

  /** A keep-alive packet: no data, and not counted in any block book. */
  static byte[] heartbeat() {
    return frame(0, Flags.DATA, ByteBuffer.allocate(0), ByteBuffer.allocate(0), HEARTBEAT_SEQNO);
  }

  /** A copy of the packet {@code receiver} holds (its buffers are reused by the next read), flags included. */
  static Packet copyOf(PacketReceiver receiver) {
    PacketHeader h = receiver.getHeader();
    return frame(h.getSeqno(), h.getOffsetInBlock(), new Flags(h.isLastPacketInBlock(), h.getSyncBlock()),
        receiver.getChecksumSlice(), receiver.getDataSlice());
  }

  /** A packet's header flags: the block's last packet, and whether the receiver syncs the block on it. */
  private record Flags(boolean last, boolean sync) {
    static final Flags DATA = new Flags(false, false);
  }

  private static Packet frame(long seqno, long offsetInBlock, Flags flags, ByteBuffer sums, ByteBuffer data) {
    int dataLen = data.remaining();
    return new Packet(seqno, offsetInBlock, dataLen, flags.last(), frame(offsetInBlock, flags, sums, data, seqno));
  }

  private static byte[] frame(long offsetInBlock, Flags flags, ByteBuffer sums, ByteBuffer data, long seqno) {
    int sumLen = sums.remaining();
    int dataLen = data.remaining();
    PacketHeader header = new PacketHeader(4 + sumLen + dataLen, offsetInBlock, seqno, flags.last(), dataLen,
        flags.sync());
    ByteBuffer wire = ByteBuffer.allocate(header.getSerializedSize() + sumLen + dataLen);
    header.putInBuffer(wire);
    wire.put(sums.duplicate());
    wire.put(data.duplicate());
    return wire.array();
  }
}
