/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Where a YARN job's map tasks ran, read from the NodeManagers' container logs: a container whose {@code syslog}
 * shows MapReduce's map task processing its split ran a map on the node whose log folder holds it.
 */
public final class ContainerLogs {

  static final String MAP_MARKER = "mapred.MapTask: Processing split";

  private ContainerLogs() {}

  /**
   * For each application ({@code application_...}) of the cluster whose log directory is {@code logDir}, how many
   * map tasks ran on each node.
   */
  public static Map<String, Map<String, Integer>> mapTasks(ClusterSpec spec, Path logDir) {
    Map<String, Map<String, Integer>> apps = new TreeMap<>();
    for (DataNodeSpec node : spec.dataNodes()) {
      Path dir = YarnSetup.containerLogs(logDir, node.name());
      if (!Files.isDirectory(dir)) {
        continue;
      }
      for (Path app : list(dir)) {
        long maps = list(app).stream().filter(ContainerLogs::ranMap).count();
        if (maps > 0) {
          apps.computeIfAbsent(app.getFileName().toString(), a -> new TreeMap<>())
              .put(node.name(), (int) maps);
        }
      }
    }
    return apps;
  }

  private static boolean ranMap(Path container) {
    Path syslog = container.resolve("syslog");
    if (!Files.isRegularFile(syslog)) {
      return false;
    }
    try (Stream<String> lines = Files.lines(syslog, StandardCharsets.UTF_8)) {
      return lines.anyMatch(line -> line.contains(MAP_MARKER));
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  private static List<Path> list(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
