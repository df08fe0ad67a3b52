/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SourceStateTest {

  @Test
  void aChangedTrackedFile_isDirty() {
    assertTrue(SourceState.dirty(" M docs/read-selection.md\n"));
  }

  /** A new source file is built into the jar that runs: until session 51 untracked files were not looked at. */
  @Test
  void anUntrackedSourceFile_isDirty_untrackedResultsAreNot() {
    assertTrue(SourceState.dirty("?? read-selection/src/main/java/io/replicakit/read/New.java\n"));
    assertTrue(SourceState.dirty("?? benchmarks/pom.xml\n"));
    assertFalse(SourceState.dirty("?? results/run-1/results.json\n?? notes.md\n"));
    assertFalse(SourceState.dirty(""));
  }
}
