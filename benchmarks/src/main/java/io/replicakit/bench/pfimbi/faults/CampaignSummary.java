/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Folds the campaign's per-run outcomes into one {@link RunResult} per stage: the three counts summed over the
 * runs (so one bad run cannot hide behind an average) with their per-run maximum, recovery time as mean, standard
 * deviation and maximum, and the stages that threw as {@code errors_count}.
 */
final class CampaignSummary {

  static final String VARIANT = "pfimbi(3,1)";

  private CampaignSummary() {}

  static RunResult of(FaultStage stage, List<StageOutcome> outcomes, int runs) {
    List<StageOutcome> mine = outcomes.stream().filter(o -> o.stage() == stage).toList();
    List<StageOutcome> checked = mine.stream().filter(o -> o.tally() != null).toList();
    Map<String, Double> m = new LinkedHashMap<>();
    count(m, "blocks_lost_count", checked, o -> o.tally().blocksLost());
    count(m, "under_replicated_files_count", checked, o -> o.tally().underReplicatedFiles());
    count(m, "readback_mismatch_count", checked, o -> o.tally().readbackMismatches());
    Stats recovery = Stats.of(checked.stream().map(StageOutcome::recoveryS).toList());
    m.put("recovery_s", recovery.mean());
    m.put("recovery_s_std", recovery.std());
    m.put("recovery_s_max", max(checked, StageOutcome::recoveryS));
    m.put("files_count", sum(checked, o -> o.tally().files()));
    m.put("fallbacks_count", sum(checked, StageOutcome::fallbacks));
    m.put("errors_count", (double) mine.stream().filter(o -> o.error() != null).count());
    List<Object> perRun = new ArrayList<>();
    mine.forEach(o -> perRun.add(o.detail()));
    return new RunResult(VARIANT, false, stage.id(), runs, m, Map.of("per_run", perRun));
  }

  /** Problems over the whole campaign: the three counts of every stage and run, plus every stage that threw. */
  static long problems(List<StageOutcome> outcomes) {
    return outcomes.stream()
        .mapToLong(o -> o.error() != null || o.tally() == null ? 1 + problemsOf(o) : o.tally().problems())
        .sum();
  }

  private static long problemsOf(StageOutcome o) {
    return o.tally() == null ? 0 : o.tally().problems();
  }

  private static void count(Map<String, Double> m, String name, List<StageOutcome> checked,
      ToDoubleFunction<StageOutcome> value) {
    m.put(name, sum(checked, value));
    m.put(name + "_max", max(checked, value));
  }

  private static double sum(List<StageOutcome> outcomes, ToDoubleFunction<StageOutcome> value) {
    return outcomes.stream().mapToDouble(value).sum();
  }

  /** NaN when no run was checked: a maximum of nothing is not 0. */
  private static double max(List<StageOutcome> outcomes, ToDoubleFunction<StageOutcome> value) {
    return outcomes.stream().mapToDouble(value).max().orElse(Double.NaN);
  }
}
