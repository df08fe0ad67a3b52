/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

/**
 * Adds a plugin to one of HDFS's comma-separated plugin lists ({@code dfs.namenode.plugins},
 * {@code dfs.datanode.plugins}) in cluster options, keeping those already there, so that the install recipes of
 * several modules can be combined on one cluster instead of the last one replacing the others.
 */
public final class Plugins {

  private Plugins() {}

  public static ClusterOptions add(ClusterOptions options, String key, Class<?> plugin) {
    String had = options.hdfsSettings().get(key);
    return options.with(key, had == null || had.isBlank() ? plugin.getName() : had + "," + plugin.getName());
  }
}
