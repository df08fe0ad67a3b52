/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.Sizes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders a running cluster's layout for people: what the CLI prints when the cluster is up. */
final class ClusterLayout {

  private ClusterLayout() {}

  static String describe(ClusterSpec spec, URI uri, ClusterOptions options, ClusterMode mode) {
    StringBuilder sb = new StringBuilder();
    sb.append("Cluster spec '").append(spec.name()).append("'");
    if (!spec.description().isEmpty()) {
      sb.append(": ").append(spec.description());
    }
    sb.append('\n');
    sb.append("NameNode      ").append(uri).append('\n');
    sb.append("Mode          ").append(mode == ClusterMode.PROCESSES
        ? "processes (one JVM per daemon; logs in " + ProcessCluster.logDir(options).toAbsolutePath() + ")"
        : "embedded (every daemon in this JVM)").append('\n');
    sb.append("Network       ").append(NetworkRecord.describe(spec, mode)).append('\n');
    sb.append("Devices       ").append(spec.devices().describe()).append('\n');
    if (spec.usesPageCache()) {
      sb.append("Page cache    ").append(spec.describePageCache()).append(" (recently written data)").append('\n');
      sb.append("Write-back    ").append(spec.describeWriteBack()).append('\n');
    }
    sb.append("Data dir      ").append(options.baseDir().toAbsolutePath()).append('\n');
    sb.append(String.format(Locale.ROOT, "%-6s %-12s %-10s %-6s %-6s %-10s %-32s %s%n",
        "node", "address", "location", "ud", "class", "network", "volumes", "capacity"));
    for (String rack : spec.racks()) {
      for (DataNodeSpec dn : spec.dataNodesInRack(rack)) {
        sb.append(String.format(Locale.ROOT, "%-6s %-12s %-10s %-6s %-6s %-10s %-32s %s%n",
            dn.name(), dn.address(), dn.networkLocation(), dn.upgradeDomain().orElse("-"), dn.hardwareClass(),
            dn.networkBytesPerSec() == 0 ? "-" : mibPerSecond(dn.networkBytesPerSec()) + "MiB/s",
            dn.volumes().stream().map(v -> v.type() + " " + Sizes.format(v.capacityBytes()))
                .collect(Collectors.joining(", ")),
            Sizes.format(dn.capacityBytes())));
      }
    }
    sb.append("Clients: set fs.defaultFS=").append(uri)
        .append("; a client on ").append(spec.masterAddress()).append(" is off-cluster.");
    return sb.toString();
  }

  /**
   * A rate in MiB/s with up to two decimals and no trailing zeros ({@code 0.5}, {@code 1.25}, {@code 100}): the spec
   * takes fractions, and whole MiB/s would print a 0.5-MiB/s limit as 0.
   */
  static String mibPerSecond(long bytesPerSecond) {
    return BigDecimal.valueOf(bytesPerSecond).divide(BigDecimal.valueOf(Sizes.MIB), 2, RoundingMode.HALF_UP)
        .stripTrailingZeros().toPlainString();
  }
}
