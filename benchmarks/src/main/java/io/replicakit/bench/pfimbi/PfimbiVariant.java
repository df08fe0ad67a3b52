/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.util.Arrays;
import java.util.List;

/**
 * The configurations of thesis §5.1/§5.3, named as there: HDFS(n, s) writes n copies of which s synchronously.
 */
public enum PfimbiVariant {

  /** HDFS as it is: three copies through the write pipeline. The baseline. */
  HDFS_33("hdfs(3,3)", 3),
  /** One copy written, then {@code setReplication(3)} as soon as the job ends: HDFS's own background path. */
  HDFS_11_SETREP("hdfs(1,1)+setrep(3)", 1),
  /** One copy written, two more by Pfimbi's flow-controlled background replication. */
  PFIMBI_31("pfimbi(3,1)", 1);

  private final String id;
  private final int writeReplication;

  PfimbiVariant(String id, int writeReplication) {
    this.id = id;
    this.writeReplication = writeReplication;
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
