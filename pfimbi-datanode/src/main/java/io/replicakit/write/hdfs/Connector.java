/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.IOException;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.security.token.Token;

/**
 * Opens data-transfer connections with the credentials of whoever writes: a client's {@code DFSClient}, or a
 * DataNode's own (the relay). Either way the connection is SASL-negotiated as HDFS's stock writer does it, so
 * data-transfer protection and encryption apply unchanged.
 */
interface Connector {

  /**
   * A connected, negotiated peer at {@code target}'s address and {@code port}.
   *
   * @param target the DataNode (its xfer port is replaced by {@code port} for the SASL handshake's port check)
   * @param port its data-transfer port, or the relay's
   */
  Peer connect(DatanodeID target, int port, ExtendedBlock block, Token<BlockTokenIdentifier> token)
      throws IOException;

  /** How long to wait for an ack on a connection reaching {@code nodes} DataNodes, in ms (0: forever). */
  int readTimeoutMs(int nodes);

  /** How long a packet may take to write on such a connection, in ms (0: forever). */
  int writeTimeoutMs(int nodes);

  /**
   * HDFS's rule for a connection reaching {@code nodes} DataNodes ({@code DFSClient#getDatanodeReadTimeout}):
   * {@code base} plus {@code extension} per node; 0 (no timeout) stays 0.
   */
  static int extended(int base, int extension, int nodes) {
    return base > 0 ? base + extension * nodes : 0;
  }

  /** The relay port of every DataNode (master/slave). */
  int relayPort();
}
