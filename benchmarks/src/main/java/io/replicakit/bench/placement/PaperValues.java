/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The placement paper's published figures (placement-policies-comparative-study, Tables 1–6), for the report
 * to show beside our measurements, labelled as the paper's. Never used as results. Columns are the paper's
 * five policies; GB figures are the paper's GB (with the paper profile's 1/1024 scale, one paper GB
 * corresponds to one MiB here).
 */
final class PaperValues {

  /** The paper's policy order, by our short names. */
  static final List<String> POLICIES =
      List.of("default", "rackfaulttolerant", "availablespace", "nodegroup", "upgradedomain");

  /** One row of a paper table: label, unit, value per policy in {@link #POLICIES} order. */
  record Row(String metric, String label, String unit, double[] values) {}

  private static final Map<String, List<Row>> BY_STAGE = Map.of(
      "load", List.of(
          new Row("occupation_std_bytes", "Occupation σ (Table 1)", "GB",
              new double[] {18.32, 21.57, 26.14, 12.25, 31.28}),
          new Row("utilization_std_pct", "Utilization σ (Table 1)", "%",
              new double[] {17.29, 17.42, 15.40, 16.59, 19.31}),
          new Row("write_time_s", "Write time (Table 2)", "s",
              new double[] {1907.99, 2235.48, 2485.32, 2272.73, 2354.21}),
          new Row("write_throughput_mb_s", "Write throughput (Table 2)", "MB/s",
              new double[] {14.76, 20.33, 18.20, 12.48, 16.17}),
          new Row("blocks_in_unique_racks_pct", "Blocks in unique racks (Table 2)", "%",
              new double[] {0.00, 100.00, 12.79, 0.00, 100.00}),
          new Row("read_time_s", "Read time (Table 2)", "s",
              new double[] {877.18, 715.54, 843.74, 870.77, 791.21}),
          new Row("read_throughput_mb_s", "Read throughput (Table 2)", "MB/s",
              new double[] {46.01, 87.53, 44.34, 57.21, 71.27}),
          new Row("read_avg_io_rate_mb_s", "Read avg. I/O rate (Table 2)", "MB/s",
              new double[] {397.71, 384.74, 298.39, 345.90, 231.85})),
      "rereplication", List.of(
          new Row("occupation_std_bytes", "Occupation σ (Table 3)", "GB",
              new double[] {18.36, 21.69, 21.89, 14.24, 30.30}),
          new Row("utilization_std_pct", "Utilization σ (Table 3)", "%",
              new double[] {18.67, 21.72, 20.09, 17.92, 22.86}),
          new Row("rereplication_time_s", "Re-replication time (Table 4)", "s",
              new double[] {585, 740, 607, 819, 774}),
          new Row("blocks_in_unique_racks_pct", "Blocks in unique racks (Table 4)", "%",
              new double[] {0.00, 100.00, 48.84, 0.00, 100.00}),
          new Row("read_time_s", "Read time (Table 4)", "s",
              new double[] {1333.76, 1106.51, 1575.18, 1320.06, 1304.59}),
          new Row("read_throughput_mb_s", "Read throughput (Table 4)", "MB/s",
              new double[] {23.36, 42.25, 21.97, 35.16, 34.36}),
          new Row("read_avg_io_rate_mb_s", "Read avg. I/O rate (Table 4)", "MB/s",
              new double[] {127.89, 148.15, 82.71, 134.66, 95.51})),
      "balancing", List.of(
          new Row("occupation_std_bytes", "Occupation σ (Table 5)", "GB",
              new double[] {42.46, 37.55, 41.55, 41.38, 38.40}),
          new Row("utilization_std_pct", "Utilization σ (Table 5)", "%",
              new double[] {6.29, 8.94, 6.16, 6.29, 7.58}),
          new Row("balancing_time_s", "Balancing time (Table 6)", "s",
              new double[] {6263.17, 6740.23, 5490.20, 4524.93, 8982.66}),
          new Row("bytes_moved", "Data volume moved (Table 6)", "GB",
              new double[] {111.25, 116.38, 119.13, 116.00, 144.63}),
          new Row("balancing_iterations", "Balancing iterations (Table 6)", "",
              new double[] {9, 46, 8, 7, 54}),
          new Row("blocks_in_unique_racks_pct", "Blocks in unique racks (Table 6)", "%",
              new double[] {16.42, 100.00, 62.09, 18.59, 100.00}),
          new Row("read_time_s", "Read time (Table 6)", "s",
              new double[] {824.39, 879.77, 739.66, 946.54, 770.20}),
          new Row("read_throughput_mb_s", "Read throughput (Table 6)", "MB/s",
              new double[] {68.86, 74.19, 85.89, 53.88, 70.84}),
          new Row("read_avg_io_rate_mb_s", "Read avg. I/O rate (Table 6)", "MB/s",
              new double[] {154.17, 176.25, 186.15, 162.59, 176.64})));

  private PaperValues() {}

  static List<Row> rows(String stage) {
    return BY_STAGE.getOrDefault(stage, List.of());
  }

  /** The paper's value of a metric for a policy in a stage, if the paper reports it. */
  static Optional<Double> value(String stage, String metric, String policy) {
    int column = POLICIES.indexOf(policy);
    if (column < 0) {
      return Optional.empty();
    }
    return rows(stage).stream().filter(r -> r.metric().equals(metric)).findFirst()
        .map(r -> r.values()[column]);
  }

  static Optional<Row> row(String stage, String metric) {
    return rows(stage).stream().filter(r -> r.metric().equals(metric)).findFirst();
  }
}
