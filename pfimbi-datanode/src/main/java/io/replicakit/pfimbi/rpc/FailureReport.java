/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A DataNode's recent background-copy failures of one block pool (block ID to why), and the incarnation of the
 * DataNode process that reported them ({@link ManagerAnswer#UNKNOWN} from a DataNode of an earlier version).
 */
public record FailureReport(long incarnation, Map<Long, String> failed) {

  public FailureReport {
    failed = Collections.unmodifiableMap(new LinkedHashMap<>(failed)); // oldest first, as reported
  }
}
