/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The files that allocated blocks since the coordinator last looked, its candidates for Pfimbi: by inode id with
 * the path of their latest allocation, or by path alone where the placement hook could not resolve the id then.
 */
final class Candidates {

  private final Map<Long, String> inodes = new LinkedHashMap<>();
  private final List<String> paths = new ArrayList<>();

  void note(Map<Long, String> writtenAt) {
    inodes.putAll(writtenAt);
  }

  void notePaths(Collection<String> written) {
    paths.addAll(written);
  }

  /**
   * Takes every candidate, by inode id with the path it was written at; a path is resolved now, and one that
   * cannot be is left to the sweep of the marked directories (warned about).
   */
  Map<Long, String> drain(Namespace namespace, FaultLog faults) {
    List<String> unresolved = new ArrayList<>(paths);
    paths.clear();
    for (String path : unresolved) {
      try {
        OptionalLong id = namespace.inodeId(path);
        if (id.isPresent()) {
          inodes.putIfAbsent(id.getAsLong(), path);
        }
      } catch (IOException e) {
        faults.warn("admit", "Pfimbi: cannot resolve {}; the sweep will find it: {}", path, e.toString());
      }
    }
    Map<Long, String> all = new LinkedHashMap<>(inodes);
    inodes.clear();
    return all;
  }

  void clear() {
    inodes.clear();
    paths.clear();
  }
}
