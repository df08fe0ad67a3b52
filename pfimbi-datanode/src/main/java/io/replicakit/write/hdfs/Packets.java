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
    return frame(seqno, offsetInBlock, false, ByteBuffer.wrap(sums), ByteBuffer.wrap(data, off, len));
  }

  /** The empty packet that ends a block: the receivers finalize their replicas on it. */
  static Packet last(long seqno, long offsetInBlock) {
    return frame(seqno, offsetInBlock, true, ByteBuffer.allocate(0), ByteBuffer.allocate(0));
  }

  /** A keep-alive packet: no data, and not counted in any block book. */
  static byte[] heartbeat() {
    return frame(0, false, ByteBuffer.allocate(0), ByteBuffer.allocate(0), HEARTBEAT_SEQNO);
  }

  /** A copy of the packet {@code receiver} holds (its buffers are reused by the next read). */
  static Packet copyOf(PacketReceiver receiver) {
    PacketHeader h = receiver.getHeader();
    return frame(h.getSeqno(), h.getOffsetInBlock(), h.isLastPacketInBlock(), receiver.getChecksumSlice(),
        receiver.getDataSlice());
  }

  private static Packet frame(long seqno, long offsetInBlock, boolean last, ByteBuffer sums, ByteBuffer data) {
    int dataLen = data.remaining();
    return new Packet(seqno, offsetInBlock, dataLen, last, frame(offsetInBlock, last, sums, data, seqno));
  }

  private static byte[] frame(long offsetInBlock, boolean last, ByteBuffer sums, ByteBuffer data, long seqno) {
    int sumLen = sums.remaining();
    int dataLen = data.remaining();
    PacketHeader header = new PacketHeader(4 + sumLen + dataLen, offsetInBlock, seqno, last, dataLen, false);
    ByteBuffer wire = ByteBuffer.allocate(header.getSerializedSize() + sumLen + dataLen);
    header.putInBuffer(wire);
    wire.put(sums.duplicate());
    wire.put(data.duplicate());
    return wire.array();
  }
}
