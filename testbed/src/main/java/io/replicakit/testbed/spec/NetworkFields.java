/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.common.storage.Throughput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a spec's network fields into a {@link NetworkSpec}. A rate is a number and its unit, because links are
 * quoted in bits and disks in bytes: {@code 1Gbit/s}, {@code 100Mbit/s}, {@code 12.5MB/s}, {@code 11.9MiB/s};
 * {@code 0} (no unit) leaves that link unshaped.
 */
final class NetworkFields {

  static final String NODE_LINK = "net.node.link";
  static final String RACK_UPLINK = "net.rack.uplink";
  static final String CLIENT_LINK = "net.client.link";
  static final Set<String> FIELDS = Set.of(NODE_LINK, RACK_UPLINK, CLIENT_LINK);

  private static final String UNITS = "Gbit/s, Mbit/s, kbit/s, MB/s, MiB/s, kB/s";

  private final SpecLists lists;
  private final List<String> problems;

  NetworkFields(SpecLists lists, List<String> problems) {
    this.lists = lists;
    this.problems = problems;
  }

  /** The network of a spec of {@code dataNodes} nodes in {@code racks} racks. */
  NetworkSpec read(int dataNodes, int racks) {
    return new NetworkSpec(rates(NODE_LINK, dataNodes, "DataNode"), rates(RACK_UPLINK, racks, "rack"),
        rates(CLIENT_LINK, racks, "rack"));
  }

  /**
   * One rate per DataNode or rack. The field is read once and each distinct entry parsed once: one entry stands for
   * every node, and a bad one is one problem, not one per node (nor a bad repetition one per reading).
   */
  private List<Throughput> rates(String key, int size, String what) {
    List<String> given = lists.list(key, null);
    if (given.isEmpty()) {
      return List.of();
    }
    Map<String, Throughput> parsed = new HashMap<>();
    List<Throughput> rates = new ArrayList<>();
    for (String entry : lists.sized(key, given, size, "0", what)) {
      rates.add(parsed.computeIfAbsent(entry, e -> rate(key, e)));
    }
    return rates;
  }

  private Throughput rate(String key, String entry) {
    String text = entry.trim().replace(" ", "");
    if (text.equals("0")) {
      return Throughput.ZERO;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    int unitStart = 0;
    while (unitStart < lower.length() && "0123456789.".indexOf(lower.charAt(unitStart)) >= 0) {
      unitStart++;
    }
    double bytesPerUnit = bytesPerUnit(text.substring(unitStart));
    try {
      double amount = Double.parseDouble(text.substring(0, unitStart));
      if (bytesPerUnit > 0 && amount > 0 && !Double.isInfinite(amount)) {
        return new Throughput(amount * bytesPerUnit);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(key + " entries must be 0 (unshaped) or a rate > 0 with a unit (" + UNITS + "), was '"
        + entry.trim() + "'");
    return Throughput.ZERO;
  }

  /** Bytes per second in one of the unit; 0 for an unknown unit. Bits are case-insensitive, bytes are not. */
  private static double bytesPerUnit(String unit) {
    return switch (unit) {
      case "MB/s" -> 1e6;
      case "kB/s" -> 1e3;
      case "MiB/s" -> Throughput.mibPerSec(1).bytesPerSec();
      default -> switch (unit.toLowerCase(Locale.ROOT)) {
        case "gbit/s" -> 1e9 / 8;
        case "mbit/s" -> 1e6 / 8;
        case "kbit/s" -> 1e3 / 8;
        default -> 0;
      };
    };
  }
}
