/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import java.util.Optional;

/**
 * Intra- and inter-node flow control of background blocks (thesis §4.2.3, §4.2.4).
 *
 * @param bufferBlocks how many background blocks a Replication Manager may hold in memory
 * @param bufferBytes how many bytes they may take together
 * @param guaranteedShareForegroundBlocks foreground blocks after which one background block is written even on a
 *     busy disk; 0 disables the guarantee
 * @param idleSamples consecutive idle activity samples before the disk counts as idle (1: the thesis's rule)
 * @param maxQueuedNotices notices a Replication Manager holds waiting before it refuses new ones
 * @param foregroundWindowMs how long after foreground work background copies are synced and held back on dirty
 *     data ({@link io.replicakit.pfimbi.flow.ForegroundWindow}); 0: never synced, always held
 */
public record FlowSettings(int bufferBlocks, long bufferBytes, long guaranteedShareForegroundBlocks,
    int idleSamples, int maxQueuedNotices, long foregroundWindowMs) {

  /**
   * Why {@code managers} full buffers may not fit the DataNode's heap, if they may not: together above half of
   * {@code maxHeapBytes} (the JVM's {@code -Xmx}), beside everything else the DataNode keeps there. A warning, not
   * a refusal: the buffers fill only under a backlog of background copies, and the operator chose the size.
   */
  public Optional<String> heapWarning(int managers, long maxHeapBytes) {
    long held = managers * bufferBytes;
    if (maxHeapBytes == Long.MAX_VALUE || held <= maxHeapBytes / 2) {
      return Optional.empty();
    }
    return Optional.of(managers + " Replication Manager buffer(s) of " + PfimbiConfig.BUFFER_BYTES.name()
        + "=" + bufferBytes + " bytes may hold " + held + " bytes of blocks in heap, more than half of the "
        + "DataNode's maximum heap (" + maxHeapBytes + " bytes): a backlog of background copies can exhaust it; "
        + "lower the key or raise -Xmx");
  }
}
