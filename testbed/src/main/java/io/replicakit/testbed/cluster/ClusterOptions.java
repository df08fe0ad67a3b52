/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.process.ProcessOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to run a spec: where the cluster keeps its files, which HDFS settings to add (a placement policy, a block
 * size, ...), in which mode its daemons run, and which {@code hdfs-site.xml} samples to install first (the
 * {@code conf/} files an operator merges). Settings given here win over the samples, which win over the testbed's
 * defaults.
 *
 * @param baseDir directory for the cluster's storage, configuration and logs; its cluster files are wiped on start
 *     (an embedded cluster deletes all of it when it stops), so it must be new, empty or marked as a cluster's
 *     ({@link ClusterDirs#MARKER}); the start refuses any other
 * @param hdfsSettings extra HDFS keys for the NameNode and every DataNode
 * @param mode embedded (one JVM, the default) or processes (a JVM per daemon)
 * @param siteFiles {@code hdfs-site.xml}-format files merged in order into every daemon's configuration; a plugin
 *     list ({@code dfs.namenode.plugins}, {@code dfs.datanode.plugins}) is appended to, as an operator would
 * @param processes how daemons are launched in {@link ClusterMode#PROCESSES} mode
 * @param yarn in {@link ClusterMode#PROCESSES} mode, also run YARN (a ResourceManager and a NodeManager beside
 *     each DataNode) so TestDFSIO's maps run on the nodes; costs memory and start-up time, so only experiments
 *     that read through TestDFSIO ask for it. The embedded mode always uses the local job runner.
 */
public record ClusterOptions(Path baseDir, Map<String, String> hdfsSettings, ClusterMode mode, List<Path> siteFiles,
    ProcessOptions processes, boolean yarn) {

  public ClusterOptions {
    Objects.requireNonNull(baseDir, "baseDir");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(processes, "processes");
    hdfsSettings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hdfsSettings));
    siteFiles = List.copyOf(siteFiles);
  }

  /** Embedded options with these settings and no site files. */
  public ClusterOptions(Path baseDir, Map<String, String> hdfsSettings) {
    this(baseDir, hdfsSettings, ClusterMode.EMBEDDED, List.of(), ProcessOptions.defaults(), false);
  }

  public static ClusterOptions in(Path baseDir) {
    return new ClusterOptions(baseDir, Map.of());
  }

  /** A copy with one more HDFS setting. */
  public ClusterOptions with(String key, String value) {
    Map<String, String> settings = new LinkedHashMap<>(hdfsSettings);
    settings.put(key, value);
    return new ClusterOptions(baseDir, settings, mode, siteFiles, processes, yarn);
  }

  /** A copy that runs in {@code newMode}. */
  public ClusterOptions withMode(ClusterMode newMode) {
    return new ClusterOptions(baseDir, hdfsSettings, newMode, siteFiles, processes, yarn);
  }

  /** A copy that also installs the {@code hdfs-site.xml} sample {@code file} (after the ones already listed). */
  public ClusterOptions withSiteFile(Path file) {
    List<Path> files = new ArrayList<>(siteFiles);
    files.add(file);
    return new ClusterOptions(baseDir, hdfsSettings, mode, files, processes, yarn);
  }

  /** A copy with other process launch options (used in {@link ClusterMode#PROCESSES} mode only). */
  public ClusterOptions withProcesses(ProcessOptions newProcesses) {
    return new ClusterOptions(baseDir, hdfsSettings, mode, siteFiles, newProcesses, yarn);
  }

  /** A copy that also runs YARN when in {@link ClusterMode#PROCESSES} mode (see {@link #yarn()}). */
  public ClusterOptions withYarn() {
    return new ClusterOptions(baseDir, hdfsSettings, mode, siteFiles, processes, true);
  }
}
