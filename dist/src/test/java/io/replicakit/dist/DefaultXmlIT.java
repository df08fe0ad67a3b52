/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.balancer.config.BalancerConfig;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.common.config.ConfigReference;
import io.replicakit.common.config.KnownKeys;
import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.write.WriteConfig;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The installable jar's {@code replicakit-default.xml}: the build merges the daemon modules' references into one,
 * which lists every key of every module in the jar with its default, in Hadoop's configuration format.
 */
class DefaultXmlIT {

  private static final List<ConfigKeys> MODULES = List.of(MetricsConfig.KEYS, ReadSelectionConfig.KEYS,
      PfimbiConfig.KEYS, WriteConfig.KEYS, PlacementConfig.KEYS, BalancerConfig.KEYS);

  private static byte[] defaultXml() throws Exception {
    try (JarFile jar = new JarFile(Path.of(System.getProperty("distjarit.jar")).toFile())) {
      JarEntry entry = jar.getJarEntry(ConfigReference.DEFAULT_XML);
      assertNotNull(entry, ConfigReference.DEFAULT_XML + " in the jar");
      try (InputStream in = jar.getInputStream(entry)) {
        return in.readAllBytes();
      }
    }
  }

  @Test
  void listsEveryKeyOfEveryDaemonModule_once() throws Exception {
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(defaultXml()));
    NodeList names = doc.getElementsByTagName("name");
    List<String> listed = new ArrayList<>();
    for (int i = 0; i < names.getLength(); i++) {
      listed.add(names.item(i).getTextContent());
    }
    List<String> declared = new ArrayList<>();
    MODULES.forEach(m -> declared.addAll(m.names()));
    assertEquals(declared.stream().sorted().toList(), listed.stream().sorted().toList());
    assertEquals(declared.size(), doc.getElementsByTagName("description").getLength());
  }

  @Test
  void everyModulesPrefix_isKnown_soNoModuleWarnsAboutAnothersKeys() {
    for (ConfigKeys module : MODULES) {
      assertTrue(KnownKeys.PREFIXES.contains(module.prefix()), module.module() + "'s prefix " + module.prefix());
    }
  }

  @Test
  void hadoopReadsItsDefaults_asTheKeysDeclareThem() throws Exception {
    Configuration conf = new Configuration(false);
    conf.addResource(new ByteArrayInputStream(defaultXml()), ConfigReference.DEFAULT_XML);
    for (ConfigKeys module : MODULES) {
      for (ConfigKey<?> key : module.all()) {
        String literal = key.literalDefault().filter(d -> !d.isEmpty()).orElse(null);
        assertEquals(literal, conf.get(key.name()), key.name());
      }
      assertEquals(List.of(), module.validate(conf).problems(), "the defaults are valid values");
    }
  }
}
