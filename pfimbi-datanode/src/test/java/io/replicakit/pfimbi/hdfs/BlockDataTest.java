/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;

class BlockDataTest {

  private static final DataChecksum CRC = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);

  @Test
  void of_computesOneChecksumPerChunkIncludingThePartialLastOne() throws Exception {
    byte[] data = new byte[1300];
    new Random(1).nextBytes(data);
    BlockData d = BlockData.of(data, CRC);
    assertEquals(3 * 4, d.sums().length);
    assertEquals(1300, d.length());
    assertSame(data, d.data());
    d.verify();
  }

  @Test
  void verify_detectsAFlippedByte() {
    byte[] data = new byte[2048];
    new Random(2).nextBytes(data);
    BlockData good = BlockData.of(data, CRC);
    byte[] corrupt = data.clone();
    corrupt[1500] ^= 1;
    BlockData bad = BlockData.withChecksums(corrupt, CRC, good.sums());
    assertThrows(ChecksumException.class, bad::verify);
  }

  @Test
  void withChecksums_rejectsWrongChecksumLength() {
    assertThrows(IllegalArgumentException.class, () -> BlockData.withChecksums(new byte[1025], CRC, new byte[8]));
  }

  @Test
  void emptyBlockHasNoChecksums() throws Exception {
    BlockData d = BlockData.of(new byte[0], CRC);
    assertEquals(0, d.sums().length);
    d.verify();
    assertEquals(0, BlockData.withChecksums(new byte[0], CRC, new byte[0]).sums().length);
  }
}
