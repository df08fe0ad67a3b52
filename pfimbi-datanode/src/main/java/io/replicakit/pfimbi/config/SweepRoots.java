/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import io.replicakit.common.config.ValueType;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** The directories whose trees the coordinator sweeps: a comma list of one or more absolute paths. */
final class SweepRoots implements ValueType<List<String>> {

  @Override
  public List<String> parse(String text) {
    return Arrays.stream(text.split(",")).map(String::trim).filter(r -> !r.isEmpty()).toList();
  }

  @Override
  public String allowed() {
    return "a comma list of one or more absolute paths";
  }

  @Override
  public String outOfRange(List<String> roots, String text, Configuration conf) {
    return roots.isEmpty() || roots.stream().anyMatch(r -> !r.startsWith("/"))
        ? "must be " + allowed() + ", was '" + text + "'" : null;
  }

  @Override
  public String format(List<String> roots) {
    return String.join(",", roots);
  }
}
