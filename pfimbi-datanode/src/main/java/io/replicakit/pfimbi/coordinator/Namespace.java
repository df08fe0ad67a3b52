/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.client.PfimbiSpec;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The namespace operations the coordinator uses. Files are named by inode id, which survives a rename: jobs
 * commit their output by renaming it, and a file must reach its full replication wherever it has been moved.
 */
public interface Namespace {

  /** The inode id of the file or directory at {@code path}, or empty when nothing is there. */
  OptionalLong inodeId(String path) throws IOException;

  /**
   * The replicated file with this inode id, wherever it is now; empty when it was deleted, is not a file, or is
   * erasure-coded (HDFS keeps no replication for it: it reports 1 and ignores {@code setReplication}, so a Pfimbi
   * request cannot apply to it).
   *
   * @param withBlocks whether to list its blocks (a located-blocks call); without, {@link FileView#blocks} is
   *     empty
   */
  Optional<FileView> file(long inodeId, boolean withBlocks) throws IOException;

  /** The Pfimbi request governing {@code path}: its own attribute, else its nearest marked ancestor's. */
  Optional<PfimbiSpec> spec(String path) throws IOException;

  /**
   * Sets the file's replication.
   *
   * @throws Refused if the NameNode refuses it for good (the file's quota cannot hold that many replicas)
   */
  void setReplication(long inodeId, short replication) throws IOException;

  /** The most replicas the NameNode lets a file have ({@code dfs.replication.max}). */
  default int maxReplication() {
    return Short.MAX_VALUE;
  }

  /** A change the NameNode will keep refusing (a quota): retrying it every round would never end. */
  final class Refused extends IOException {
    private static final long serialVersionUID = 1L;

    public Refused(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Sets {@code spec} as the file's own Pfimbi request attribute (it then governs the file wherever it is). */
  void attachRequest(long inodeId, PfimbiSpec spec) throws IOException;
}
