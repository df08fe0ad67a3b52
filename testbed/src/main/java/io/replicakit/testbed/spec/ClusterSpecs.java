/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/** Finds cluster specs by name (the ones shipped with the testbed) or by path to a properties file. */
public final class ClusterSpecs {

  /** Specs shipped in the jar, in the order the CLI lists them. */
  public static final List<String> NAMED = List.of("paper", "one-ssd", "small", "six-disks", "six-disks-lowmem",
      "ssd-split", "nine-nodes", "nine-nodes-switch", "one-ssd-two-racks");

  private ClusterSpecs() {}

  /**
   * Loads {@code nameOrPath}: a shipped spec name, or a path to a {@code .properties} spec file.
   *
   * @throws InvalidSpecException when no such spec exists or it fails validation
   */
  public static ClusterSpec load(String nameOrPath) {
    return SpecParser.parse(properties(nameOrPath), nameOrPath);
  }

  /** The raw fields of a spec, for callers that want to adjust a shipped spec before parsing it. */
  public static Properties properties(String nameOrPath) {
    Path file = Path.of(nameOrPath);
    Properties props = new Properties();
    try {
      if (Files.isRegularFile(file)) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
          props.load(in);
        }
        return props;
      }
      String resource = "/io/replicakit/testbed/specs/" + nameOrPath + ".properties";
      try (InputStream in = ClusterSpecs.class.getResourceAsStream(resource)) {
        if (in == null || !NAMED.contains(nameOrPath)) {
          throw new InvalidSpecException("unknown cluster spec '" + nameOrPath + "'; named specs: "
              + String.join(", ", NAMED) + ", or a path to a .properties spec file");
        }
        props.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        return props;
      }
    } catch (IOException e) {
      throw new InvalidSpecException("cannot read cluster spec '" + nameOrPath + "': " + e.getMessage());
    }
  }
}
