/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/**
 * The list fields of a spec: comma-separated entries, {@code x*N} repeating an entry N times, and one entry
 * standing for every node (or rack). Problems go to the parser's list, so one run reports all of them.
 */
final class SpecLists {

  private final Properties props;
  private final List<String> problems;

  SpecLists(Properties props, List<String> problems) {
    this.props = props;
    this.problems = problems;
  }

  /**
   * A list field of exactly {@code size} entries (one per {@code what}), or {@code dflt} repeated when absent;
   * one entry stands for all.
   */
  List<String> orDefault(String key, int size, String dflt, String what) {
    return sized(key, list(key, null), size, dflt, what);
  }

  /** {@link #orDefault} of {@code entries} already read by {@link #list}, so that its problems are not added again. */
  List<String> sized(String key, List<String> entries, int size, String dflt, String what) {
    if (entries.isEmpty()) {
      return Collections.nCopies(size, dflt);
    }
    if (entries.size() == 1) {
      return Collections.nCopies(size, entries.get(0));
    }
    if (entries.size() != size) {
      problems.add(key + " has " + entries.size() + " entries; expected 1 or " + size + " (one per " + what + ")");
      return Collections.nCopies(size, dflt);
    }
    return entries;
  }

  /** Splits a comma list, expanding {@code x*N} repetitions; empty when the field is absent or blank. */
  List<String> list(String key, String dflt) {
    String text = props.getProperty(key, dflt);
    if (text == null || text.isBlank()) {
      return List.of();
    }
    List<String> result = new ArrayList<>();
    for (String raw : text.split(",")) {
      String entry = raw.trim();
      int star = entry.lastIndexOf('*');
      if (star < 0) {
        result.add(entry);
        continue;
      }
      try {
        int times = Integer.parseInt(entry.substring(star + 1).trim());
        if (times < 1) {
          throw new NumberFormatException();
        }
        result.addAll(Collections.nCopies(times, entry.substring(0, star).trim()));
      } catch (NumberFormatException e) {
        problems.add(key + ": bad repetition '" + entry + "' (expected value*count with count >= 1)");
      }
    }
    return result;
  }
}
