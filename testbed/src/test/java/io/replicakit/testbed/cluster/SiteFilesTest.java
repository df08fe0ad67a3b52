/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteFilesTest {

  @TempDir
  Path dir;

  private Path site(String name, String... properties) throws Exception {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    for (int i = 0; i < properties.length; i += 2) {
      xml.append("  <property><name>").append(properties[i]).append("</name><value>").append(properties[i + 1])
          .append("</value></property>\n");
    }
    return Files.writeString(dir.resolve(name), xml.append("</configuration>\n").toString());
  }

  @Test
  void pluginLists_accumulateAcrossSamples_onceEach_otherKeysAreReplaced() throws Exception {
    Map<String, String> settings = new LinkedHashMap<>();
    SiteFiles.merge(settings, site("a.xml", "dfs.namenode.plugins", "a.Plugin", "example.x", "1"));
    SiteFiles.merge(settings, site("b.xml", "dfs.namenode.plugins", "b.Plugin, a.Plugin", "example.x", "2"));
    assertEquals("a.Plugin,b.Plugin", settings.get("dfs.namenode.plugins"));
    assertEquals("2", settings.get("example.x"));
  }

  @Test
  void missingSample_isRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SiteFiles.merge(new LinkedHashMap<>(), dir.resolve("nope.xml")));
    assertEquals("site file " + dir.resolve("nope.xml") + " does not exist", e.getMessage());
  }
}
