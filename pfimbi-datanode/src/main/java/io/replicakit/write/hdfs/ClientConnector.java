/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.client.impl.DfsClientConf;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.datatransfer.InvalidEncryptionKeyException;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connections with a client's credentials, made as {@code DataStreamer#createSocketForPipeline} makes them: the
 * client's socket factory (so a testbed client bound to a node's address stays there), its connect timeout and
 * TCP options, then SASL with the client's {@code SaslDataTransferClient} and the block token, the client itself
 * supplying data-encryption keys. Timeouts grow with the nodes a connection reaches, as HDFS's do. A DataNode that
 * does not know the client's data-encryption key (it rolled, or the DataNode restarted) fails the handshake with
 * {@code InvalidEncryptionKeyException}; as HDFS's stream does ({@code DataStreamer.RefetchEncryptionKeyPolicy}),
 * the key is dropped, a new one fetched, and the connection tried once more before the node is blamed.
 */
final class ClientConnector implements Connector {

  private static final Logger LOG = LoggerFactory.getLogger(ClientConnector.class);

  private final DFSClient client;
  private final DfsClientConf conf;
  private final SocketFactory sockets;
  private final int relayPort;

  ClientConnector(DFSClient client, org.apache.hadoop.conf.Configuration hadoopConf, int relayPort) {
    this.client = client;
    this.conf = client.getConf();
    this.sockets = NetUtils.getSocketFactory(hadoopConf, ClientProtocol.class);
    this.relayPort = relayPort;
  }

  @Override
  public Peer connect(DatanodeID target, int port, ExtendedBlock block, Token<BlockTokenIdentifier> token)
      throws IOException {
    try {
      return connectOnce(target, port, token);
    } catch (InvalidEncryptionKeyException e) {
      LOG.info("Data-encryption key refused by {}; fetching a new one and trying again", target.getXferAddr(), e);
      client.clearDataEncryptionKey();
      return connectOnce(target, port, token);
    }
  }

  private Peer connectOnce(DatanodeID target, int port, Token<BlockTokenIdentifier> token) throws IOException {
    String host = conf.isConnectToDnViaHostname() ? target.getHostName() : target.getIpAddr();
    InetSocketAddress addr = NetUtils.createSocketAddr(host, port);
    Socket sock = sockets.createSocket();
    try {
      NetUtils.connect(sock, addr, conf.getSocketTimeout());
      sock.setTcpNoDelay(conf.getDataTransferTcpNoDelay());
      sock.setKeepAlive(true);
      DatanodeID id = port == target.getXferPort() ? target : atPort(target, port);
      return DFSUtilClient.peerFromSocketAndKey(client.getSaslDataTransferClient(), sock, client, token, id,
          conf.getSocketTimeout());
    } catch (IOException | RuntimeException e) {
      IOUtils.closeSocket(sock);
      throw e;
    }
  }

  /** {@code node} seen at another port: the SASL handshake decides on the port it actually talks to. */
  static DatanodeID atPort(DatanodeID node, int port) {
    return new DatanodeID(node.getIpAddr(), node.getHostName(), node.getDatanodeUuid(), port, node.getInfoPort(),
        node.getInfoSecurePort(), node.getIpcPort());
  }

  @Override
  public int readTimeoutMs(int nodes) {
    return Connector.extended(conf.getSocketTimeout(), HdfsConstants.READ_TIMEOUT_EXTENSION, nodes);
  }

  @Override
  public int writeTimeoutMs(int nodes) {
    return Connector.extended(conf.getDatanodeSocketWriteTimeout(), HdfsConstants.WRITE_TIMEOUT_EXTENSION, nodes);
  }

  @Override
  public int relayPort() {
    return relayPort;
  }
}
