/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.storage;

import java.util.Locale;

/**
 * A data rate, held in bytes per second. The testbed's devices are set in MiB/s (what TestDFSIO reports as
 * "mb/sec") and read selection's model in MB/s (the read paper's unit); a rate travels between them only as this
 * type, and {@link Unit} is the one place where a number in a unit becomes bytes per second and back, so that a
 * MiB/s figure can no longer land in an MB/s setting unconverted (a 4.9 % error).
 *
 * @param bytesPerSec the rate; finite and not negative
 */
public record Throughput(double bytesPerSec) {

  /** The units ReplicaKit's settings and reports use. */
  public enum Unit {
    /** Bytes per second. */
    BYTES_PER_SEC("B/s", 1),
    /** Megabytes (10^6 bytes) per second. */
    MB_PER_SEC("MB/s", 1e6),
    /** Mebibytes (2^20 bytes) per second. */
    MIB_PER_SEC("MiB/s", 1 << 20);

    private final String symbol;
    private final double bytes;

    Unit(String symbol, double bytes) {
      this.symbol = symbol;
      this.bytes = bytes;
    }

    /** As written after a number: {@code MB/s}, {@code MiB/s}. */
    public String symbol() {
      return symbol;
    }
  }

  public static final Throughput ZERO = new Throughput(0);

  public Throughput {
    if (!(bytesPerSec >= 0) || Double.isInfinite(bytesPerSec)) {
      throw new IllegalArgumentException("a throughput must be finite and >= 0 bytes/s, was " + bytesPerSec);
    }
  }

  /** {@code amount} {@code unit}s per second. */
  public static Throughput of(double amount, Unit unit) {
    return new Throughput(amount * unit.bytes);
  }

  public static Throughput mbPerSec(double amount) {
    return of(amount, Unit.MB_PER_SEC);
  }

  public static Throughput mibPerSec(double amount) {
    return of(amount, Unit.MIB_PER_SEC);
  }

  /** This rate as a number of {@code unit}s per second. */
  public double in(Unit unit) {
    return bytesPerSec / unit.bytes;
  }

  public double mbPerSec() {
    return in(Unit.MB_PER_SEC);
  }

  public double mibPerSec() {
    return in(Unit.MIB_PER_SEC);
  }

  /** Whole bytes per second, rounded down: what a token bucket refills. */
  public long wholeBytesPerSec() {
    return (long) bytesPerSec;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%.1f MiB/s", mibPerSec());
  }
}
