/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.process.DaemonInstall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * What YARN's JVMs run: Hadoop's class path of the daemons' install (dist/target/hadoop.classpath, which lists
 * YARN and MapReduce beside HDFS), plus TestDFSIO's jar for the client JVM ({@code hadoop-mapreduce-client-jobclient}
 * tests jar, as {@code share/hadoop/mapreduce/} of a distribution holds it), taken from this JVM's class path,
 * where the testbed's in-process TestDFSIO runner finds it too.
 *
 * @param daemons the install the HDFS daemons run
 * @param dfsioJar the jar holding {@code org.apache.hadoop.fs.TestDFSIO}
 */
public record YarnInstall(DaemonInstall daemons, Path dfsioJar) {

  public static final String RESOURCE_MANAGER_MAIN = "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager";
  public static final String NODE_MANAGER_MAIN = "org.apache.hadoop.yarn.server.nodemanager.NodeManager";
  public static final String DFSIO_MAIN = "org.apache.hadoop.fs.TestDFSIO";

  /** Classes each YARN JVM kind needs: the daemons, MapReduce's AM, its task JVMs and the shuffle service. */
  public static final List<String> REQUIRED_CLASSES = List.of(RESOURCE_MANAGER_MAIN, NODE_MANAGER_MAIN,
      "org.apache.hadoop.mapreduce.v2.app.MRAppMaster", "org.apache.hadoop.mapred.YarnChild",
      "org.apache.hadoop.mapred.ShuffleHandler", "org.apache.hadoop.mapred.YARNRunner",
      // The ResourceManager's web UI refers to the timeline service's classes even when the service is off.
      "org.apache.hadoop.yarn.server.timelineservice.collector.TimelineCollectorManager");

  private static final String BUILD_HINT = "; rebuild it with ./mvnw -pl dist -am package -DskipTests"
      + " (dist/pom.xml lists YARN and MapReduce as provided dependencies)";

  /**
   * The YARN install beside {@code daemons}.
   *
   * @throws IllegalStateException naming the classes Hadoop's class path lacks, or a missing TestDFSIO jar
   */
  public static YarnInstall of(DaemonInstall daemons) {
    List<String> missing = missingClasses(daemons.hadoopClasspath(), REQUIRED_CLASSES);
    if (!missing.isEmpty()) {
      throw new IllegalStateException("Hadoop's class path of the daemons lacks YARN's classes " + missing
          + BUILD_HINT);
    }
    return new YarnInstall(daemons, ownJarOf(DFSIO_MAIN));
  }

  /** The names in {@code classes} that no jar of {@code jars} holds. */
  public static List<String> missingClasses(List<Path> jars, List<String> classes) {
    Set<String> left = new LinkedHashSet<>(classes);
    for (Path jar : jars) {
      if (left.isEmpty()) {
        break;
      }
      if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
        continue;
      }
      try (JarFile file = new JarFile(jar.toFile())) {
        left.removeIf(name -> file.getEntry(name.replace('.', '/') + ".class") != null);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + jar, e);
      }
    }
    return List.copyOf(left);
  }

  /** Class path of the ResourceManager and NodeManagers: the daemons' one (Hadoop's jars, then ours). */
  public DaemonInstall daemonInstall() {
    return daemons;
  }

  /** Class path of a TestDFSIO client JVM: Hadoop's jars and TestDFSIO's, then the installable and testbed jars. */
  public DaemonInstall clientInstall() {
    List<Path> hadoop = new ArrayList<>(daemons.hadoopClasspath());
    if (!hadoop.contains(dfsioJar)) {
      hadoop.add(dfsioJar);
    }
    return new DaemonInstall(daemons.jar(), daemons.testbedJar(), hadoop);
  }

  /**
   * What a container JVM (MapReduce's AM, a map, a reduce) runs after its node's configuration directory: the
   * daemons' jars, as on a node where the installable jar sits in Hadoop's folders, and the testbed's (the socket
   * factory its node's configuration names, the watchdog agent). The job's own jar (TestDFSIO's) comes with the
   * job.
   */
  public List<Path> containerJars() {
    return daemons.daemonJars();
  }

  private static Path ownJarOf(String className) {
    try {
      Class<?> type = Class.forName(className, false, YarnInstall.class.getClassLoader());
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(location)) {
        throw new IllegalStateException(className + " comes from " + location + ", not a jar");
      }
      return location;
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " is not on the class path: the testbed needs Hadoop's"
          + " hadoop-mapreduce-client-jobclient tests jar", e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the jar of " + className, e);
    }
  }
}
