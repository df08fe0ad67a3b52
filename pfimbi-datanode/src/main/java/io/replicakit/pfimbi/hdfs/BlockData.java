/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;

/**
 * The bytes of one whole replica held in memory (the Replication Manager's buffer, thesis §4.2.3), together with
 * the chunk checksums that protect them.
 *
 * <p>The checksums are computed right after {@link BlockIo#fetch} has verified the bytes against the source's
 * own checksums, in the source replica's checksum type and chunk size. {@link BlockIo#writeLocal(
 * org.apache.hadoop.hdfs.protocol.ExtendedBlock, BlockData, org.apache.hadoop.fs.StorageType)} sends them
 * unchanged and the receiving {@code BlockReceiver} verifies them, so a block that sat in the buffer for minutes is
 * still checked end to end, and the new replica's {@code .meta} file has the same checksum type as the source
 * (which keeps {@code getFileChecksum} consistent across replicas). Not copied defensively: treat the arrays as
 * read-only.
 */
final class BlockData {

  private final byte[] data;
  private final DataChecksum checksum;
  private final byte[] sums;

  private BlockData(byte[] data, DataChecksum checksum, byte[] sums) {
    this.data = data;
    this.checksum = checksum;
    this.sums = sums;
  }

  /** Wraps {@code data} and computes its chunk checksums with {@code checksum}'s type and chunk size. */
  public static BlockData of(byte[] data, DataChecksum checksum) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(checksum, "checksum");
    byte[] sums = new byte[sumsLength(data.length, checksum)];
    checksum.calculateChunkedSums(data, 0, data.length, sums, 0);
    return new BlockData(data, checksum, sums);
  }

  /**
   * Wraps {@code data} with checksums obtained elsewhere (not verified here: the receiver verifies them).
   *
   * @throws IllegalArgumentException if {@code sums} has the wrong length for {@code data}
   */
  public static BlockData withChecksums(byte[] data, DataChecksum checksum, byte[] sums) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(checksum, "checksum");
    Objects.requireNonNull(sums, "sums");
    int expected = sumsLength(data.length, checksum);
    if (sums.length != expected) {
      throw new IllegalArgumentException(
          "expected " + expected + " checksum bytes for " + data.length + " data bytes, got " + sums.length);
    }
    return new BlockData(data, checksum, sums);
  }

  /** Checksum bytes for {@code n} data bytes ({@link DataChecksum#getChecksumSize(int)} says 1 chunk for 0). */
  static int sumsLength(int n, DataChecksum checksum) {
    return n == 0 ? 0 : checksum.getChecksumSize(n);
  }

  /** The replica's bytes. */
  public byte[] data() {
    return data;
  }

  /** Number of data bytes (the replica's length). */
  public int length() {
    return data.length;
  }

  /** Checksum type and bytes per checksum of {@link #sums()}. */
  public DataChecksum checksum() {
    return checksum;
  }

  /** Concatenated chunk checksums, {@code checksum().getChecksumSize()} bytes per chunk. */
  public byte[] sums() {
    return sums;
  }

  /** Verifies the data against the checksums (e.g. before a long stay in a buffer; costs one CRC pass). */
  public void verify() throws ChecksumException {
    checksum.verifyChunkedSums(ByteBuffer.wrap(data), ByteBuffer.wrap(sums), "BlockData", 0);
  }

  @Override
  public String toString() {
    return "BlockData[" + data.length + " bytes, " + checksum + "]";
  }
}
