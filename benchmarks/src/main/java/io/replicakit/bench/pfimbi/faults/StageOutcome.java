/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one stage of one run measured, or why it could not: a stage that threw has no tally, only its error, and
 * counts against the verdict.
 *
 * @param run 1-based run number
 * @param tally the end-of-stage check of every file of the run so far; null when the stage failed before it
 * @param own the same check restricted to the files this stage wrote, to tell its harm from earlier stages' leftovers
 * @param recoveryS seconds from the fault until every file of the run was at its target, or the wait limit
 * @param fallbacks files the coordinator handed to HDFS re-replication during the stage; NaN when unreadable
 * @param fault what was done, e.g. "killed dn04"; empty when the stage failed before its fault
 * @param error the exception that ended the stage, or null
 * @param unhealthy one line per file the check found wrong ({@link FileState#describe}), for diagnosis
 */
record StageOutcome(int run, FaultStage stage, StageTally tally, StageTally own, double recoveryS, double fallbacks,
    String fault, String error, List<String> unhealthy) {

  StageOutcome {
    unhealthy = List.copyOf(unhealthy);
  }

  static StageOutcome failed(int run, FaultStage stage, String fault, Throwable error) {
    return new StageOutcome(run, stage, null, null, Double.NaN, Double.NaN, fault, describe(error), List.of());
  }

  boolean ok() {
    return error == null && tally != null && tally.problems() == 0;
  }

  /** The per-run entry of {@code results.json}'s {@code detail}. */
  Map<String, Object> detail() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("run", run);
    d.put("fault", fault);
    if (tally != null) {
      d.put("files_count", tally.files());
      d.put("blocks_lost_count", tally.blocksLost());
      d.put("under_replicated_files_count", tally.underReplicatedFiles());
      d.put("readback_mismatch_count", tally.readbackMismatches());
      d.put("stage_files_count", own.files());
      d.put("stage_files_blocks_lost_count", own.blocksLost());
      d.put("stage_files_under_replicated_count", own.underReplicatedFiles());
      d.put("stage_files_readback_mismatch_count", own.readbackMismatches());
    }
    d.put("recovery_s", recoveryS);
    d.put("fallbacks_count", fallbacks);
    if (error != null) {
      d.put("error", error);
    }
    if (!unhealthy.isEmpty()) {
      d.put("unhealthy_files", unhealthy);
    }
    return d;
  }

  static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root && root.getMessage() == null) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName() + ": " + root.getMessage();
  }
}
