/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.hdfs.InternalApi;
import io.replicakit.pfimbi.manager.ReplicationManager;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.util.ServicePlugin;
import org.junit.jupiter.api.Test;

/**
 * The module's packages by role, read from the compiled classes: the decision core names no Hadoop type, only the
 * adaptors name HDFS's server-side internals, and the daemons' glue (plugins, metrics sources, MXBeans) lives in
 * {@code namenode} and {@code datanode}.
 */
class PackageRolesTest {

  private static final List<String> CORE = List.of("activity", "flow", "sched", "coordinator", "manager");
  private static final List<String> GLUE = List.of("namenode", "datanode");
  private static final String PREFIX = "io.replicakit.pfimbi.";

  /**
   * A list that declares nothing: every Hadoop type and member the given classes name is "undeclared" (a member's
   * owner is always among the types, fully qualified).
   */
  private static final InternalApi NOTHING = InternalApi.builder("no Hadoop", PackageRolesTest.class).build();

  @Test
  void decisionCore_namesNoHadoopTypeOrMember() throws Exception {
    Map<String, List<String>> found = new TreeMap<>();
    for (Class<?> c : moduleClasses()) {
      if (CORE.contains(subpackage(c))) {
        List<String> refs = NOTHING.undeclared(c);
        if (!refs.isEmpty()) {
          found.put(c.getName(), refs);
        }
      }
    }
    assertEquals(Map.of(), found);
  }

  @Test
  void hdfsServerInternals_areNamedOnlyByTheAdaptors() throws Exception {
    Map<String, List<String>> found = new TreeMap<>();
    for (Class<?> c : moduleClasses()) {
      if (!c.getName().startsWith(PREFIX + "hdfs.")) {
        List<String> refs = NOTHING.undeclared(c).stream()
            .filter(r -> r.startsWith("type org.apache.hadoop.hdfs.server.")).toList();
        if (!refs.isEmpty()) {
          found.put(c.getName(), refs);
        }
      }
    }
    assertEquals(Map.of(), found);
  }

  @Test
  void pluginsMetricsSourcesAndMxBeans_liveInTheGluePackages() throws Exception {
    List<String> misplaced = new ArrayList<>();
    int glue = 0;
    for (Class<?> c : moduleClasses()) {
      boolean isGlue = ServicePlugin.class.isAssignableFrom(c) || MetricsSource.class.isAssignableFrom(c)
          || c.getSimpleName().endsWith("MXBean");
      if (isGlue) {
        glue++;
        if (!GLUE.contains(subpackage(c))) {
          misplaced.add(c.getName());
        }
      }
    }
    assertEquals(List.of(), misplaced);
    assertTrue(glue >= 5, "found the plugins, their metrics sources and the MXBean: " + glue);
  }

  private static String subpackage(Class<?> c) {
    String rest = c.getName().substring(PREFIX.length());
    return rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : "";
  }

  /** Every top-level class of this module's main code under {@code io.replicakit.pfimbi}. */
  private static List<Class<?>> moduleClasses() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(ReplicationManager.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path base = root.resolve("io/replicakit/pfimbi");
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.walk(base)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().contains("$"))
          .sorted().toList()) {
        String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
        classes.add(Class.forName(name, false, PackageRolesTest.class.getClassLoader()));
      }
    }
    assertTrue(classes.size() > 50, "read the module's classes from " + base);
    return classes;
  }
}
