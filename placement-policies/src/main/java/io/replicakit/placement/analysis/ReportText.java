/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders a {@link PlacementReport} as the tables and figures of the paper's §5, in text. */
final class ReportText {

  private ReportText() {}

  static String render(PlacementReport r) {
    StringBuilder out = new StringBuilder();
    out.append(format("files: %d, blocks: %d, counted nodes: %d%n", r.files(), r.blocks(), r.nodes().size()));
    appendNodes(out, r);
    appendRacks(out, r);
    appendAvailability(out, r);
    return out.toString();
  }

  private static void appendNodes(StringBuilder out, PlacementReport r) {
    int width = Math.max(4, r.nodes().stream().mapToInt(n -> n.name().length()).max().orElse(0));
    int rackWidth = Math.max(4, r.nodes().stream().mapToInt(n -> n.rack().length()).max().orElse(0));
    String row = "%-" + width + "s  %-" + rackWidth + "s  %12s  %11s%n";
    out.append(format(row, "node", "rack", "occupation", "utilization"));
    for (NodeUsage n : r.nodes()) {
      out.append(format(row, n.name(), n.rack(), bytes(n.occupationBytes()), percent(n.utilizationPct())));
    }
    out.append(format("occupation:  mean %s, std dev %s%n", bytes(r.occupationMeanBytes()),
        bytes(r.occupationStdBytes())));
    out.append(format("utilization: mean %s, std dev %s%n", percent(r.utilizationMeanPct()),
        percent(r.utilizationStdPct())));
  }

  private static void appendRacks(StringBuilder out, PlacementReport r) {
    out.append("bytes per rack:\n");
    r.bytesPerRack().forEach((rack, total) -> out.append(format("  %-12s %12s%n", rack, bytes(total))));
  }

  private static void appendAvailability(StringBuilder out, PlacementReport r) {
    out.append(format("blocks in unique racks: %s%n", percent(r.blocksInUniqueRacksPct())));
    out.append(format("blocks by distinct racks: %s%n", histogram(r.blocksByRackCount())));
    out.append(format("blocks by max replicas in one rack: %s%n", histogram(r.blocksByMaxReplicasPerRack())));
    String violations = r.violatingPct().isPresent() ? percent(r.violatingPct().getAsDouble()) : "not checked";
    out.append(format("blocks violating the placement policy: %s%n", violations));
  }

  private static String histogram(Map<Integer, Long> counts) {
    if (counts.isEmpty()) {
      return "none";
    }
    return counts.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /** Binary units with two decimals, e.g. {@code 1.50 GiB}; plain bytes below 1 KiB. */
  static String bytes(double value) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int unit = 0;
    double scaled = value;
    while (Math.abs(scaled) >= 1024 && unit < units.length - 1) {
      scaled /= 1024;
      unit++;
    }
    return unit == 0 ? format("%.0f B", scaled) : format("%.2f %s", scaled, units[unit]);
  }

  private static String percent(double pct) {
    return format("%.2f%%", pct);
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
