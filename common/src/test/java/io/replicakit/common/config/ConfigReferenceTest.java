/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigReferenceTest {

  /** A module's key holder, as the build's generator finds it: one static ConfigKeys field. */
  static final class Holder {
    static final ConfigKey<Long> HANDLERS = ConfigKey.whole("example.demo.handlers", 4, 1, 64)
        .unit("threads").readBy("NameNode").doc("RPC handler threads; more serve more DataNodes at once.");
    static final ConfigKey<Long> INTERVAL = ConfigKey.durationMs("example.demo.interval.ms", 0, 100, 60_000)
        .defaultFrom(c -> 3_000L, "`dfs.heartbeat.interval` (3 s)").readBy("DataNode").doc("Report period.");
    static final ConfigKey<String> ROOTS = ConfigKey.string("example.demo.roots", "/", "a path a|b",
        v -> v.startsWith("/")).unit("list").readBy("both").doc("Where <to> look & sweep.");
    static final ConfigKeys KEYS = ConfigKeys.of("demo", "example.demo.", "demo",
        List.of(HANDLERS, INTERVAL, ROOTS));
  }

  private static final String DOC = "# Keys\n\nProse before.\n\n<!-- generated:demo -->\nold table\n"
      + "<!-- /generated:demo -->\n\nProse after.\n";

  @Test
  void theXml_isAHadoopConfiguration_withEveryLiteralDefault() {
    String xml = ConfigReference.xml(Holder.KEYS);
    Configuration conf = new Configuration(false);
    conf.addResource(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "demo");
    assertEquals("4", conf.get(Holder.HANDLERS.name()));
    assertEquals("/", conf.get(Holder.ROOTS.name()));
    assertNull(conf.get(Holder.INTERVAL.name()), "a default that follows another key has no literal: unset");
    assertEquals(3_000, Holder.INTERVAL.get(conf));
    assertTrue(xml.contains("<description>Where &lt;to&gt; look &amp; sweep. Unit: list. Default: /."), xml);
    assertTrue(xml.contains("Default: dfs.heartbeat.interval (3 s)."), xml);
  }

  @Test
  void theTable_listsEveryKeyWithDefaultUnitRangeReaderAndMeaning() {
    String table = ConfigReference.table(Holder.KEYS);
    assertEquals(List.of(
        "| key | default | unit | allowed | read by | meaning |",
        "|---|---|---|---|---|---|",
        "| `example.demo.handlers` | `4` | threads | 1..64 | NameNode | RPC handler threads; more serve more "
            + "DataNodes at once. |",
        "| `example.demo.interval.ms` | `dfs.heartbeat.interval` (3 s) | ms | 100..60000 ms | DataNode | "
            + "Report period. |",
        "| `example.demo.roots` | `/` | list | a path a\\|b | both | Where <to> look & sweep. |"),
        table.lines().toList());
  }

  @Test
  void withTable_replacesOnlyTheGeneratedPart() {
    String doc = ConfigReference.withTable(DOC, Holder.KEYS);
    assertTrue(doc.startsWith("# Keys\n\nProse before.\n\n<!-- generated:demo -->\n| key |"), doc);
    assertTrue(doc.endsWith("|\n<!-- /generated:demo -->\n\nProse after.\n"), doc);
    assertEquals(doc, ConfigReference.withTable(doc, Holder.KEYS), "regenerating changes nothing");
    assertThrows(IllegalArgumentException.class, () -> ConfigReference.withTable("# no markers\n", Holder.KEYS));
  }

  @Test
  void drift_isReportedWithTheCommandThatRegenerates(@TempDir Path dir) throws Exception {
    Path doc = dir.resolve("configuration.md");
    Files.writeString(doc, DOC);
    String problem = ConfigReference.drift(doc, Holder.KEYS).orElseThrow();
    assertTrue(problem.contains("differs from their declarations in code"), problem);
    assertTrue(problem.contains("old table"), problem);
    assertTrue(problem.endsWith(ConfigReference.regenerateCommand("demo")), problem);
    assertEquals("./mvnw -q -pl demo -am process-classes -Dreplicakit.config.docs=write",
        ConfigReference.regenerateCommand("demo"));
    Files.writeString(doc, ConfigReference.withTable(DOC, Holder.KEYS));
    assertEquals(Optional.empty(), ConfigReference.drift(doc, Holder.KEYS));
  }

  @Test
  void main_writesTheXmlAndTheDocTable_orFailsACheck(@TempDir Path dir) throws Exception {
    Path xml = dir.resolve("classes").resolve(ConfigReference.DEFAULT_XML);
    Path doc = dir.resolve("configuration.md");
    Files.writeString(doc, DOC);
    String holder = Holder.class.getName();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ConfigReference.main(new String[] {holder, xml.toString(), doc.toString(), "check"}));
    assertTrue(e.getMessage().contains("Regenerate it with"), e.getMessage());
    ConfigReference.main(new String[] {holder, xml.toString(), doc.toString(), "write"});
    assertEquals(ConfigReference.xml(Holder.KEYS), Files.readString(xml));
    assertEquals(ConfigReference.withTable(DOC, Holder.KEYS), Files.readString(doc));
    ConfigReference.main(new String[] {holder, xml.toString(), doc.toString(), "check"});
  }
}
