/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import io.replicakit.pfimbi.proto.PfimbiProtos.FailedBlockProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import java.util.List;
import java.util.Optional;

/** What a DataNode's Replication Managers do with calls from the NameNode and upstream DataNodes. */
public interface NoticeHandler {

  /** Queues the notice; empty when accepted, else why not (the caller falls back, nothing is retried blindly). */
  Optional<String> accept(BlockAvailable notice);

  List<ManagerStatusProto> status();

  /** Blocks whose background copy failed here recently, oldest first; none unless the handler records them. */
  default List<FailedBlockProto> failedBlocks() {
    return List.of();
  }

  /**
   * This DataNode process's incarnation, sent with every answer ({@link ManagerAnswer}): random, fixed for the
   * process's life; {@link ManagerAnswer#UNKNOWN} when the handler has none.
   */
  default long incarnation() {
    return ManagerAnswer.UNKNOWN;
  }
}
