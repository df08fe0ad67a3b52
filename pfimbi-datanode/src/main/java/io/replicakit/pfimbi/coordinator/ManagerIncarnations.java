/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.rpc.ManagerAnswer;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Which DataNode process answered last at each Replication Manager host, and when (in answers, not time) one was
 * seen to be replaced by another.
 *
 * <p>Why: a Replication Manager keeps the blocks it accepted in memory, so a DataNode restarted within the NameNode's
 * dead-node interval comes back without them and reports no failure for them either; the coordinator saw the target
 * alive all along and waited {@code background.timeout.ms} (600 s) for copies that would never come. A block handed
 * out before a target's replacement was seen is lost there; one handed out after it was not. Positions in the
 * sequence of answers order the two exactly, where clock readings of the same millisecond would not.
 *
 * <p>A host's first answer, or one without an incarnation (a DataNode of an earlier version), shows no restart. A
 * host is followed only while blocks are in flight to it ({@link #keepOnly}): one restarted while it had none would
 * otherwise be taken, at its next answer, for a restart that lost the blocks handed to it since.
 */
final class ManagerIncarnations {

  private final Map<String, Long> current = new HashMap<>();
  private final Map<String, Long> replacedAt = new HashMap<>();
  private long answers;

  /** Records an answer from the manager at {@code ipAddr}. */
  void answered(String ipAddr, long incarnation) {
    answers++;
    if (incarnation == ManagerAnswer.UNKNOWN) {
      return;
    }
    Long before = current.put(ipAddr, incarnation);
    if (before != null && before != incarnation) {
      replacedAt.put(ipAddr, answers);
    }
  }

  /** The position a block handed out now records, to be compared by {@link #replacedSince}. */
  long mark() {
    return answers;
  }

  /** Whether the process at {@code ipAddr} was seen to be replaced by another after {@code mark}. */
  boolean replacedSince(String ipAddr, long mark) {
    Long at = replacedAt.get(ipAddr);
    return at != null && at > mark;
  }

  /** Forgets the hosts not in {@code inFlight}: their next answer starts a baseline again. */
  void keepOnly(Collection<String> inFlight) {
    current.keySet().retainAll(inFlight);
    replacedAt.keySet().retainAll(inFlight);
  }

  void clear() {
    current.clear();
    replacedAt.clear();
  }
}
