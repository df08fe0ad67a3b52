/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.rpc.NodeRef;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The block manager's view and decisions the coordinator needs (implemented over HDFS internals). */
public interface BlockService {

  /** Whether this NameNode is the active one: a standby must not drive replication. */
  boolean isActive();

  /** Whether the NameNode is in safe mode: replica counts are incomplete until the block reports are in. */
  boolean inSafeMode();

  /**
   * Storages of live DataNodes that have not sent a full block report since this NameNode became active or their
   * DataNode registered (HDFS's "block contents stale"), a live DataNode whose storages are not known yet counting
   * as one: replicas on them are unknown to the NameNode.
   */
  int unreportedStorages();

  String blockPoolId();

  int liveReplicas(long blockId);

  /**
   * A pipeline source for the block: its replica on node {@code datanodeUuid}, or another one where that replica
   * cannot be read (its DataNode is dead, or the NameNode is deleting it as excess); empty when none can.
   */
  Optional<NodeRef> holder(long blockId, String datanodeUuid);

  /**
   * {@code count} more targets for the block, chosen by the cluster's placement policy given its current replicas,
   * in pipeline order; fewer (possibly none) when the policy finds fewer.
   */
  List<NodeRef> chooseTargets(String path, long blockId, int count, byte storagePolicyId);

  boolean isAlive(String datanodeUuid);

  /** Keeps the block's replicas from excess deletion while its background copies land. */
  void protect(long blockId);

  void release(long blockId);

  /**
   * Has the NameNode look at these blocks' replication again. A replica kept by the excess veto (a copy that
   * landed twice, e.g. once from before a NameNode restart and once after) is otherwise only reconsidered when
   * another replica of the block is reported; after the release it is an ordinary excess replica to delete.
   */
  void recheck(Collection<Long> blockIds);
}
