/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The command line of one daemon JVM, built in one place so a {@link NodeLauncher} can wrap it: what
 * {@code hdfs namenode} or {@code hdfs datanode} would run (the real main class, {@code HADOOP_CONF_DIR} first on
 * the class path, then Hadoop's jars, then the installable jar as {@code HADOOP_CLASSPATH} adds it), plus the
 * harness's two additions: a JMX agent on the daemon's own address (device control, fault injection) and the
 * testbed's parent watchdog agent, which ends the daemon when the JVM that launched it is gone.
 *
 * @param id the daemon
 * @param mainClass its real main class
 * @param args its arguments ({@code -format ...} or none)
 * @param logName base name of its log files ({@code namenode}, {@code dn01}, {@code namenode-format})
 * @param env jars, configuration directory, log directory, heap and JMX port
 */
public record DaemonCommand(DaemonId id, String mainClass, List<String> args, String logName, DaemonEnv env) {

  public static final String NAMENODE_MAIN = "org.apache.hadoop.hdfs.server.namenode.NameNode";
  public static final String DATANODE_MAIN = "org.apache.hadoop.hdfs.server.datanode.DataNode";

  /** Module access Hadoop needs on Java 17 (Hadoop's own test and start-up flags). */
  static final List<String> OPENS = List.of("java.io", "java.lang", "java.lang.reflect", "java.math", "java.net",
      "java.nio", "java.text", "java.util", "java.util.concurrent", "java.util.zip", "sun.nio.ch",
      "sun.security.util", "sun.security.x509");

  public DaemonCommand {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(mainClass, "mainClass");
    args = List.copyOf(args);
    Objects.requireNonNull(logName, "logName");
    Objects.requireNonNull(env, "env");
  }

  /** {@code hdfs namenode}. */
  public static DaemonCommand nameNode(DaemonId id, DaemonEnv env) {
    return new DaemonCommand(id, NAMENODE_MAIN, List.of(), id.name(), env);
  }

  /** {@code hdfs namenode -format -force -nonInteractive}: a new namespace in the configured name directory. */
  public static DaemonCommand formatNameNode(DaemonId id, DaemonEnv env) {
    return new DaemonCommand(id, NAMENODE_MAIN, List.of("-format", "-force", "-nonInteractive"),
        id.name() + "-format", env.withJmxPort(0));
  }

  /** {@code hdfs datanode}. */
  public static DaemonCommand dataNode(DaemonId id, DaemonEnv env) {
    return new DaemonCommand(id, DATANODE_MAIN, List.of(), id.name(), env);
  }

  public Path logFile() {
    return env.logDir().resolve(logName + ".log");
  }

  /** Standard output and error of the JVM (start-up failures before logging is set up land here). */
  public Path outFile() {
    return env.logDir().resolve(logName + ".out");
  }

  /** The JVM's command line, {@code parentPid} being the process its watchdog follows. */
  public List<String> argv(long parentPid) {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-XX:+UseSerialGC");
    argv.add("-XX:+IgnoreUnrecognizedVMOptions");
    OPENS.forEach(p -> argv.add("--add-opens=java.base/" + p + "=ALL-UNNAMED"));
    argv.addAll(env.jvmOptions());
    argv.add("-Dproc_" + id.role().name().toLowerCase(Locale.ROOT));
    argv.add("-Djava.net.preferIPv4Stack=true");
    argv.add("-Djava.io.tmpdir=" + env.tmpDir());
    argv.add("-Dhadoop.log.dir=" + env.logDir());
    argv.add("-Dhadoop.log.file=" + logFile().getFileName());
    argv.add("-Dhadoop.id.str=" + id.name());
    argv.add("-Dlog4j.configuration=" + env.confDir().resolve("log4j.properties").toUri());
    argv.addAll(jmxOptions());
    argv.add("-javaagent:" + env.install().testbedJar() + "=" + parentPid);
    argv.add("-cp");
    argv.add(classpath());
    argv.add(mainClass);
    argv.addAll(args);
    return argv;
  }

  /** HADOOP_CONF_DIR, the webapps folder, Hadoop's jars, then the installable jar and the testbed's. */
  String classpath() {
    List<Path> entries = new ArrayList<>();
    entries.add(env.confDir());
    entries.add(env.hadoopHome());
    entries.addAll(env.install().daemonJars());
    return entries.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }

  /**
   * The JDK's own JMX agent on the daemon's address only, without authentication: the harness's control channel
   * on a test machine's loopback addresses, never a production setting.
   */
  private List<String> jmxOptions() {
    if (env.jmxPort() == 0) {
      return List.of();
    }
    String port = Integer.toString(env.jmxPort());
    return List.of(
        "-Dcom.sun.management.jmxremote.port=" + port,
        "-Dcom.sun.management.jmxremote.rmi.port=" + port,
        "-Dcom.sun.management.jmxremote.host=" + id.address(),
        "-Djava.rmi.server.hostname=" + id.address(),
        "-Dcom.sun.management.jmxremote.authenticate=false",
        "-Dcom.sun.management.jmxremote.ssl=false");
  }
}
