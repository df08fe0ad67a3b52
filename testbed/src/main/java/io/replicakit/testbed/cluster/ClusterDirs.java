/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FileUtil;

/** Where a multi-process cluster keeps each kind of file below its base directory. */
final class ClusterDirs {

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

  /** Deletes what an earlier cluster left in {@code base}, so the new one formats a fresh namespace. */
  static void reset(Path base) throws IOException {
    for (String dir : OWNED) {
      Path path = base.resolve(dir);
      if (Files.exists(path) && !FileUtil.fullyDelete(path.toFile())) {
        throw new IOException("cannot delete " + path + " left by an earlier cluster");
      }
    }
    Files.createDirectories(logs(base));
  }
}
