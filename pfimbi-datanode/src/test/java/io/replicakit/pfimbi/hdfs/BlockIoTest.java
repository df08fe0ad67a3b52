/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketReceiver;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The packet framing of {@link BlockIo#writePackets}, parsed back with Hadoop's own {@link PacketReceiver}. */
class BlockIoTest {

  @ParameterizedTest(name = "{0} bytes, {1}/{2}, packet {3}")
  @CsvSource({
      "0, CRC32C, 512, 65536",
      "1, CRC32C, 512, 65536",
      "512, CRC32C, 512, 65536",
      "64000, CRC32C, 512, 65536",
      "1048576, CRC32C, 512, 65536",
      "1000003, CRC32, 512, 65536",
      "100000, CRC32C, 4096, 8192",
      "5000, CRC32C, 512, 100",
      "70000, NULL, 512, 65536"})
  void packetsParseBackToTheSameBytesAndChecksums(int length, String type, int bytesPerChecksum, int packetSize)
      throws Exception {
    DataChecksum checksum = DataChecksum.newDataChecksum(DataChecksum.Type.valueOf(type), bytesPerChecksum);
    byte[] data = new byte[length];
    new Random(length).nextBytes(data);
    BlockData block = BlockData.of(data, checksum);

    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    BlockIo.writePackets(new DataOutputStream(wire), block, packetSize);

    ByteArrayInputStream in = new ByteArrayInputStream(wire.toByteArray());
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    int maxDataLen = BlockIo.chunksPerPacket(packetSize, checksum) * bytesPerChecksum;
    long expectedSeqno = 0;
    try (PacketReceiver receiver = new PacketReceiver(false)) {
      while (true) {
        receiver.receiveNextPacket(in);
        PacketHeader header = receiver.getHeader();
        assertTrue(header.sanityCheck(expectedSeqno - 1), header.toString());
        assertEquals(expectedSeqno++, header.getSeqno());
        assertEquals(received.size(), header.getOffsetInBlock());
        if (header.isLastPacketInBlock()) {
          assertEquals(0, header.getDataLen());
          break;
        }
        ByteBuffer dataSlice = receiver.getDataSlice();
        ByteBuffer sumSlice = receiver.getChecksumSlice();
        assertTrue(header.getDataLen() <= maxDataLen);
        assertEquals(header.getDataLen(), dataSlice.remaining());
        assertEquals(checksum.getChecksumSize(header.getDataLen()), sumSlice.remaining());
        if (header.getOffsetInBlock() + header.getDataLen() < length) {
          assertEquals(0, header.getDataLen() % bytesPerChecksum, "only the last packet may end mid-chunk");
        }
        // what BlockReceiver#verifyChunks does with each packet
        checksum.verifyChunkedSums(dataSlice.duplicate(), sumSlice.duplicate(), "test", header.getOffsetInBlock());
        byte[] chunk = new byte[dataSlice.remaining()];
        dataSlice.get(chunk);
        received.write(chunk);
      }
    }
    assertEquals(0, in.available(), "nothing after the last packet");
    assertArrayEquals(data, received.toByteArray());
  }

  @ParameterizedTest(name = "packet {0}, bpc {1} -> {2} chunks")
  @CsvSource({"65536, 512, 126", "512, 512, 1", "100, 512, 1", "8192, 4096, 1"})
  void chunksPerPacketMatchesTheClientsRule(int packetSize, int bytesPerChecksum, int expected) {
    DataChecksum crc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, bytesPerChecksum);
    assertEquals(expected, BlockIo.chunksPerPacket(packetSize, crc));
    assertFalse(expected < 1);
  }

  /** A write paused for foreground I/O flushes what it sent, waits, and then sends the same packets. */
  @Test
  void pausedWrite_flushesWaitsAndStillSendsEveryPacket() throws Exception {
    DataChecksum checksum = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
    byte[] data = new byte[300_000];
    new Random(3).nextBytes(data);
    BlockData block = BlockData.of(data, checksum);
    java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
    ByteArrayOutputStream paused = new ByteArrayOutputStream();
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    java.util.concurrent.atomic.AtomicLong counted = new java.util.concurrent.atomic.AtomicLong();

    BlockIo.writePackets(new DataOutputStream(paused), block, 65536,
        new BlockIo.Pause(() -> asked.incrementAndGet() > 5, 1_000, counted::addAndGet), false);
    BlockIo.writePackets(new DataOutputStream(plain), block, 65536);

    assertTrue(asked.get() > 5, "the condition was asked again while paused");
    assertEquals(data.length, counted.get(), "every data byte reported as sent");
    org.junit.jupiter.api.Assertions.assertArrayEquals(plain.toByteArray(), paused.toByteArray());
  }

  /** A synced write asks for the sync once, on the empty last packet, as a client's hsync before close does. */
  @Test
  void syncedWrite_setsTheSyncFlagOnTheLastPacketOnly() throws Exception {
    BlockData block = BlockData.of(new byte[300_000], DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512));
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    BlockIo.writePackets(new DataOutputStream(wire), block, 65536, BlockIo.Pause.NEVER, true);

    ByteArrayInputStream in = new ByteArrayInputStream(wire.toByteArray());
    int packets = 0;
    try (PacketReceiver receiver = new PacketReceiver(false)) {
      while (true) {
        receiver.receiveNextPacket(in);
        PacketHeader header = receiver.getHeader();
        packets++;
        assertEquals(header.isLastPacketInBlock(), header.getSyncBlock(), header.toString());
        if (header.isLastPacketInBlock()) {
          break;
        }
      }
    }
    assertTrue(packets > 2, "data packets and the last one: " + packets);
  }

  /** The pause budget bounds the wait, so the receiver never times the connection out. */
  @Test
  void pause_endsWhenItsBudgetIsSpent_evenIfTheConditionNeverClears() throws Exception {
    DataChecksum checksum = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
    BlockData block = BlockData.of(new byte[200_000], checksum);
    long start = System.nanoTime();

    BlockIo.writePackets(new DataOutputStream(new ByteArrayOutputStream()), block, 65536,
        new BlockIo.Pause(() -> false, 100, bytes -> { }), false);

    long ms = (System.nanoTime() - start) / 1_000_000;
    assertTrue(ms >= 90 && ms < 2_000, "paused " + ms + " ms for a 100 ms budget");
  }
}
