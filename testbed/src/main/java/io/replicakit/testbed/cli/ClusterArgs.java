/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the commands that start a testbed cluster ({@code --spec}, {@code --spec-set}, {@code --dir},
 * {@code --set}, {@code --processes}), as a picocli mixin: a command includes it with {@code @Mixin}.
 */
public final class ClusterArgs {

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "small",
      description = "named spec (paper, one-ssd, small, six-disks, six-disks-lowmem, ssd-split, nine-nodes,"
          + " nine-nodes-switch, one-ssd-two-racks) or a .properties spec file; "
          + "default ${DEFAULT-VALUE}")
  String spec;

  @Option(names = "--spec-set", paramLabel = "FIELD=VALUE",
      description = "override of a spec field (repeatable), e.g. --spec-set device.mibps.ssd=80")
  Map<String, String> specSettings = new LinkedHashMap<>();

  @Option(names = "--dir", paramLabel = "DIR",
      description = "directory for the cluster's storage; default a new temporary directory")
  Path dir;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "extra HDFS setting for the NameNode and DataNodes (repeatable)")
  Map<String, String> settings = new LinkedHashMap<>();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  /** The spec named by {@code --spec} with the {@code --spec-set} overrides applied. */
  public ClusterSpec spec() {
    Properties props = ClusterSpecs.properties(spec);
    specSettings.forEach((k, v) -> props.setProperty(k.trim(), v.trim()));
    return SpecParser.parse(props, spec);
  }

  /**
   * Whether the cluster needs a private network namespace: only with {@code --processes} and a spec with
   * {@code net.*} links to shape; an embedded cluster ignores them.
   */
  public boolean needsNetworkNamespace() {
    return processes.processes && spec().network().enabled();
  }

  /** Cluster options from {@code --dir}, {@code --set} and {@code --processes}. */
  public ClusterOptions clusterOptions() throws IOException {
    ClusterOptions options = ClusterOptions.in(dir != null ? dir : Files.createTempDirectory("replicakit-cluster-"))
        .withMode(processes.mode());
    for (Map.Entry<String, String> e : settings.entrySet()) {
      options = options.with(e.getKey().trim(), e.getValue().trim());
    }
    return options;
  }
}
