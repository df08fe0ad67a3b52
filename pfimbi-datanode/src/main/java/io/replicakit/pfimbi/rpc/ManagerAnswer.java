/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.util.Objects;
import java.util.Optional;

/**
 * A Replication Manager's answer to a notice: empty {@code refusal} when it queued the block, and the
 * {@code incarnation} of the DataNode process that answered ({@link #UNKNOWN} from a DataNode of an earlier
 * version). A different incarnation from the same host means the DataNode restarted and the blocks its previous
 * process had accepted are gone: managers keep them in memory only.
 */
public record ManagerAnswer(Optional<String> refusal, long incarnation) {

  /** The incarnation of a DataNode that does not send one. */
  public static final long UNKNOWN = 0;

  public ManagerAnswer {
    Objects.requireNonNull(refusal, "refusal");
  }
}
