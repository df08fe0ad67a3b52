/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileUtil;

/**
 * Removes what a command stored in a temporary directory it created itself: each cluster run would otherwise
 * leave its block data and namespace in {@code /tmp} (gigabytes after a few {@code --processes} runs), which nobody
 * asked to keep. Logs are kept, since a failed or surprising run is read from them afterwards.
 */
final class TemporaryDirs {

  /** The folder of a cluster directory that outlives the cluster. */
  static final String LOGS = "logs";

  private TemporaryDirs() {}

  /**
   * Deletes everything in {@code dir} but a non-empty {@value #LOGS} folder, and {@code dir} itself when nothing is
   * kept; returns a line for the user saying what is left.
   */
  static String removeKeepingLogs(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return "Removed the temporary cluster directory " + dir + ".";
    }
    Path logs = dir.resolve(LOGS);
    boolean keepLogs = Files.isDirectory(logs) && !isEmpty(logs);
    List<String> failed = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path entry : entries.toList()) {
        if (!(keepLogs && entry.equals(logs)) && !FileUtil.fullyDelete(new File(entry.toString()))) {
          failed.add(entry.toString());
        }
      }
    }
    if (!failed.isEmpty()) {
      throw new IOException("cannot delete " + failed + " of the temporary cluster directory " + dir);
    }
    if (keepLogs) {
      return "Removed the cluster's data from " + dir + "; its logs are kept in " + logs + ".";
    }
    Files.delete(dir);
    return "Removed the temporary cluster directory " + dir + ".";
  }

  /** Deletes {@code dir} and everything in it. */
  static void remove(Path dir) throws IOException {
    if (Files.exists(dir) && !FileUtil.fullyDelete(new File(dir.toString()))) {
      throw new IOException("cannot delete the temporary directory " + dir);
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }
}
