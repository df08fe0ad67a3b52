/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The samples of a run as results: one {@link RunResult} per cell (stage) and variant, with the mean and spread of
 * each measurement over the repetitions, the ratios to {@code pipeline}, and the checks summed.
 *
 * <p>A ratio is taken per repetition, between the variant's and {@code pipeline}'s writes on the same cluster, and
 * then averaged: the clusters of different repetitions differ (placement draws, the machine's load), and pairing
 * keeps that out of the ratio.
 */
final class WriteAggregate {

  private WriteAggregate() {}

  static List<RunResult> runs(List<WriteSample> samples, List<WriteVariant> variants, List<WriteCell> cells) {
    List<RunResult> runs = new ArrayList<>();
    for (WriteCell cell : cells) {
      for (WriteVariant variant : variants) {
        List<WriteSample> mine = of(samples, cell, variant);
        if (!mine.isEmpty()) {
          runs.add(run(cell, variant, mine, of(samples, cell, WriteVariant.PIPELINE)));
        }
      }
    }
    return runs;
  }

  private static List<WriteSample> of(List<WriteSample> samples, WriteCell cell, WriteVariant variant) {
    return samples.stream().filter(s -> s.cell().equals(cell) && s.variant() == variant).toList();
  }

  static RunResult run(WriteCell cell, WriteVariant variant, List<WriteSample> samples, List<WriteSample> pipeline) {
    Map<String, Double> m = new LinkedHashMap<>();
    put(m, "write_time_s", stats(samples, WriteSample::writeTimeS));
    put(m, "write_throughput_mb_s", stats(samples, WriteSample::throughputMbS));
    put(m, "write_avg_io_rate_mb_s", stats(samples, WriteSample::avgIoRateMbS));
    put(m, "write_time_ratio", pairedRatio(samples, pipeline, WriteSample::writeTimeS));
    put(m, "write_throughput_ratio", pairedRatio(samples, pipeline, WriteSample::throughputMbS));
    m.put("readback_mismatch_count", sum(samples, WriteSample::mismatchedBytes));
    m.put("readback_checksum_error_count", sum(samples, WriteSample::checksumErrors));
    m.put("pattern_mismatch_count", sum(samples, WriteSample::patternMismatchedBytes));
    m.put("fsck_healthy_count", sum(samples, s -> s.fsck().healthy() ? 1 : 0));
    m.put("fsck_under_replicated_count", sum(samples, s -> s.fsck().underReplicated()));
    m.put("fsck_mis_replicated_count", sum(samples, s -> s.fsck().misReplicated()));
    m.put("fsck_corrupt_count", sum(samples, s -> s.fsck().corrupt()));
    m.put("fsck_missing_count", sum(samples, s -> s.fsck().missing()));
    m.put("blocks_short_after_write_count", sum(samples, s -> s.replicas().blocksShortAfterWrite()));
    m.put("blocks_re_replicated_count", sum(samples, s -> s.replicas().blocksReReplicated()));
    m.put("blocks_replicas_differing_count", sum(samples, s -> s.replicas().blocksDisagreeing()));
    m.put("blocks_count", stats(samples, s -> s.fsck().blocks()).mean());
    m.put("writer_local_files_count", stats(samples, WriteSample::writerLocalFiles).mean());
    m.put("writer_nodes_count", stats(samples, WriteSample::writerNodes).mean());
    m.put("disk_written_bytes", stats(samples, WriteSample::diskWrittenBytes).mean());
    put(m, "node_links_up_bytes", stats(samples, WriteSample::nodeLinksUpBytes));
    m.put("max_node_link_up_bytes", stats(samples, WriteSample::maxNodeLinkUpBytes).mean());
    put(m, "rack_uplinks_bytes", stats(samples, WriteSample::rackUplinksBytes));
    m.put("max_rack_uplink_bytes", stats(samples, WriteSample::maxRackUplinkBytes).mean());
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("replication", cell.replication());
    detail.put("block_bytes", cell.blockBytes());
    detail.put("paper_block", cell.paperBlock());
    detail.put("repetitions", samples.stream().map(WriteSample::toDetail).toList());
    return new RunResult(variant.id(), variant.baseline(), cell.stage(), samples.size(), m, detail);
  }

  /** Mean and sample standard deviation of a measurement; NaN when not measured (no shaped links). */
  static Stats stats(List<WriteSample> samples, ToDoubleFunction<WriteSample> metric) {
    List<Double> values = samples.stream().mapToDouble(metric).boxed().toList();
    return values.stream().anyMatch(v -> !Double.isFinite(v)) ? new Stats(Double.NaN, Double.NaN, values.size())
        : Stats.of(values);
  }

  /**
   * {@code metric} of each sample over {@code pipeline}'s in the same repetition, averaged over the repetitions that
   * have both; NaN when none has.
   */
  static Stats pairedRatio(List<WriteSample> samples, List<WriteSample> pipeline,
      ToDoubleFunction<WriteSample> metric) {
    List<Double> ratios = new ArrayList<>();
    for (WriteSample s : samples) {
      Optional<WriteSample> base = pipeline.stream().filter(p -> p.repetition() == s.repetition()).findFirst();
      base.map(metric::applyAsDouble).filter(b -> b > 0)
          .ifPresent(b -> ratios.add(metric.applyAsDouble(s) / b));
    }
    return ratios.isEmpty() ? new Stats(Double.NaN, Double.NaN, 0) : Stats.of(ratios);
  }

  /**
   * How many DataNodes wrote files, from each file's candidate writer nodes (those holding a replica of every block):
   * the most files that can be given distinct nodes among their candidates (a maximum bipartite matching), so that a
   * file whose blocks all share a second node by chance does not hide its writer.
   */
  static int distinctWriters(List<Set<String>> candidates) {
    Map<String, Integer> fileOfNode = new HashMap<>();
    int matched = 0;
    for (int f = 0; f < candidates.size(); f++) {
      if (augment(f, candidates, fileOfNode, new HashSet<>())) {
        matched++;
      }
    }
    return matched;
  }

  private static boolean augment(int file, List<Set<String>> candidates, Map<String, Integer> fileOfNode,
      Set<String> seen) {
    for (String node : candidates.get(file)) {
      if (seen.add(node) && (!fileOfNode.containsKey(node)
          || augment(fileOfNode.get(node), candidates, fileOfNode, seen))) {
        fileOfNode.put(node, file);
        return true;
      }
    }
    return false;
  }

  private static double sum(List<WriteSample> samples, ToDoubleFunction<WriteSample> metric) {
    return samples.stream().mapToDouble(metric).sum();
  }

  private static void put(Map<String, Double> metrics, String name, Stats stats) {
    metrics.put(name, stats.mean());
    metrics.put(name + "_std", stats.std());
  }
}
