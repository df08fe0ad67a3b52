/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a daemon of a multi-process cluster runs: Hadoop's jars, ReplicaKit's installable jar as an operator
 * installs it ({@code dist/target/replicakit-VERSION.jar}), and the testbed's jar for the harness's own pieces in
 * the daemons (emulated devices, the control plugins, the parent watchdog). Only jars: a class folder of the build
 * on a daemon's class path would hide whatever the installable jar gets wrong.
 *
 * @param jar the installable jar
 * @param testbedJar the testbed module's jar
 * @param hadoopClasspath Hadoop's jars and their dependencies, nothing else
 */
public record DaemonInstall(Path jar, Path testbedJar, List<Path> hadoopClasspath) {

  /** System property naming the installable jar. */
  public static final String JAR_PROPERTY = "testbed.processes.jar";
  /** System property naming a file that holds Hadoop's class path ({@code dist/target/hadoop.classpath}). */
  public static final String HADOOP_CLASSPATH_PROPERTY = "testbed.processes.hadoop.classpath";
  /** System property naming the testbed jar; default the jar this class was loaded from. */
  public static final String TESTBED_JAR_PROPERTY = "testbed.processes.testbed.jar";

  private static final String BUILD_HINT = " (bin/replicakit sets it; build the jar with "
      + "./mvnw -pl dist -am package -DskipTests)";

  public DaemonInstall {
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(testbedJar, "testbedJar");
    hadoopClasspath = List.copyOf(hadoopClasspath);
    requireJar(jar, "the installable jar");
    requireJar(testbedJar, "the testbed jar");
    if (hadoopClasspath.isEmpty()) {
      throw new IllegalArgumentException("Hadoop's class path is empty");
    }
    for (Path entry : hadoopClasspath) {
      if (entry.getFileName().toString().startsWith("replicakit")) {
        throw new IllegalArgumentException("Hadoop's class path must not hold ReplicaKit's own classes: " + entry);
      }
    }
  }

  /** The install the system properties name; fails naming the missing property and how to build the jar. */
  public static DaemonInstall fromSystemProperties() {
    String jar = System.getProperty(JAR_PROPERTY, "");
    String classpathFile = System.getProperty(HADOOP_CLASSPATH_PROPERTY, "");
    if (jar.isBlank() || classpathFile.isBlank()) {
      throw new IllegalStateException("a multi-process cluster needs -D" + JAR_PROPERTY + "=replicakit-VERSION.jar"
          + " and -D" + HADOOP_CLASSPATH_PROPERTY + "=FILE" + BUILD_HINT);
    }
    String testbed = System.getProperty(TESTBED_JAR_PROPERTY, "");
    Path testbedJar = testbed.isBlank() ? ownJar() : Path.of(testbed);
    return new DaemonInstall(Path.of(jar), testbedJar, readClasspath(Path.of(classpathFile)));
  }

  /** Entries of a class path file as Maven's {@code dependency:build-classpath} writes it. */
  public static List<Path> readClasspath(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException("Hadoop class path file " + file + " does not exist" + BUILD_HINT);
    }
    try {
      List<Path> entries = new ArrayList<>();
      for (String entry : Files.readString(file).trim().split(File.pathSeparator)) {
        if (!entry.isBlank()) {
          entries.add(Path.of(entry.trim()));
        }
      }
      return entries;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** Every jar a daemon's class path gets after its configuration directory: Hadoop's, then ours. */
  public List<Path> daemonJars() {
    List<Path> jars = new ArrayList<>(hadoopClasspath);
    jars.add(jar);
    jars.add(testbedJar);
    return jars;
  }

  private static Path ownJar() {
    try {
      Path location = Path.of(DaemonInstall.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(location)) {
        throw new IllegalStateException("the testbed runs from the class folder " + location + ", not its jar;"
            + " daemons take jars only: set -D" + TESTBED_JAR_PROPERTY
            + "=testbed/target/replicakit-testbed-VERSION.jar");
      }
      return location;
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the testbed jar", e);
    }
  }

  private static void requireJar(Path path, String what) {
    if (!Files.isRegularFile(path) || !path.getFileName().toString().endsWith(".jar")) {
      throw new IllegalArgumentException(what + " must be a jar file, was " + path + BUILD_HINT);
    }
  }
}
