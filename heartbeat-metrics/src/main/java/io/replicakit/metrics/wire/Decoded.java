/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.wire;

import io.replicakit.common.state.SystemSample;
import java.util.Objects;

/**
 * A decoding outcome: a valid sample, or the reason it was rejected with a readable detail. Returned rather than
 * thrown, because rejecting bad input is the normal path for a server facing the network.
 */
public final class Decoded {

  private final SystemSample sample;
  private final Rejection rejection;
  private final String detail;

  private Decoded(SystemSample sample, Rejection rejection, String detail) {
    this.sample = sample;
    this.rejection = rejection;
    this.detail = detail;
  }

  public static Decoded ok(SystemSample sample) {
    return new Decoded(Objects.requireNonNull(sample), null, "");
  }

  public static Decoded rejected(Rejection rejection, String detail) {
    return new Decoded(null, Objects.requireNonNull(rejection), detail);
  }

  public boolean isOk() {
    return sample != null;
  }

  /** The sample; only when {@link #isOk()}. */
  public SystemSample sample() {
    if (sample == null) {
      throw new IllegalStateException("rejected: " + rejection + ": " + detail);
    }
    return sample;
  }

  public Rejection rejection() {
    return rejection;
  }

  public String detail() {
    return detail;
  }

  @Override
  public String toString() {
    return isOk() ? "ok " + sample : rejection + ": " + detail;
  }
}
