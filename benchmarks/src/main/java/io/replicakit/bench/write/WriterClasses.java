/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.yarn.YarnInstall;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Which of the writer classes ({@link WriteVariant#FILE_SYSTEM_CLASS}, {@link WriteVariant#RELAY_PLUGIN_CLASS}) the
 * clients and DataNodes of a run can load: this JVM's class path in the embedded mode (daemons, TestDFSIO's maps and
 * the checks all run here); in the processes mode also the installable jar, which the daemons, the TestDFSIO client
 * JVM and YARN's containers run (docs/testbed.md), since a class only this JVM has would fail there.
 *
 * @param present the writer classes every JVM of the run can load
 * @param where what was looked at, for the report
 */
public record WriterClasses(Set<String> present, String where) {

  static final List<String> ALL = List.of(WriteVariant.FILE_SYSTEM_CLASS, WriteVariant.RELAY_PLUGIN_CLASS);

  public WriterClasses {
    present = Set.copyOf(present);
  }

  /** What a run in {@code mode} can load. */
  public static WriterClasses detect(ClusterMode mode) {
    Set<String> here = find(WriterClasses::loadable);
    if (mode != ClusterMode.PROCESSES) {
      return new WriterClasses(here, "this JVM's class path");
    }
    DaemonInstall install = DaemonInstall.fromSystemProperties();
    List<String> missing = YarnInstall.missingClasses(List.of(install.jar()), ALL);
    Set<String> both = find(c -> here.contains(c) && !missing.contains(c));
    return new WriterClasses(both, "this JVM's class path and " + install.jar().getFileName());
  }

  private static Set<String> find(Predicate<String> present) {
    Set<String> found = new TreeSet<>();
    ALL.stream().filter(present).forEach(found::add);
    return found;
  }

  static boolean loadable(String className) {
    try {
      Class.forName(className, false, WriterClasses.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  public boolean fileSystem() {
    return present.contains(WriteVariant.FILE_SYSTEM_CLASS);
  }

  public boolean relay() {
    return present.contains(WriteVariant.RELAY_PLUGIN_CLASS);
  }

  /**
   * Fails, before any cluster starts, when a chosen variant's writer classes are missing.
   *
   * @throws IllegalArgumentException naming each such variant and its missing classes
   */
  public void require(List<WriteVariant> variants) {
    List<String> problems = new ArrayList<>();
    for (WriteVariant v : variants) {
      List<String> missing = v.requiredClasses().stream().filter(c -> !present.contains(c)).toList();
      if (!missing.isEmpty()) {
        problems.add(v.id() + " needs " + String.join(" and ", missing));
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems) + ", not found in " + where
          + " (the writers of pfimbi-datanode's io.replicakit.write; rebuild after they land, or run --variants "
          + "pipeline)");
    }
  }

  /** One line for the report and results.json: which client file system and whether the relay is installed. */
  public String describe() {
    return (fileSystem() ? WriteVariant.FILE_SYSTEM_CLASS + " for every variant (pipeline in mode pipeline)"
        : "HDFS's DistributedFileSystem for pipeline (" + WriteVariant.FILE_SYSTEM_CLASS + " not in " + where + ")")
        + "; " + (relay() ? WriteVariant.RELAY_PLUGIN_CLASS + " in every DataNode, every variant"
        : "no relay plugin in the DataNodes (" + WriteVariant.RELAY_PLUGIN_CLASS + " not in " + where + ")");
  }
}
