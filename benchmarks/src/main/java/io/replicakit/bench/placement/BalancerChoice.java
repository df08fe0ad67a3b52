/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.bench.hdfs.HdfsBalancer;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The balancers the placement lab's third stage can run, each as its own JVM with the same arguments. */
public enum BalancerChoice {
  /** HDFS's own Balancer: the paper's stage 3. */
  HDFS("hdfs", "balancing", HdfsBalancer.HDFS_MAIN, "balancer.out", "the HDFS Balancer"),
  /** ReplicaKit's balancer-ext: HDFS's budgets, moves chosen by rack diversity and node load. */
  REPLICAKIT("replicakit", "balancing-replicakit", "io.replicakit.balancer.BalancerTool",
      "balancer-replicakit.out", "ReplicaKit's balancer");

  private final String label;
  private final String stage;
  private final String mainClass;
  private final String logName;
  private final String description;

  BalancerChoice(String label, String stage, String mainClass, String logName, String description) {
    this.label = label;
    this.stage = stage;
    this.mainClass = mainClass;
    this.logName = logName;
    this.description = description;
  }

  String label() {
    return label;
  }

  /** The name of the stage it runs in {@code results.json}. */
  String stage() {
    return stage;
  }

  String mainClass() {
    return mainClass;
  }

  String logName() {
    return logName;
  }

  String description() {
    return description;
  }

  /** A comma-separated list of labels ({@code hdfs,replicakit}), in the given order, without repeats. */
  public static List<BalancerChoice> parse(String list) {
    List<BalancerChoice> choices = Arrays.stream(list.split(",")).map(String::trim).map(BalancerChoice::named)
        .distinct().toList();
    if (choices.isEmpty()) {
      throw new IllegalArgumentException("no balancer named in '" + list + "'");
    }
    return choices;
  }

  static BalancerChoice named(String label) {
    for (BalancerChoice c : values()) {
      if (c.label.equals(label.toLowerCase(Locale.ROOT))) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown balancer '" + label + "'; choose from "
        + Arrays.stream(values()).map(BalancerChoice::label).collect(Collectors.joining(", ")));
  }
}
