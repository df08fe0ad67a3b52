/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

/**
 * An upstream node's announcement that a block is ready to be pulled by this node (thesis §4.7: sender, block,
 * size, flow name and weight, and this node's position in the block's pipeline).
 *
 * @param source the announcing DataNode (id or host:port), where the block is requested from
 * @param blockId HDFS block id; unique among the notices one scheduler holds
 * @param generationStamp the block's generation stamp, so a stale replica is not pulled
 * @param lengthBytes the block's length: what the transfer will cost
 * @param flow the flow (job) the block belongs to
 * @param weight the flow's weight, > 0: its share of this node's background bandwidth is proportional to it
 * @param position this node's position in the pipeline, >= 2 (position 1 is the synchronous primary)
 * @param sequence the sender's running number of its notices, for logs and duplicate detection
 */
public record BlockNotice(String source, long blockId, long generationStamp, long lengthBytes, String flow,
    double weight, int position, long sequence) {

  /** The first position written in the background: the primary (1) is always synchronous. */
  public static final int FIRST_BACKGROUND_POSITION = 2;

  public BlockNotice {
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source must name a DataNode, was '" + source + "'");
    }
    if (lengthBytes < 0) {
      throw new IllegalArgumentException("lengthBytes must be >= 0, was " + lengthBytes);
    }
    if (flow == null || flow.isBlank()) {
      throw new IllegalArgumentException("flow must be a non-blank name, was '" + flow + "'");
    }
    if (!(weight > 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("weight must be finite and > 0, was " + weight);
    }
    if (position < FIRST_BACKGROUND_POSITION) {
      throw new IllegalArgumentException("position must be >= " + FIRST_BACKGROUND_POSITION + ", was " + position);
    }
  }
}
