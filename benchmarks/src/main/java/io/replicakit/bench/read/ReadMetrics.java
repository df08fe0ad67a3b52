/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.apache.hadoop.fs.StorageType;

/**
 * Turns the repetitions of one read into the flat metrics of {@code results.json} (mean, and {@code _std} for the
 * throughput as the hotspot paper's error bars) and the detail the figures need: the utilization timeline of the
 * last repetition and every repetition's own figures. Pure.
 */
final class ReadMetrics {

  static final String THROUGHPUT = "read_throughput_mb_s";
  /** Bytes out of the racks through their uplinks during a read, shaped links only ({@link ReadSample}). */
  static final String UPLINK_BYTES = "rack_uplink_up_bytes";
  /** Bytes down the client hosts' links during a read (shaped links only). */
  static final String CLIENT_LINK_BYTES = "client_link_down_bytes";
  /** Bytes down the reader's own node link during a read, for a reader on a DataNode (shaped links only). */
  static final String READER_NODE_LINK_BYTES = "reader_node_link_down_bytes";

  private ReadMetrics() {}

  /**
   * @param samples the repetitions, at least one
   * @param types the storage types present, for per-type utilization and read shares
   * @param stressedNode the node whose read share to report, if any
   */
  static Map<String, Double> of(List<ReadSample> samples, List<StorageType> types, Optional<String> stressedNode) {
    return of(samples, types, stressedNode, Optional.empty());
  }

  /**
   * {@link #of(List, List, Optional)}, and for a reader on DataNode {@code readerNode} the bytes its own link
   * carried to it ({@value #READER_NODE_LINK_BYTES}).
   */
  static Map<String, Double> of(List<ReadSample> samples, List<StorageType> types, Optional<String> stressedNode,
      Optional<String> readerNode) {
    Map<String, Double> m = new LinkedHashMap<>();
    Stats throughput = stats(samples, ReadSample::aggregateMbS);
    m.put(THROUGHPUT, throughput.mean());
    m.put(THROUGHPUT + "_std", throughput.std());
    m.put("exec_time_s", stats(samples, s -> s.dfsio().execTimeS()).mean());
    m.put("dfsio_throughput_mb_s", stats(samples, s -> s.dfsio().throughputMbS()).mean());
    for (StorageType type : types) {
      String name = type.name().toLowerCase(java.util.Locale.ROOT);
      m.put(name + "_util_pct", stats(samples, s -> s.timeline().averagePct(type)).mean());
    }
    for (StorageType type : types.size() > 1 ? types : List.<StorageType>of()) {
      String name = type.name().toLowerCase(java.util.Locale.ROOT);
      m.put(name + "_read_share_pct", stats(samples, s -> share(s.timeline().bytesRead(type), s)).mean());
    }
    stressedNode.ifPresent(node -> m.put("stressed_node_read_share_pct",
        stats(samples, s -> share(s.timeline().bytesReadOnNode(node), s)).mean()));
    m.put("device_read_span_s", stats(samples, s -> s.timeline().readSpanSeconds()).mean());
    m.put("device_throughput_mb_s", stats(samples, ReadSample::deviceMbS).mean());
    m.put("jvm_cpu_cores", stats(samples, s -> s.timeline().jvmCpuCores()).mean());
    m.put("machine_cpu_pct", stats(samples, s -> s.timeline().machineCpuPct()).mean());
    if (!samples.get(0).links().isEmpty()) {
      Stats uplinks = stats(samples, ReadSample::uplinkUpBytes);
      m.put(UPLINK_BYTES, uplinks.mean());
      m.put(UPLINK_BYTES + "_std", uplinks.std());
      m.put(CLIENT_LINK_BYTES, stats(samples, ReadSample::clientLinkDownBytes).mean());
      readerNode.ifPresent(node -> m.put(READER_NODE_LINK_BYTES,
          stats(samples, s -> s.nodeLinkDownBytes(node)).mean()));
    }
    return m;
  }

  /**
   * Per-repetition figures and the last repetition's timeline (for the utilization-over-time figures): per storage
   * type, per DataNode, and the round-robin weight where the policy has one.
   */
  static Map<String, Object> detail(List<ReadSample> samples, List<StorageType> types) {
    List<Object> reps = new ArrayList<>();
    for (ReadSample s : samples) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put(THROUGHPUT, round(s.aggregateMbS()));
      r.put("exec_time_s", round(s.dfsio().execTimeS()));
      r.put("dfsio_throughput_mb_s", round(s.dfsio().throughputMbS()));
      r.put("total_mb", round(s.dfsio().totalMb()));
      if (!s.links().isEmpty()) {
        r.put("links", s.links());
      }
      reps.add(r);
    }
    UtilizationTimeline last = samples.get(samples.size() - 1).timeline();
    Map<String, Object> timeline = new LinkedHashMap<>();
    timeline.put("t_s", rounded(last.seconds()));
    for (StorageType type : types) {
      timeline.put(type.name().toLowerCase(java.util.Locale.ROOT) + "_util_pct", rounded(last.utilizationPct(type)));
    }
    if (last.weights().stream().anyMatch(w -> !w.isNaN())) {
      timeline.put("weight", rounded(last.weights()));
    }
    Map<String, Object> nodes = new LinkedHashMap<>();
    last.nodes().forEach(n -> nodes.put(n, rounded(last.nodeUtilizationPct(n))));
    timeline.put("node_util_pct", nodes);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("repetitions", reps);
    detail.put("timeline", timeline);
    return detail;
  }

  /** Share of the bytes read in {@code s}, percent. */
  private static double share(long bytes, ReadSample s) {
    long total = s.timeline().bytesRead();
    return total > 0 ? 100.0 * bytes / total : Double.NaN;
  }

  private static Stats stats(List<ReadSample> samples, ToDoubleFunction<ReadSample> f) {
    List<Double> values = new ArrayList<>();
    samples.forEach(s -> values.add(f.applyAsDouble(s)));
    return Stats.of(values);
  }

  private static List<Double> rounded(List<Double> values) {
    List<Double> r = new ArrayList<>(values.size());
    values.forEach(v -> r.add(round(v)));
    return r;
  }

  static double round(double v) {
    return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : v;
  }
}
