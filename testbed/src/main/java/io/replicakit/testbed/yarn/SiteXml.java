/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Map;

/**
 * Writes a YARN JVM's {@code HADOOP_CONF_DIR}: one settings map split into the site files Hadoop's configuration
 * classes read ({@code core-site.xml}, {@code hdfs-site.xml}, {@code yarn-site.xml}, {@code mapred-site.xml},
 * {@code capacity-scheduler.xml}), some keys marked final, and the testbed's daemon logging. Hand-written rather
 * than {@code Configuration.writeXml}, which cannot mark a key final.
 */
final class SiteXml {

  private SiteXml() {}

  /** Writes every file of {@code confDir}; keys in {@code finalKeys} cannot be overridden by a job. */
  static void write(Path confDir, Map<String, String> settings, Collection<String> finalKeys) throws IOException {
    Files.createDirectories(confDir);
    StringBuilder core = new StringBuilder();
    StringBuilder hdfs = new StringBuilder();
    StringBuilder yarn = new StringBuilder();
    StringBuilder mapred = new StringBuilder();
    StringBuilder scheduler = new StringBuilder();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      String key = e.getKey();
      String property = property(key, e.getValue(), finalKeys.contains(key));
      if (key.startsWith("dfs.")) {
        hdfs.append(property);
      } else if (key.startsWith("yarn.scheduler.capacity.")) {
        scheduler.append(property);
      } else if (key.startsWith("yarn.")) {
        yarn.append(property);
      } else if (key.startsWith("mapreduce.") || key.startsWith("mapred.")) {
        // The NodeManager reads its shuffle keys through its YARN configuration; jobs read mapred-site.xml.
        yarn.append(property);
        mapred.append(property);
      } else {
        core.append(property);
      }
    }
    file(confDir.resolve("core-site.xml"), core);
    file(confDir.resolve("hdfs-site.xml"), hdfs);
    file(confDir.resolve("yarn-site.xml"), yarn);
    file(confDir.resolve("mapred-site.xml"), mapred);
    file(confDir.resolve("capacity-scheduler.xml"), scheduler);
    copyResource("daemon-log4j.properties", confDir.resolve("log4j.properties"));
  }

  private static String property(String key, String value, boolean isFinal) {
    return "  <property><name>" + escape(key) + "</name><value>" + escape(value) + "</value>"
        + (isFinal ? "<final>true</final>" : "") + "</property>\n";
  }

  private static void file(Path path, CharSequence properties) throws IOException {
    String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by the ReplicaKit testbed. -->\n"
        + "<configuration>\n" + properties + "</configuration>\n";
    Files.writeString(path, xml, StandardCharsets.UTF_8);
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static void copyResource(String name, Path target) throws IOException {
    try (InputStream in = SiteXml.class.getResourceAsStream("/io/replicakit/testbed/process/" + name)) {
      if (in == null) {
        throw new IOException(name + " missing from the testbed jar");
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
