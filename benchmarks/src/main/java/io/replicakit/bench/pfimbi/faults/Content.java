/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

/**
 * The bytes a campaign file holds, as a function of its seed and the offset: any range can be produced on its own,
 * so a block read back is compared with exactly what was written at its offsets, without keeping the data. Each
 * 8-byte word is the SplitMix64 finalizer of (seed, word index): cheap, and no two files or offsets alike.
 */
final class Content {

  private Content() {}

  /** Fills {@code buf[0..len)} with the content at {@code offset..offset+len} of the file with {@code seed}. */
  static void fill(long seed, long offset, byte[] buf, int len) {
    for (int i = 0; i < len; i++) {
      buf[i] = at(seed, offset + i);
    }
  }

  /** Whether {@code buf[0..len)} is the content at {@code offset}; the first difference ends the comparison. */
  static boolean matches(long seed, long offset, byte[] buf, int len) {
    for (int i = 0; i < len; i++) {
      if (buf[i] != at(seed, offset + i)) {
        return false;
      }
    }
    return true;
  }

  static byte at(long seed, long pos) {
    return (byte) (mix(seed + (pos >>> 3) * 0x9E3779B97F4A7C15L) >>> ((pos & 7) * 8));
  }

  /** SplitMix64's finalizer: a bijection that scatters neighbouring inputs. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
