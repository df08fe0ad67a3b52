/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.experiment;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The {@code --set KEY=VALUE} option of the experiments that start a cluster, as a picocli mixin. */
public final class HdfsSettings {

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "extra HDFS or replicakit.* setting for the"
      + " NameNode and DataNodes (repeatable), applied after the experiment's own")
  Map<String, String> settings = new LinkedHashMap<>();

  /** The settings in the order given, keys and values trimmed. */
  public Map<String, String> map() {
    Map<String, String> trimmed = new LinkedHashMap<>();
    settings.forEach((k, v) -> trimmed.put(k.trim(), v.trim()));
    return trimmed;
  }
}
