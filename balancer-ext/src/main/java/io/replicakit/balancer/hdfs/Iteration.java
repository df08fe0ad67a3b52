/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

/**
 * What one balancing iteration did, in the terms HDFS's Balancer prints.
 *
 * @param status the Balancer's exit status this iteration ends with ({@code IN_PROGRESS} to go on)
 * @param bytesLeftToMove the bytes beyond the threshold band before the iteration
 * @param bytesBeingMoved the bytes of the moves dispatched
 * @param bytesMoved the bytes the DataNodes confirmed moving in this iteration
 * @param movesRaisingRacks dispatched moves that put a block in one more rack
 * @param movesRejected planned moves HDFS's dispatcher refused (the placement policy's {@code isMovable}, no
 *     proxy free)
 * @param utilizationStdPct standard deviation of the storage units' utilization before the iteration
 */
public record Iteration(Status status, long bytesLeftToMove, long bytesBeingMoved, long bytesMoved,
    int movesRaisingRacks, int movesRejected, double utilizationStdPct) {

  /** HDFS's Balancer exit statuses ({@code org.apache.hadoop.hdfs.server.balancer.ExitStatus}) with their codes. */
  public enum Status {
    SUCCESS(0), IN_PROGRESS(1), ALREADY_RUNNING(-1), NO_MOVE_BLOCK(-2), NO_MOVE_PROGRESS(-3), IO_EXCEPTION(-4),
    ILLEGAL_ARGUMENTS(-5), INTERRUPTED(-6), UNFINALIZED_UPGRADE(-7);

    private final int code;

    Status(int code) {
      this.code = code;
    }

    public int code() {
      return code;
    }
  }
}
