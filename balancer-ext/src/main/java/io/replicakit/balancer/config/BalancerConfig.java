/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.config;

import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import java.util.List;

/**
 * Every configuration key of ReplicaKit's balancer, declared once. HDFS's own Balancer keys
 * ({@code dfs.balancer.*}, {@code dfs.datanode.balance.*}) keep their meaning; these add what HDFS's Balancer
 * does not have. The balancer checks them when it starts and exits with the message of every key at fault.
 */
public final class BalancerConfig {

  public static final String PREFIX = "replicakit.balancer.";

  /** Ninety: a disk busier than that has no time for a balancer's copies (hotspot paper, §III's stress). */
  public static final ConfigKey<Double> BUSY_MAX = ConfigKey.number(PREFIX + "busy.max.pct", 90, 0, 100)
      .unit("%").readBy("balancer")
      .doc("A DataNode whose busiest volume is busier than this (heartbeat metrics) is neither source nor target "
          + "of a move in this iteration. Nodes without fresh metrics take part. 100 turns the check off.");

  /** Zero: the threshold alone decides, as it decides what an iteration moves; a spread is an optional extra. */
  public static final ConfigKey<Double> TRIGGER_STD = ConfigKey.number(PREFIX + "trigger.std.pct", 0, 0, 100)
      .unit("%").readBy("balancer")
      .doc("`balancer -asService`: a round starts when some DataNode's storage is further than `-threshold` from "
          + "the mean utilization of its storage type, checked every `replicakit.balancer.trigger.interval`, and "
          + "the standard deviation of the DataNodes' utilization also exceeds this many percentage points. 0: no "
          + "condition besides the threshold. (Until session 53 the deviation alone decided, from 5 points.)");

  public static final ConfigKey<Long> TRIGGER_INTERVAL = ConfigKey.durationMs(PREFIX + "trigger.interval", 60_000,
      1_000, 86_400_000).readBy("balancer")
      .doc("`balancer -asService`: how often the DataNodes' utilization is checked.");

  public static final ConfigKeys KEYS = ConfigKeys.of("balancer-ext", PREFIX, "balancer",
      List.of(BUSY_MAX, TRIGGER_STD, TRIGGER_INTERVAL));

  private BalancerConfig() {}
}
