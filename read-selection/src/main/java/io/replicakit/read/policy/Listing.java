/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

/**
 * One {@code getBlockLocations} call as the NameNode orders it, block after block on one RPC handler thread: when
 * its client will be ready for the next block of the listing. HDFS's input stream lists ten blocks at a time
 * ({@code dfs.client.read.prefetch.size}) and reads them one after another, so a listing's tenth block is read after
 * the nine before it; a policy that books reads in time ({@link EarliestFinish}) releases each block when the block
 * before it in the listing would end. The NameNode's adaptor keeps one per handler thread and
 * {@linkplain #restart restarts} it when the thread serves another call; not thread-safe.
 */
public final class Listing {

  private long readyMicros = Long.MIN_VALUE;
  private String readerLink;

  /** A new call from a reader whose link is not known: its first block is read as soon as it is listed. */
  public void restart() {
    restart(null);
  }

  /**
   * A new call: its first block is read as soon as it is listed.
   *
   * @param readerLink the reader's network link, for policies that book reads on it (the UUID of the DataNode the
   *     reader runs on); null when the reader is not on a DataNode
   */
  public void restart(String readerLink) {
    readyMicros = Long.MIN_VALUE;
    this.readerLink = readerLink;
  }

  /** The reader's link, or null when it is not known. */
  String readerLink() {
    return readerLink;
  }

  /** When the client is ready for the listing's next block, in the policy clock's microseconds (MIN_VALUE: now). */
  long readyMicros() {
    return readyMicros;
  }

  /** The listing's latest block would be read by then. */
  void readUntil(long micros) {
    readyMicros = Math.max(readyMicros, micros);
  }
}
