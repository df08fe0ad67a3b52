/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The reference documentation of a module's keys, generated from their declarations: a Hadoop-style
 * {@code replicakit-default.xml} (as {@code hdfs-default.xml}) that the build puts into the module's jar, and the
 * module's table in docs/configuration.md, between the lines {@code <!-- generated:MODULE -->} and
 * {@code <!-- /generated:MODULE -->}; the prose around the tables is written by hand. ReplicaKit does not load the
 * XML file: the defaults live in the code, and the file tells an operator what they are.
 *
 * <p>The build runs {@link #main} after compiling each module with keys; each module's config test fails, naming
 * the command that regenerates it ({@link #regenerateCommand}), when its table in docs/configuration.md differs.
 */
public final class ConfigReference {

  /** The resource every jar with keys holds. */
  public static final String DEFAULT_XML = "replicakit-default.xml";

  private ConfigReference() {}

  /**
   * {@code CLASS[,CLASS...] XML_OUT [DOC write|check|skip]}: writes the XML of the keys held by each
   * {@code CLASS}'s static {@link ConfigKeys} field to {@code XML_OUT}, then rewrites, checks or leaves each one's
   * table in {@code DOC}.
   */
  public static void main(String[] args) throws IOException, ReflectiveOperationException {
    if (args.length != 2 && args.length != 4) {
      throw new IllegalArgumentException("usage: ConfigReference CLASS[,CLASS...] XML_OUT [DOC write|check|skip]");
    }
    List<ConfigKeys> all = new java.util.ArrayList<>();
    for (String holder : args[0].split(",")) {
      all.add(keysOf(Class.forName(holder.trim())));
    }
    Path xml = Path.of(args[1]);
    Files.createDirectories(xml.toAbsolutePath().getParent());
    Files.writeString(xml, xml(all), StandardCharsets.UTF_8);
    if (args.length == 4) {
      Path doc = Path.of(args[2]);
      for (ConfigKeys keys : all) {
        document(doc, keys, args[3]);
      }
    }
  }

  /** Rewrites, checks or leaves {@code keys}' table in {@code doc}, as {@code mode} says. */
  private static void document(Path doc, ConfigKeys keys, String mode) throws IOException {
    switch (mode) {
      case "write" -> Files.writeString(doc, withTable(Files.readString(doc), keys), StandardCharsets.UTF_8);
      case "check" -> {
        Optional<String> drift = drift(doc, keys);
        if (drift.isPresent()) {
          throw new IllegalStateException(drift.get());
        }
      }
      case "skip" -> { }
      default -> throw new IllegalArgumentException("mode must be write, check or skip, was " + mode);
    }
  }

  /** The one static {@link ConfigKeys} field of {@code holder}. */
  static ConfigKeys keysOf(Class<?> holder) throws IllegalAccessException {
    for (Field field : holder.getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigKeys.class) {
        field.setAccessible(true);
        return (ConfigKeys) field.get(null);
      }
    }
    throw new IllegalArgumentException(holder.getName() + " has no static ConfigKeys field");
  }

  /** The command that rewrites {@code module}'s table in docs/configuration.md from its keys. */
  public static String regenerateCommand(String module) {
    return "./mvnw -q -pl " + module + " -am process-classes -Dreplicakit.config.docs=write";
  }

  /** {@code replicakit-default.xml} for {@code keys}: each key with its default and description. */
  public static String xml(ConfigKeys keys) {
    return xml(List.of(keys));
  }

  /** One {@code replicakit-default.xml} for the keys of several holders of one module, in order. */
  public static String xml(List<ConfigKeys> holders) {
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<!-- ReplicaKit's configuration keys with their defaults, generated from their declarations in")
        .append(" code. A reference: ReplicaKit does not load this file; set keys in hdfs-site.xml. -->\n")
        .append("<configuration>\n");
    for (ConfigKey<?> key : holders.stream().flatMap(k -> k.all().stream()).toList()) {
      sb.append("  <property>\n")
          .append("    <name>").append(escape(key.name())).append("</name>\n")
          .append("    <value>").append(escape(key.literalDefault().orElse(""))).append("</value>\n")
          .append("    <description>").append(escape(plain(key.describe().substring(key.name().length() + 2))))
          .append("</description>\n")
          .append("  </property>\n");
    }
    return sb.append("</configuration>\n").toString();
  }

  /** The Markdown table of {@code keys}: key, default, unit, allowed values, reader (if any says), meaning. */
  public static String table(ConfigKeys keys) {
    boolean readers = keys.all().stream().anyMatch(k -> !k.readBy().isEmpty());
    StringBuilder sb = new StringBuilder("| key | default | unit | allowed | ")
        .append(readers ? "read by | " : "").append("meaning |\n|---|---|---|---|")
        .append(readers ? "---|" : "").append("---|\n");
    for (ConfigKey<?> key : keys.all()) {
      sb.append("| `").append(key.name()).append("` | ").append(cell(defaultCell(key))).append(" | ")
          .append(cell(key.unit())).append(" | ").append(cell(key.allowed())).append(" | ");
      if (readers) {
        sb.append(cell(key.readBy())).append(" | ");
      }
      sb.append(cell(key.doc())).append(" |\n");
    }
    return sb.toString();
  }

  /**
   * {@code doc} with the text between {@code keys}' markers replaced by their {@link #table}.
   *
   * @throws IllegalArgumentException when the markers are missing
   */
  public static String withTable(String doc, ConfigKeys keys) {
    String begin = beginMarker(keys.module());
    String end = endMarker(keys.module());
    int from = doc.indexOf(begin);
    int to = doc.indexOf(end);
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("the document has no lines " + begin + " ... " + end);
    }
    return doc.substring(0, from + begin.length()) + "\n" + table(keys) + doc.substring(to);
  }

  /**
   * Why {@code doc}'s table of {@code keys} is not what they generate, with the command that regenerates it;
   * empty when it is.
   */
  public static Optional<String> drift(Path doc, ConfigKeys keys) throws IOException {
    String text = Files.readString(doc);
    String expected;
    try {
      expected = withTable(text, keys);
    } catch (IllegalArgumentException e) {
      return Optional.of(doc + ": " + e.getMessage() + "; add them where " + keys.module()
          + "'s key table belongs, then run: " + regenerateCommand(keys.module()));
    }
    if (expected.equals(text)) {
      return Optional.empty();
    }
    return Optional.of(doc + ": the table of " + keys.module() + "'s keys differs from their declarations in code"
        + firstDifference(text, expected) + ". Regenerate it with: " + regenerateCommand(keys.module()));
  }

  static String beginMarker(String module) {
    return "<!-- generated:" + module + " -->";
  }

  static String endMarker(String module) {
    return "<!-- /generated:" + module + " -->";
  }

  private static String firstDifference(String actual, String expected) {
    List<String> a = actual.lines().toList();
    List<String> e = expected.lines().toList();
    for (int i = 0; i < Math.max(a.size(), e.size()); i++) {
      String was = i < a.size() ? a.get(i) : "(end)";
      String wanted = i < e.size() ? e.get(i) : "(end)";
      if (!was.equals(wanted)) {
        return " (line " + (i + 1) + " is\n  " + was + "\nand would be\n  " + wanted + "\n)";
      }
    }
    return "";
  }

  private static String defaultCell(ConfigKey<?> key) {
    return key.defaultInWords().orElseGet(() -> key.literalDefault()
        .map(d -> d.isEmpty() ? "(empty)" : "`" + d + "`").orElse("(none)"));
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }

  /** Documentation text without Markdown's code quotes, for the XML. */
  private static String plain(String text) {
    return text.replace("`", "");
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
