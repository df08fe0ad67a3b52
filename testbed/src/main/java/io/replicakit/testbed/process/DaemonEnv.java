/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where one daemon's JVM finds its jars and configuration and puts its logs, and how to reach its JMX agent.
 *
 * @param install the jars (Hadoop's, the installable jar, the testbed's)
 * @param confDir its {@code HADOOP_CONF_DIR}: core-site.xml, hdfs-site.xml, log4j.properties
 * @param hadoopHome a directory holding {@code webapps/}, as {@code share/hadoop/hdfs} of a distribution does
 * @param logDir where {@code NAME.log} and {@code NAME.out} go
 * @param tmpDir the JVM's {@code java.io.tmpdir} (Jetty's work folders): inside the cluster, so a killed daemon
 *     leaves nothing in the machine's {@code /tmp}
 * @param jvmOptions JVM options (heap size and any others)
 * @param jmxPort port of the JVM's JMX agent on the daemon's address; 0 for none
 */
public record DaemonEnv(DaemonInstall install, Path confDir, Path hadoopHome, Path logDir, Path tmpDir,
    List<String> jvmOptions, int jmxPort) {

  public DaemonEnv {
    Objects.requireNonNull(install, "install");
    Objects.requireNonNull(confDir, "confDir");
    Objects.requireNonNull(hadoopHome, "hadoopHome");
    Objects.requireNonNull(logDir, "logDir");
    Objects.requireNonNull(tmpDir, "tmpDir");
    jvmOptions = List.copyOf(jvmOptions);
  }

  public DaemonEnv withJmxPort(int port) {
    return new DaemonEnv(install, confDir, hadoopHome, logDir, tmpDir, jvmOptions, port);
  }
}
