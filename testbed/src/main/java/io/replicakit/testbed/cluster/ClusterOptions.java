/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How to run a spec: where the cluster keeps its files and which HDFS settings to add (a placement policy,
 * a block size, ...). Settings given here win over the testbed's defaults.
 *
 * @param baseDir directory for the NameNode and DataNode storage; wiped on start
 * @param hdfsSettings extra HDFS keys for the NameNode and every DataNode
 */
public record ClusterOptions(Path baseDir, Map<String, String> hdfsSettings) {

  public ClusterOptions {
    Objects.requireNonNull(baseDir, "baseDir");
    hdfsSettings = Map.copyOf(hdfsSettings);
  }

  public static ClusterOptions in(Path baseDir) {
    return new ClusterOptions(baseDir, Map.of());
  }

  /** A copy with one more HDFS setting. */
  public ClusterOptions with(String key, String value) {
    Map<String, String> settings = new LinkedHashMap<>(hdfsSettings);
    settings.put(key, value);
    return new ClusterOptions(baseDir, settings);
  }
}
