/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

/** What a writer put at each offset of a file, to compare what is read back with. */
@FunctionalInterface
public interface WrittenContent {

  /** The byte at {@code offset}. */
  byte at(long offset);

  /**
   * What Hadoop 3.5.0's TestDFSIO writes: zeros. Its {@code WriteMapper} fills its buffer with {@code '0' + i % 50}
   * in its constructor, but the buffer is only allocated afterwards, in {@code IOMapperBase.configure} ({@code new
   * byte[test.io.file.buffer.size]}); at construction the buffer size is 0 and the loop does nothing. Every
   * {@code write(buffer, 0, n)} of {@code doIO} therefore writes zeros. {@code WrittenContentTest} checks this
   * against the TestDFSIO on the class path.
   */
  WrittenContent TEST_DFSIO = offset -> 0;

  /**
   * The pattern file's bytes: a hash of the offset, so that a block, packet or chunk written at the wrong place, twice
   * or not at all shows up (TestDFSIO's zeros cannot tell one block from another).
   */
  WrittenContent PATTERN = offset -> {
    long x = offset * 0x9E3779B97F4A7C15L;
    x ^= x >>> 29;
    x *= 0xBF58476D1CE4E5B9L;
    return (byte) (x >>> 56);
  };

  /** How many of {@code length} bytes of {@code actual}, read at file offset {@code offset}, differ from this. */
  default long mismatches(byte[] actual, int length, long offset) {
    long differing = 0;
    for (int i = 0; i < length; i++) {
      if (actual[i] != at(offset + i)) {
        differing++;
      }
    }
    return differing;
  }
}
