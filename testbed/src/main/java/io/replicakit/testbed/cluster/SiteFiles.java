/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * Merges {@code hdfs-site.xml}-format files (the {@code conf/} samples) into a cluster's settings the way
 * docs/installation.md tells an operator to: each property is set, except the plugin lists, which are appended to
 * with a comma (once per class).
 */
final class SiteFiles {

  /** Keys whose value is a list of classes that accumulate across features. */
  static final List<String> LIST_KEYS = List.of(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY,
      DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY);

  private SiteFiles() {}

  /** Merges every property of {@code file} into {@code settings}. */
  static void merge(Map<String, String> settings, Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("site file " + file + " does not exist");
    }
    Configuration site = new Configuration(false);
    site.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    for (Map.Entry<String, String> property : site) {
      put(settings, property.getKey(), property.getValue());
    }
  }

  /** Sets {@code key}, or for a plugin list adds the classes of {@code value} not listed yet. */
  static void put(Map<String, String> settings, String key, String value) {
    String existing = settings.get(key);
    if (!LIST_KEYS.contains(key) || existing == null || existing.isBlank()) {
      settings.put(key, value);
      return;
    }
    Set<String> classes = new LinkedHashSet<>(split(existing));
    classes.addAll(split(value));
    settings.put(key, String.join(",", classes));
  }

  private static List<String> split(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
