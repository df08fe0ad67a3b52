/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

/** Which of a flow's waiting blocks is received next (thesis §4.6.2). */
public enum QueueOrder {
  /** Oldest first: the thesis's default. */
  FIFO,
  /**
   * Newest first: the newest block is the likeliest to still be in the sender's page cache, so forwarding it
   * avoids a disk read on the sender. Per flow, so one job's fresh blocks cannot starve another's.
   */
  LIFO
}
