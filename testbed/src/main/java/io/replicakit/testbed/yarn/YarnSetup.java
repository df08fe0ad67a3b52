/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What YARN takes from the multi-process HDFS cluster it runs beside.
 *
 * @param spec the cluster's nodes: a NodeManager runs on each DataNode's address, in its rack
 * @param common the settings every HDFS daemon and client of the cluster has ({@code fs.defaultFS}, topology, ...)
 * @param resourceManagerAddress where the ResourceManager runs: the NameNode's address
 * @param baseDir the cluster's directory: configuration under {@code conf/}, local dirs under {@code tmp/}
 * @param logDir the cluster's log directory: daemon logs, and container logs under {@code containers/NODE}
 * @param hadoopHome the folder with Hadoop's {@code webapps/}, first on the daemons' class path
 * @param processes how JVMs are launched (the launcher hook, JVM options, start timeout)
 * @param install the HDFS daemons' jars
 */
public record YarnSetup(ClusterSpec spec, Map<String, String> common, String resourceManagerAddress, Path baseDir,
    Path logDir, Path hadoopHome, ProcessOptions processes, DaemonInstall install) {

  public YarnSetup {
    Objects.requireNonNull(spec, "spec");
    common = Map.copyOf(common);
    Objects.requireNonNull(resourceManagerAddress, "resourceManagerAddress");
    Objects.requireNonNull(baseDir, "baseDir");
    Objects.requireNonNull(logDir, "logDir");
    Objects.requireNonNull(hadoopHome, "hadoopHome");
    Objects.requireNonNull(processes, "processes");
    Objects.requireNonNull(install, "install");
  }

  Path confDir(String jvm) {
    return baseDir.resolve("conf").resolve(jvm);
  }

  Path tmpDir(String jvm) {
    return baseDir.resolve("tmp").resolve(jvm);
  }

  /** Where a node's containers write their logs. */
  Path containerLogs(String node) {
    return containerLogs(logDir, node);
  }

  /** Where a node's containers write their logs, in the cluster log directory {@code logDir}. */
  static Path containerLogs(Path logDir, String node) {
    return logDir.resolve("containers").resolve(node);
  }
}
