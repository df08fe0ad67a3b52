/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Pages through a directory's children in name order, with what a sweep for files below their Pfimbi target
 * needs of each: two implementations, one in the NameNode over its in-memory namespace, one in a client for the
 * operator's check.
 */
public interface TreeListing {

  /**
   * A child: a file's replication, whether it is erasure-coded (its replication then means nothing: HDFS reports 1
   * and ignores a change), and the text of its own Pfimbi attribute if it has one.
   */
  record Entry(long inodeId, String name, boolean directory, short replication, boolean erasureCoded,
      Optional<String> specText) {}

  /**
   * Up to {@code limit} children of {@code dir} whose names sort after {@code startAfter} ({@code ""}: from the
   * first); empty when there are no more, or when {@code dir} no longer exists.
   */
  List<Entry> children(Dir dir, String startAfter, int limit) throws IOException;

  /** A directory by inode id and by the path it had when the walk reached it. */
  record Dir(long inodeId, String path) {

    public String child(String name) {
      return path.endsWith("/") ? path + name : path + "/" + name;
    }
  }
}
