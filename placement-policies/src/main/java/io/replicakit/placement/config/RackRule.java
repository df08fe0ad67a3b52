/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which racks a block's replicas must span, as HDFS's own policies define it (placement paper §3). Our policies
 * change which node of an allowed rack is taken, never these rules.
 */
public enum RackRule {
  /** HDFS's default: the replicas on two racks, at most two per rack for three replicas (fewest rack crossings). */
  TWO_RACKS("two-racks"),
  /** HDFS's rack-fault-tolerant rule: the replicas spread over as many racks as there are replicas. */
  SPREAD("spread");

  private final String text;

  RackRule(String text) {
    this.text = text;
  }

  /** The name a setting uses. */
  public String text() {
    return text;
  }

  public static List<String> names() {
    return Arrays.stream(values()).map(RackRule::text).toList();
  }

  /** The rule named {@code text} (case-insensitive, trimmed). */
  public static Optional<RackRule> parse(String text) {
    return Arrays.stream(values()).filter(r -> r.text.equalsIgnoreCase(text.trim())).findFirst();
  }
}
