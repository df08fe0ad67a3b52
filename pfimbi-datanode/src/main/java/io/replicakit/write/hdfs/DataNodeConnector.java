/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.DNConf;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;

/**
 * Connections from inside a DataNode, made as the DataNode makes its own mirror connections in a pipeline
 * ({@code DataXceiver#writeBlock}): the DataNode's socket factory and timeouts, its SASL client, its key factory
 * for the block, and the client's block token passed on for each receiver to check.
 */
final class DataNodeConnector implements Connector {

  private final DataNode dataNode;
  private final DNConf dnConf;

  DataNodeConnector(DataNode dataNode) {
    this.dataNode = dataNode;
    this.dnConf = dataNode.getDnConf();
  }

  @Override
  public Peer connect(DatanodeID target, int port, ExtendedBlock block, Token<BlockTokenIdentifier> token)
      throws IOException {
    String host = dnConf.getConnectToDnViaHostname() ? target.getHostName() : target.getIpAddr();
    InetSocketAddress addr = NetUtils.createSocketAddr(host, port);
    Socket sock = dataNode.newSocket();
    try {
      NetUtils.connect(sock, addr, dnConf.getSocketTimeout());
      sock.setTcpNoDelay(dnConf.getDataTransferServerTcpNoDelay());
      return DFSUtilClient.peerFromSocketAndKey(dataNode.getSaslClient(), sock,
          dataNode.getDataEncryptionKeyFactoryForBlock(block), token, target, dnConf.getSocketTimeout());
    } catch (IOException | RuntimeException e) {
      IOUtils.closeSocket(sock);
      throw e;
    }
  }

  @Override
  public int readTimeoutMs(int nodes) {
    return Connector.extended(dnConf.getSocketTimeout(), HdfsConstants.READ_TIMEOUT_EXTENSION, nodes);
  }

  @Override
  public int writeTimeoutMs(int nodes) {
    return Connector.extended(dnConf.getSocketWriteTimeout(), HdfsConstants.WRITE_TIMEOUT_EXTENSION, nodes);
  }

  /** A relay never connects to another relay. */
  @Override
  public int relayPort() {
    throw new UnsupportedOperationException("a relay forwards to data-transfer ports only");
  }
}
