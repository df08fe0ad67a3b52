/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.process.DaemonCommand;
import io.replicakit.testbed.process.DaemonEnv;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.ProcessOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Writes an HDFS daemon's {@code HADOOP_CONF_DIR} and starts its JVM through the cluster's launcher (which puts it in
 * its host's network namespace when links are shaped), so that {@link ProcessCluster} keeps to the cluster's life
 * cycle.
 */
final class DaemonStarter {

  private final DaemonInstall install;
  private final Path baseDir;
  private final ProcessOptions processes;

  DaemonStarter(DaemonInstall install, Path baseDir, ProcessOptions processes) {
    this.install = install;
    this.baseDir = baseDir;
    this.processes = processes;
  }

  DaemonInstall install() {
    return install;
  }

  /** Writes {@code settings} as the daemon's site files; the environment its JVM starts with. */
  DaemonEnv configure(DaemonId id, Map<String, String> settings, int jmxPort) throws IOException {
    Path confDir = ClusterDirs.conf(baseDir, id.name());
    DaemonConfs.write(confDir, settings);
    return new DaemonEnv(install, confDir, ClusterDirs.home(baseDir), ClusterDirs.logs(baseDir),
        baseDir.resolve("tmp").resolve(id.name()), processes.jvmOptions(), jmxPort);
  }

  DaemonProcess start(DaemonCommand command) throws IOException {
    return DaemonProcess.start(command, processes.launcher());
  }

  /** Runs {@code hdfs namenode -format} with the NameNode's configuration and waits for it to succeed. */
  void formatNameNode(DaemonId id, Map<String, String> settings) throws IOException {
    DaemonProcess format = start(DaemonCommand.formatNameNode(id, configure(id, settings, 0)));
    try {
      int code = format.awaitExit(processes.startTimeout());
      if (code != 0) {
        throw new IOException("formatting the NameNode failed (exit " + code + "); see " + format.describeLogs());
      }
    } catch (TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    }
  }
}
