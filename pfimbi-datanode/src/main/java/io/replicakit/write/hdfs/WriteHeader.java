/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.DataChecksum;

/**
 * What every leg of one block write sends in its {@code WRITE_BLOCK} request, apart from its own targets.
 *
 * @param block the block (its generation stamp is the one the replicas have; its length the file's block size,
 *     which the receivers reserve)
 * @param token the block access token
 * @param clientName the lease holder
 * @param stage create, streaming recovery or close recovery
 * @param bytes the recovery range: what every replica holds at least, and at most
 * @param latestGenerationStamp the generation stamp the replicas end with
 * @param checksum the data's checksum type and chunk size
 * @param caching the cache hints
 */
record WriteHeader(ExtendedBlock block, Token<BlockTokenIdentifier> token, String clientName,
    BlockConstructionStage stage, Range bytes, long latestGenerationStamp, DataChecksum checksum,
    CachingStrategy caching) {

  /** The bytes a replica must hold at least ({@code min}) and may hold at most ({@code max}) to be recovered. */
  record Range(long min, long max) {
    static final Range NONE = new Range(0, 0);
  }
}
