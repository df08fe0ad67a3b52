/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.pfimbi.config.PfimbiConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The configurations of thesis §5.1/§5.3, named as there: HDFS(n, s) writes n copies of which s synchronously.
 */
public enum PfimbiVariant {

  /** HDFS as it is: three copies through the write pipeline. The baseline. */
  HDFS_33("hdfs(3,3)", 3),
  /** One copy written, then {@code setReplication(3)} as soon as the job ends: HDFS's own background path. */
  HDFS_11_SETREP("hdfs(1,1)+setrep(3)", 1),
  /** One copy written, two more by Pfimbi's flow-controlled background replication. */
  PFIMBI_31("pfimbi(3,1)", 1, Map.of()),
  /**
   * Two copies written through the pipeline, the third by Pfimbi: the middle of Fig. 5.5(a)'s shortening
   * synchronous pipelines. Not run unless named.
   */
  PFIMBI_32("pfimbi(3,2)", 2, Map.of()),
  /**
   * Pfimbi(3,1) with the thesis's first activity measure, the disks' mean I/O latency (§4.2.2, Table 5.1), in
   * place of MemDisk (Table 5.2). Not run unless named.
   */
  PFIMBI_31_LATENCY("pfimbi(3,1)-latency", 1, Map.of(PfimbiConfig.ACTIVITY_METRIC_KEY, "latency")),
  /**
   * Pfimbi(3,1) forwarding the newest waiting block of a flow first (a stack, §4.6.2, Tables 5.3 and 5.4) instead
   * of the oldest: the newest is the likeliest to be still in the sender's page cache. Not run unless named.
   */
  PFIMBI_31_LIFO("pfimbi(3,1)-lifo", 1, Map.of(PfimbiConfig.QUEUE_ORDER_KEY, "lifo"));

  /** What runs unless the user names variants: the three configurations of §5.1/§5.3. */
  public static final List<PfimbiVariant> DEFAULTS = List.of(HDFS_33, HDFS_11_SETREP, PFIMBI_31);

  private final String id;
  private final int writeReplication;
  private final Map<String, String> pfimbiSettings;

  PfimbiVariant(String id, int writeReplication) {
    this(id, writeReplication, null);
  }

  /** @param pfimbiSettings Pfimbi's settings beyond its recipe; null for a variant without Pfimbi */
  PfimbiVariant(String id, int writeReplication, Map<String, String> pfimbiSettings) {
    this.id = id;
    this.writeReplication = writeReplication;
    this.pfimbiSettings = pfimbiSettings;
  }

  /** Whether the cluster runs Pfimbi and the jobs' directories are marked for it. */
  public boolean pfimbi() {
    return pfimbiSettings != null;
  }

  /** The settings this variant adds to Pfimbi's recipe (empty without Pfimbi). */
  public Map<String, String> pfimbiSettings() {
    return pfimbi() ? pfimbiSettings : Map.of();
  }

  public String id() {
    return id;
  }

  /** The replication the job writes its files with. */
  public int writeReplication() {
    return writeReplication;
  }

  public boolean baseline() {
    return this == HDFS_33;
  }

  public static PfimbiVariant of(String id) {
    return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown variant '" + id + "'; variants: " + ids(List.of(values()))));
  }

  /**
   * A comma-separated list of variant names; the commas inside a name's parentheses ({@code pfimbi(3,1)}) do not
   * separate.
   */
  public static List<PfimbiVariant> parseList(String csv) {
    List<PfimbiVariant> variants = new java.util.ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i <= csv.length(); i++) {
      char c = i < csv.length() ? csv.charAt(i) : ',';
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (c == ',' && depth == 0) {
        String id = csv.substring(start, i).trim();
        if (!id.isEmpty()) {
          variants.add(of(id));
        }
        start = i + 1;
      }
    }
    return variants;
  }

  public static List<String> ids(List<PfimbiVariant> variants) {
    return variants.stream().map(PfimbiVariant::id).toList();
  }
}
