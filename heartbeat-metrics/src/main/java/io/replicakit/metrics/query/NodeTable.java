/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.query;

import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.NodeStateProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.VolumeMetricsProto;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The registry as a text table: one line per DataNode (its host metrics) followed by one line per volume
 * ({@code iostat -x} columns). Missing metrics print as {@code -}.
 */
public final class NodeTable {

  private static final String ROW = "%-24s %-8s %6s %8s %8s  %-12s %-7s %7s %9s %9s %9s %6s%n";

  private NodeTable() {}

  public static String format(ListNodesResponseProto response) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, ROW, "DataNode", "state", "age s", "cpuIdle%", "memFree%",
        "volume", "type", "util%", "await ms", "rkB/s", "wkB/s", "queue"));
    List<NodeStateProto> nodes = new ArrayList<>(response.getNodesList());
    nodes.sort(Comparator.comparing(NodeTable::name));
    for (NodeStateProto node : nodes) {
      appendNode(out, node);
    }
    out.append(String.format(Locale.ROOT, "%d DataNodes (%d fresh); samples accepted %d, rejected %d%n",
        nodes.size(), nodes.stream().filter(n -> !n.getStale()).count(), response.getAccepted(),
        response.getRejected()));
    return out.toString();
  }

  private static void appendNode(StringBuilder out, NodeStateProto node) {
    DatanodeSystemMetricsProto s = node.getSample();
    String host = String.format(Locale.ROOT, ROW, name(node), node.getStale() ? "STALE" : "fresh",
        fixed(node.getAgeMs() / 1000.0, 1),
        s.getHost().hasCpuIdlePct() ? fixed(s.getHost().getCpuIdlePct(), 1) : "-",
        s.getHost().hasMemoryFreePct() ? fixed(s.getHost().getMemoryFreePct(), 1) : "-",
        "", "", "", "", "", "", "");
    out.append(host.stripTrailing()).append('\n');
    for (VolumeMetricsProto v : s.getVolumesList()) {
      out.append(String.format(Locale.ROOT, ROW, "", "", "", "", "", shortId(v.getStorageId()),
          v.getStorageType(),
          v.hasUtilizationPct() ? fixed(v.getUtilizationPct(), 1) : "-",
          v.hasAwaitMs() ? fixed(v.getAwaitMs(), 2) : "-",
          v.hasReadKbPerSec() ? fixed(v.getReadKbPerSec(), 0) : "-",
          v.hasWriteKbPerSec() ? fixed(v.getWriteKbPerSec(), 0) : "-",
          v.hasQueueLength() ? fixed(v.getQueueLength(), 2) : "-"));
    }
  }

  /** Host name and transfer address when the NameNode knows them, else the UUID. */
  private static String name(NodeStateProto node) {
    if (node.hasXferAddress()) {
      return node.getXferAddress();
    }
    return node.getSample().getDatanodeUuid();
  }

  /** Storage IDs are {@code DS-<uuid>}; the first 8 characters after the prefix tell them apart in practice. */
  private static String shortId(String storageId) {
    return storageId.length() > 12 ? storageId.substring(0, 11) + "…" : storageId;
  }

  private static String fixed(double value, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }
}
