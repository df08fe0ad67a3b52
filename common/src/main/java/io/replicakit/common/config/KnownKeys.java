/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.WeakHashMap;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;

/**
 * Warns about {@code replicakit.*} keys nobody reads. A misspelled key is silently ignored by Hadoop's
 * {@link Configuration}, so the operator believes a setting is in force while its default is: each plugin
 * checks its module's prefix at start-up and names, for every unknown key, the closest declared one.
 * Keys under no ReplicaKit prefix at all are reported once per configuration, whichever module looks first.
 * Warnings are written once per configuration object and prefix (a daemon's start), not at every start of
 * a plugin instance Hadoop builds twice.
 */
public final class KnownKeys {

  public static final String ROOT = "replicakit.";

  /** The modules' prefixes. */
  public static final List<String> PREFIXES =
      List.of("replicakit.pfimbi.", "replicakit.metrics.", "replicakit.read.", "replicakit.testbed.",
          "replicakit.placement.", "replicakit.balancer.", "replicakit.write.");

  private static final Map<Configuration, Set<String>> CHECKED = new WeakHashMap<>();

  private KnownKeys() {}

  /**
   * Logs one WARN per unknown key under {@code prefix}, and per {@code replicakit.} key under no module prefix,
   * unless this configuration was checked for them already.
   */
  public static void warnUnknown(Configuration conf, String prefix, Collection<String> known, Logger log) {
    if (firstCheck(conf, prefix)) {
      unknown(names(conf), prefix, known).forEach(log::warn);
    }
    if (firstCheck(conf, ROOT)) {
      outsidePrefixes(names(conf)).forEach(log::warn);
    }
  }

  private static synchronized boolean firstCheck(Configuration conf, String prefix) {
    return CHECKED.computeIfAbsent(conf, c -> Collections.newSetFromMap(new java.util.HashMap<>())).add(prefix);
  }

  private static Set<String> names(Configuration conf) {
    Set<String> names = new java.util.TreeSet<>();
    conf.getPropsWithPrefix(ROOT).keySet().forEach(k -> names.add(ROOT + k));
    return names;
  }

  /** One message per name under {@code prefix} that is not in {@code known}. */
  public static List<String> unknown(Collection<String> names, String prefix, Collection<String> known) {
    List<String> messages = new ArrayList<>();
    for (String name : names) {
      if (name.startsWith(prefix) && !known.contains(name)) {
        messages.add("Unknown ReplicaKit key " + name + " is ignored; did you mean " + closest(name, known) + "?");
      }
    }
    return messages;
  }

  /** One message per {@code replicakit.} name under none of the modules' prefixes. */
  public static List<String> outsidePrefixes(Collection<String> names) {
    List<String> messages = new ArrayList<>();
    for (String name : names) {
      if (name.startsWith(ROOT) && PREFIXES.stream().noneMatch(name::startsWith)) {
        messages.add("Unknown ReplicaKit key " + name + " is ignored: no ReplicaKit module reads keys outside "
            + PREFIXES + "; did you mean a key under " + closestPrefix(name) + "?");
      }
    }
    return messages;
  }

  /** The known name at the smallest edit distance (the first in sorted order on a tie). */
  public static String closest(String name, Collection<String> known) {
    Map<Integer, String> byDistance = new TreeMap<>();
    new java.util.TreeSet<>(known).forEach(k -> byDistance.putIfAbsent(distance(name, k), k));
    return byDistance.isEmpty() ? "(none)" : byDistance.values().iterator().next();
  }

  private static String closestPrefix(String name) {
    Map<Integer, String> byDistance = new TreeMap<>();
    for (String prefix : PREFIXES) {
      String head = name.substring(0, Math.min(name.length(), prefix.length()));
      byDistance.putIfAbsent(distance(head, prefix), prefix);
    }
    return byDistance.values().iterator().next();
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
