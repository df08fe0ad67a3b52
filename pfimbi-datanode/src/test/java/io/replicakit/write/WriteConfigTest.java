/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.config.ConfigReference;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The write approaches' keys: the mode per path, validation naming the key, and the generated reference. */
class WriteConfigTest {

  @Test
  void mode_appliesUnderTheConfiguredPaths_only() {
    Configuration conf = new Configuration(false);
    conf.set(WriteConfig.MODE.name(), "broadcast");
    assertEquals(WriteMode.BROADCAST, WriteConfig.modeFor(conf, "/any/file"), "no paths: every file");
    conf.set(WriteConfig.PATHS.name(), "/benchmarks, /jobs/");
    assertEquals(WriteMode.BROADCAST, WriteConfig.modeFor(conf, "/benchmarks/TestDFSIO/io_data/test_io_0"));
    assertEquals(WriteMode.BROADCAST, WriteConfig.modeFor(conf, "/jobs/x"));
    assertEquals(WriteMode.PIPELINE, WriteConfig.modeFor(conf, "/benchmarks2/x"), "a prefix is a directory");
    assertEquals(WriteMode.PIPELINE, WriteConfig.modeFor(conf, "/hbase/WALs/x"));
  }

  @Test
  void masterSlave_isSpelledWithAHyphen() {
    Configuration conf = new Configuration(false);
    conf.set(WriteConfig.MODE.name(), "master-slave");
    assertEquals(WriteMode.MASTER_SLAVE, WriteConfig.MODE.get(conf));
    assertEquals("master-slave", WriteMode.MASTER_SLAVE.key());
  }

  @Test
  void badValues_areNamedWithTheirKeyAndAllowedValues() {
    Configuration conf = new Configuration(false);
    conf.set(WriteConfig.MODE.name(), "fanout");
    conf.set(WriteConfig.PATHS.name(), "relative/dir");
    String problems = String.join("\n", WriteConfig.KEYS.validate(conf).problems());
    assertTrue(problems.contains("replicakit.write.mode") && problems.contains("pipeline, broadcast or master-slave"),
        problems);
    assertTrue(problems.contains("replicakit.write.paths"), problems);
  }

  @Test
  void configurationReference_matchesTheDeclarations() throws Exception {
    assertEquals(Optional.empty(), ConfigReference.drift(Path.of("..", "docs", "configuration.md"),
        WriteConfig.KEYS));
  }
}
