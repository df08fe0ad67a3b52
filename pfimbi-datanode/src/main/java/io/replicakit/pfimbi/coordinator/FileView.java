/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import java.util.List;

/**
 * A file as the coordinator needs to see it: where it is now, its replication, whether it is still being
 * written, its storage policy and its blocks.
 *
 * @param blocks the blocks a background copy can start from: finalized somewhere (every block of a closed file,
 *     all but an unfinished last one of an open file); empty when not asked for
 */
public record FileView(long inodeId, String path, short replication, boolean underConstruction,
    byte storagePolicyId, List<BlockView> blocks) {

  /** A block and the live DataNodes holding it. */
  public record BlockView(long blockId, long generationStamp, long numBytes, List<String> holders) {}
}
