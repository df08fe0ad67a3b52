/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.util.List;
import java.util.Objects;

/**
 * Thesis §4.7: upstream node S tells downstream node D that a block waits for it, with what D's scheduler needs to
 * queue it (flow, weight, position) and what D needs to continue the pipeline ({@code downstream}: the targets
 * after D, in order). The NameNode side sends the first notice of each block (S = the synchronous copy), each
 * Replication Manager the next one once its copy is written.
 *
 * @param blockPoolId, blockId, generationStamp, numBytes the block, as HDFS names it
 * @param source where to pull the block from
 * @param flow the job's flow name
 * @param flowWeight its weight, > 0
 * @param position the receiver's position in the block's pipeline, 2..n
 * @param storageType the storage type the receiver writes its copy to
 * @param downstream the rest of the pipeline
 */
public record BlockAvailable(String blockPoolId, long blockId, long generationStamp, long numBytes, NodeRef source,
    String flow, double flowWeight, int position, String storageType, List<NodeRef> downstream) {

  public BlockAvailable {
    Objects.requireNonNull(blockPoolId, "blockPoolId");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(storageType, "storageType");
    downstream = List.copyOf(downstream);
  }

  /** The notice for the next node of the pipeline, once this receiver ({@code self}) holds its copy. */
  public BlockAvailable forwardedFrom(NodeRef self) {
    NodeRef next = downstream.get(0);
    return new BlockAvailable(blockPoolId, blockId, generationStamp, numBytes, self, flow, flowWeight,
        position + 1, next.storageType(), downstream.subList(1, downstream.size()));
  }

  public boolean hasDownstream() {
    return !downstream.isEmpty();
  }
}
