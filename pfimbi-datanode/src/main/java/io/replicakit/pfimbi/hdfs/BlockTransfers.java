/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import io.replicakit.pfimbi.manager.ReplicationManager;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NoticeCheck;
import java.io.IOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * One Replication Manager's block data, moved with HDFS's data-transfer protocol ({@link BlockIo}): pulled from
 * the notice's source, stored on a local volume of the manager's storage type. Translates notices into HDFS's
 * block and DataNode types; a helper of {@link DataNodeAdaptor}.
 */
final class BlockTransfers implements ReplicationManager.Transfers<BlockData> {

  private final BlockIo blockIo;
  private final StorageType storageType;

  BlockTransfers(BlockIo blockIo, StorageType storageType) {
    this.blockIo = blockIo;
    this.storageType = storageType;
  }

  /**
   * Pulls the block once its source confirms the notice's length, so a notice cannot make this DataNode store
   * a truncated prefix as a finalized replica; a mismatch fails the fetch, which drops the copy and counts it.
   */
  @Override
  public BlockData fetch(BlockAvailable n) throws IOException {
    DatanodeInfo source = DataNodeAdaptor.datanodeInfo(n.source());
    Optional<String> mismatch = NoticeCheck.lengthProblem(n, blockIo.replicaLength(block(n), source));
    if (mismatch.isPresent()) {
      throw new IOException(mismatch.get());
    }
    return blockIo.fetch(block(n), source);
  }

  @Override
  public void write(BlockAvailable n, BlockData data, BooleanSupplier mayContinue, LongConsumer sent, boolean sync)
      throws IOException {
    blockIo.writeLocal(block(n), data, storageType, new BlockIo.Pacing(mayContinue, sent, sync));
  }

  @Override
  public boolean stored(BlockAvailable n) {
    return blockIo.storedFinalized(block(n));
  }

  private static ExtendedBlock block(BlockAvailable n) {
    return new ExtendedBlock(n.blockPoolId(), n.blockId(), n.numBytes(), n.generationStamp());
  }
}
