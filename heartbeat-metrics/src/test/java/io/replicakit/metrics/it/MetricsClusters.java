/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.it;

import io.replicakit.metrics.testing.MetricsRecipe;
import io.replicakit.testbed.cluster.ClusterOptions;
import java.nio.file.Path;

/** Embedded-cluster options with both plugins installed, as an operator's hdfs-site.xml would set them. */
final class MetricsClusters {

  static final long INTERVAL_MS = 1000;

  private MetricsClusters() {}

  static ClusterOptions withPlugins(Path dir) {
    return MetricsRecipe.install(ClusterOptions.in(dir), INTERVAL_MS);
  }
}
