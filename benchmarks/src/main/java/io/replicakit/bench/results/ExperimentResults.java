/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Everything an experiment measured, in the common results format ({@code results.json}). */
public record ExperimentResults(String experiment, String profile, Instant started, String hadoopVersion,
    Map<String, Object> cluster, List<RunResult> runs) {

  public ExperimentResults {
    cluster = Map.copyOf(cluster);
    runs = List.copyOf(runs);
  }

  public Optional<RunResult> run(String variant, String stage) {
    return runs.stream().filter(r -> r.variant().equals(variant) && r.stage().equals(stage)).findFirst();
  }

  public List<String> variants() {
    List<String> variants = new ArrayList<>();
    runs.forEach(r -> {
      if (!variants.contains(r.variant())) {
        variants.add(r.variant());
      }
    });
    return variants;
  }

  public String toJson() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", experiment);
    root.put("profile", profile);
    root.put("started", started.toString());
    root.put("hadoop_version", hadoopVersion);
    SourceState source = SourceState.current();
    root.put("commit", source.commit());
    root.put("dirty", source.dirty());
    root.put("cluster", cluster);
    List<Object> runList = new ArrayList<>();
    for (RunResult r : runs) {
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("variant", r.variant());
      if (r.baseline()) {
        run.put("baseline", true);
      }
      run.put("stage", r.stage());
      run.put("repetitions", r.repetitions());
      run.put("metrics", r.metrics());
      if (!r.detail().isEmpty()) {
        run.put("detail", r.detail());
      }
      runList.add(run);
    }
    root.put("runs", runList);
    return Json.write(root);
  }

  public void writeJson(Path file) throws IOException {
    Files.writeString(file, toJson() + "\n", StandardCharsets.UTF_8);
  }
}
