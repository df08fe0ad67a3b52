/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which the policies of a read stage take their turns: one read each per round, the order rotated by
 * one from round to round.
 *
 * <p>Why: reading each policy's repetitions back to back, always in the same order, put the baseline's reads first
 * after the warm-up in every run, and every ratio compared means taken at different times in a fixed order; a drift of
 * the machine (another tenant, the page cache, the JIT) then went into the ratios. Rounds spread each policy's reads
 * over the stage, and rotation moves each through the positions (with as many rounds as policies, through every one).
 */
final class ReadRounds {

  private ReadRounds() {}

  /** The policies' order in round {@code round} (0 first): {@code variants} rotated left by {@code round}. */
  static List<String> order(List<String> variants, int round) {
    List<String> order = new ArrayList<>(variants);
    if (!order.isEmpty()) {
      Collections.rotate(order, -(round % order.size()));
    }
    return order;
  }
}
