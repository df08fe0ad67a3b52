/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileUtil;

/**
 * Where a testbed cluster keeps each kind of file below its base directory, and the marker that makes a directory a
 * cluster's. A cluster wipes folders of its base directory ({@link #reset} for a multi-process cluster; MiniDFSCluster
 * formats {@code data/} and its name folders on start and deletes the whole directory when it stops), so it uses only
 * a directory it may wipe: a new or empty one, which it marks, or one that holds the marker of an earlier cluster.
 * Any other directory, such as a repository root named by mistake with {@code --dir .}, is refused untouched.
 */
public final class ClusterDirs {

  /** The file that marks a directory as a testbed cluster's; written into a new or empty one on first use. */
  public static final String MARKER = ".replicakit-cluster";

  private static final String MARKER_TEXT = "A ReplicaKit testbed cluster's directory: a cluster start wipes its"
      + " name/, data/, conf/, logs/, tmp/ and hadoop-home/ folders, and an embedded cluster deletes it when it stops."
      + " Delete this file to keep the testbed from using the directory.\n";

  /** The folders a start wipes: the namespace, block data, configuration, logs, temporary files, web files. */
  private static final List<String> OWNED = List.of("name", "data", "conf", "logs", "tmp", "hadoop-home");

  private ClusterDirs() {}

  static Path logs(Path base) {
    return base.resolve("logs");
  }

  static Path conf(Path base, String daemon) {
    return base.resolve("conf").resolve(daemon);
  }

  /** Plays {@code share/hadoop/hdfs} of a distribution: holds {@code webapps/}. */
  static Path home(Path base) {
    return base.resolve("hadoop-home");
  }

  /**
   * Makes {@code base} a cluster directory: creates it when missing and marks it when empty; one that holds the
   * marker already stays as it is. Call before writing anything into it.
   *
   * @throws IOException naming the directory and the marker when it has other content and no marker (nothing in it
   *     is touched), or is not a directory
   */
  public static void claim(Path base) throws IOException {
    Path marker = base.resolve(MARKER);
    if (Files.isRegularFile(marker)) {
      return;
    }
    if (Files.exists(base) && !isEmptyDirectory(base)) {
      throw new IOException("refusing to use " + base.toAbsolutePath() + " for a testbed cluster: it is not empty"
          + " and has no " + MARKER + " file, which the testbed writes into a directory it uses (a cluster deletes"
          + " its name/, data/, conf/, logs/ and tmp/ folders, an embedded one all of it); name a new or empty"
          + " directory, or one an earlier testbed cluster used (one used before the marker existed, session 54:"
          + " create an empty " + MARKER + " in it). Nothing in it was changed.");
    }
    Files.createDirectories(base);
    Files.writeString(marker, MARKER_TEXT);
  }

  /**
   * Deletes what an earlier cluster left in {@code base}, so the new one formats a fresh namespace; {@link #claim}s it
   * first.
   */
  static void reset(Path base) throws IOException {
    claim(base);
    for (String dir : OWNED) {
      Path path = base.resolve(dir);
      if (Files.exists(path) && !FileUtil.fullyDelete(path.toFile())) {
        throw new IOException("cannot delete " + path + " left by an earlier cluster");
      }
    }
    Files.createDirectories(logs(base));
  }

  private static boolean isEmptyDirectory(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException("cannot run a testbed cluster in " + dir.toAbsolutePath() + ": not a directory");
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }
}
