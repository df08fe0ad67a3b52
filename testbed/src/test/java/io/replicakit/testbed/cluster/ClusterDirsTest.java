/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterDirsTest {

  @TempDir
  Path dir;

  /** What a repository root holds: tracked configuration under the very names a cluster uses for its own. */
  private Path someoneElsesDir() throws IOException {
    Path repo = dir.resolve("repo");
    Files.createDirectories(repo.resolve("conf"));
    Files.writeString(repo.resolve("conf/placement-policies-hdfs-site.xml"), "<configuration/>");
    Files.createDirectories(repo.resolve("data"));
    Files.writeString(repo.resolve("README.md"), "# a project");
    return repo;
  }

  private static void assertUntouched(Path repo) throws IOException {
    assertEquals("<configuration/>", Files.readString(repo.resolve("conf/placement-policies-hdfs-site.xml")));
    assertTrue(Files.isDirectory(repo.resolve("data")), "data/ deleted");
    assertFalse(Files.exists(repo.resolve(ClusterDirs.MARKER)), "marker written into someone else's directory");
    assertFalse(Files.exists(repo.resolve("logs")), "logs/ created");
  }

  @Test
  void dirWithoutTheMarker_isRefusedAndLeftAlone() throws Exception {
    Path repo = someoneElsesDir();
    IOException refused = assertThrows(IOException.class, () -> ClusterDirs.reset(repo));
    assertTrue(refused.getMessage().contains(repo.toString()), refused.getMessage());
    assertTrue(refused.getMessage().contains(ClusterDirs.MARKER), refused.getMessage());
    assertUntouched(repo);
  }

  @Test
  void missingDir_isCreatedAndMarked() throws Exception {
    Path fresh = dir.resolve("a/new/cluster");
    ClusterDirs.reset(fresh);
    assertTrue(Files.isRegularFile(fresh.resolve(ClusterDirs.MARKER)));
    assertTrue(Files.isDirectory(fresh.resolve("logs")));
  }

  @Test
  void emptyDir_isMarked() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    ClusterDirs.reset(empty);
    assertTrue(Files.isRegularFile(empty.resolve(ClusterDirs.MARKER)));
  }

  @Test
  void markedDir_losesWhatAnEarlierClusterLeft_andKeepsTheMarkerAndOtherFiles() throws Exception {
    Path used = dir.resolve("used");
    ClusterDirs.reset(used);
    Files.createDirectories(used.resolve("data/dn01/current"));
    Files.createDirectories(used.resolve("name/current"));
    Files.writeString(used.resolve("logs/namenode.log"), "old run");
    Files.writeString(used.resolve("notes.txt"), "mine");
    ClusterDirs.reset(used);
    assertFalse(Files.exists(used.resolve("data")), "an earlier cluster's blocks left");
    assertFalse(Files.exists(used.resolve("name")), "an earlier cluster's namespace left");
    assertFalse(Files.exists(used.resolve("logs/namenode.log")), "an earlier cluster's log left");
    assertTrue(Files.isRegularFile(used.resolve(ClusterDirs.MARKER)));
    assertEquals("mine", Files.readString(used.resolve("notes.txt")));
  }

  @Test
  void fileInPlaceOfTheDir_isRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    IOException refused = assertThrows(IOException.class, () -> ClusterDirs.reset(file));
    assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
    assertEquals("x", Files.readString(file));
  }

  @Test
  void embeddedStart_inADirWithoutTheMarker_isRefusedBeforeMiniDfsClusterWipesIt() throws Exception {
    Path repo = someoneElsesDir();
    IOException refused = assertThrows(IOException.class,
        () -> EmbeddedCluster.start(ClusterSpecs.load("small"), ClusterOptions.in(repo)).close());
    assertTrue(refused.getMessage().contains(ClusterDirs.MARKER), refused.getMessage());
    assertUntouched(repo);
    assertFalse(Files.exists(repo.resolve("testbed-conf")), "testbed-conf/ written");
  }
}
