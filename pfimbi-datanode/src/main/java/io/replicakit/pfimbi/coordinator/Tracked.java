/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A file the {@link BackgroundCoordinator} is raising to its Pfimbi target, and its blocks in flight. */
final class Tracked {

  /**
   * A block whose background pipeline was started; no targets when it already had its copies.
   *
   * @param bytes the block's length when its pipeline started
   * @param handedOut {@link ManagerIncarnations#mark()} once its first target accepted the notice: a target's
   *     process replaced after it lost the block
   */
  record Started(long atMs, List<NodeRef> targets, long bytes, long handedOut) {}

  final PfimbiSpec spec;
  final long sinceMs;
  final Map<Long, Started> started = new HashMap<>();
  String path;
  boolean carriesRequest;
  /** An attach of the request failed: try again next round ({@code BackgroundCoordinator#carryRequest}). */
  boolean requestOwed;

  Tracked(PfimbiSpec spec, String path, long sinceMs) {
    this.spec = spec;
    this.path = path;
    this.sinceMs = sinceMs;
  }
}
