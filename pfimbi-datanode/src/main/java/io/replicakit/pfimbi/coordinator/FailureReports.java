/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.coordinator.BackgroundCoordinator.ReplicationManagers;
import io.replicakit.pfimbi.rpc.FailureReport;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copies the targets of blocks in flight say they failed to write (a full disk, a lost source), asked at most
 * every {@link #POLL_INTERVAL_MS}: the coordinator falls such a file back at once instead of waiting for its
 * background timeout. A target that does not answer reports nothing; its death is seen through liveness. Each
 * answer's incarnation goes to {@link ManagerIncarnations}: a target restarted quickly shows there.
 */
final class FailureReports {

  private static final Logger LOG = LoggerFactory.getLogger(FailureReports.class);

  /** How often the Replication Managers with copies in flight are asked which copies they failed to write. */
  static final long POLL_INTERVAL_MS = 2_000;

  private final ReplicationManagers managers;
  private final Supplier<String> blockPoolId;
  private final ManagerIncarnations incarnations;
  private Map<Long, String> reported = Map.of();
  private long nextPollMs;

  /** Reports of the coordinator's pool, {@code blockPoolId}'s answer (known once the NameNode has its namespace). */
  FailureReports(ReplicationManagers managers, Supplier<String> blockPoolId, ManagerIncarnations incarnations) {
    this.managers = managers;
    this.blockPoolId = blockPoolId;
    this.incarnations = incarnations;
  }

  /** Asks the Replication Managers at {@code targetIps}, unless they were asked less than an interval ago. */
  void poll(long nowMs, Supplier<Collection<String>> targetIps) {
    if (nowMs < nextPollMs) {
      return;
    }
    nextPollMs = nowMs + POLL_INTERVAL_MS;
    Map<Long, String> failures = new HashMap<>();
    String pool = blockPoolId.get();
    Collection<String> inFlight = targetIps.get();
    incarnations.keepOnly(inFlight);
    for (String ip : inFlight) {
      try {
        FailureReport report = managers.recentFailures(ip, pool);
        incarnations.answered(ip, report.incarnation());
        failures.putAll(report.failed());
      } catch (IOException e) {
        LOG.debug("Pfimbi: no failure report from {}: {}", ip, e.toString());
      }
    }
    reported = failures;
  }

  /** Why a target failed the copy of {@code blockId} by the last poll, or null. */
  String failure(long blockId) {
    return reported.get(blockId);
  }

  void clear() {
    reported = Map.of();
    incarnations.clear();
  }
}
