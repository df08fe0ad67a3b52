/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import io.replicakit.common.storage.Throughput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes a link has carried since it was built, in each direction, read from its veth's counters.
 *
 * @param link the link
 * @param downBytes bytes towards the node (or from the core into the rack)
 * @param upBytes bytes from the node (or from the rack up to the core)
 */
public record LinkCounters(NetworkPlan.Link link, long downBytes, long upBytes) {

  /**
   * What this link carried since {@code earlier} over {@code seconds}: bytes each way and, for a shaped link, the
   * busier direction's share of the link's rate (a link is full-duplex, so each direction has the whole rate).
   */
  public Map<String, Object> since(LinkCounters earlier, double seconds) {
    long down = downBytes - earlier.downBytes;
    long up = upBytes - earlier.upBytes;
    Map<String, Object> usage = new LinkedHashMap<>();
    usage.put("link", link.name());
    usage.put("kind", link.kind().name().toLowerCase(java.util.Locale.ROOT));
    usage.put("rate_mb_s", link.rate().mbPerSec());
    usage.put("down_bytes", down);
    usage.put("up_bytes", up);
    usage.put("seconds", seconds);
    if (link.rate().bytesPerSec() > 0 && seconds > 0) {
      usage.put("utilization", utilization(Math.max(down, up), seconds, link.rate()));
    }
    return usage;
  }

  /**
   * What each link carried between two readings of a network's counters ({@code before} and {@code after} list
   * the same links in the same order), over {@code seconds}; empty when the network is not shaped (no counters).
   */
  public static List<Map<String, Object>> since(List<LinkCounters> before, List<LinkCounters> after,
      double seconds) {
    List<Map<String, Object>> usage = new ArrayList<>();
    for (int i = 0; i < after.size() && i < before.size(); i++) {
      usage.add(after.get(i).since(before.get(i), seconds));
    }
    return usage;
  }

  /** {@code bytes} over {@code seconds} as a share of {@code rate}. */
  static double utilization(long bytes, double seconds, Throughput rate) {
    return bytes / seconds / rate.bytesPerSec();
  }
}
