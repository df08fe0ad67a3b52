/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.common.fault.ThrottledLog;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master/slave write relay of one DataNode: accepts data-transfer connections on its own port and serves each
 * with a {@link RelayConnection} on its own thread. Concurrent connections are bounded by the DataNode's own
 * {@code dfs.datanode.max.transfer.threads}; one over the bound is refused at once (the client then drops this
 * node and goes on with the others, as after any failed setup). Reads and writes on a connection time out as on the
 * DataNode's own port ({@code dfs.client.socket-timeout}, {@code dfs.datanode.socket.write.timeout}).
 */
public final class RelayServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RelayServer.class);

  private final DataNode dataNode;
  private final ServerSocket server;
  private final Semaphore slots;
  private final int window;
  private final ExecutorService workers;
  private final Thread acceptor;
  private final ThrottledLog faults = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow);
  private final AtomicLong served = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private volatile boolean closed;
  /** The connections being relayed, closed by {@link #close()}. */
  private final Set<Socket> active = ConcurrentHashMap.newKeySet();

  private RelayServer(DataNode dataNode, ServerSocket server) {
    this.dataNode = dataNode;
    this.server = server;
    this.slots = new Semaphore(dataNode.getConf().getInt(DFSConfigKeys.DFS_DATANODE_MAX_RECEIVER_THREADS_KEY,
        DFSConfigKeys.DFS_DATANODE_MAX_RECEIVER_THREADS_DEFAULT));
    this.window = dataNode.getConf().getInt(HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_KEY,
        HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_DEFAULT);
    this.workers = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "replicakit-write-relay-" + server.getLocalPort());
      t.setDaemon(true);
      return t;
    });
    this.acceptor = new Thread(this::acceptLoop, "replicakit-write-relay-accept-" + server.getLocalPort());
    acceptor.setDaemon(true);
  }

  /**
   * Listens on {@code bind} ({@code host:port}; port 0 for any) for {@code dataNode}.
   *
   * @throws IOException if the address cannot be bound
   */
  public static RelayServer start(Object dataNode, InetSocketAddress bind) throws IOException {
    // As the DataNode's own TcpPeerServer: a channel socket when writes have a timeout, since only a channel's
    // peer (NioInetPeer) can time a write out; a plain socket's peer ignores setWriteTimeout.
    ServerSocket socket = ((DataNode) dataNode).getDnConf().getSocketWriteTimeout() > 0
        ? ServerSocketChannel.open().socket() : new ServerSocket();
    socket.setReuseAddress(true);
    try {
      socket.bind(bind, 128);
    } catch (IOException e) {
      socket.close();
      throw new IOException("write relay cannot listen on " + bind + ": " + e.getMessage(), e);
    }
    RelayServer server = new RelayServer((DataNode) dataNode, socket);
    server.acceptor.start();
    return server;
  }

  /** The host a relay of {@code dataNode} binds when its configured host is a wildcard: the data-transfer host. */
  public static String dataTransferHost(Object dataNode) {
    return ((DataNode) dataNode).getXferAddress().getAddress().getHostAddress();
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) server.getLocalSocketAddress();
  }

  /** Block writes relayed to the end, and ones that ended with an error, since start. */
  public long served() {
    return served.get();
  }

  public long failed() {
    return failed.get();
  }

  private void acceptLoop() {
    while (!closed) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        if (!closed) {
          faults.warn(LOG, "write relay accept failed", e);
        }
        continue;
      }
      if (!slots.tryAcquire()) {
        LOG.warn("Write relay refusing {}: all {} transfer threads busy", socket.getRemoteSocketAddress(),
            DFSConfigKeys.DFS_DATANODE_MAX_RECEIVER_THREADS_KEY);
        IOUtils.closeSocket(socket);
        continue;
      }
      try {
        workers.execute(() -> serve(socket));
      } catch (RejectedExecutionException e) {
        // Accepted just as close() shut the workers down: no worker will serve or close it. Hang up now, so the
        // client fails over at once instead of waiting out its timeout, and give the slot back.
        IOUtils.closeSocket(socket);
        slots.release();
      }
    }
  }

  private void serve(Socket socket) {
    active.add(socket);
    try {
      if (closed) {
        return; // close() may have run before this socket was listed
      }
      socket.setTcpNoDelay(dataNode.getDnConf().getDataTransferServerTcpNoDelay());
      socket.setSoTimeout(dataNode.getDnConf().getSocketTimeout());
      Peer peer = DFSUtilClient.peerFromSocket(socket);
      // DataXceiver's timeouts: a channel's reads ignore setSoTimeout, and without a write timeout a client that
      // sends but never reads its acks would hold this thread, its replicas' connections and a slot for good.
      peer.setReadTimeout(dataNode.getDnConf().getSocketTimeout());
      peer.setWriteTimeout(dataNode.getDnConf().getSocketWriteTimeout());
      new RelayConnection(dataNode, peer, server.getLocalPort(), window).serve();
      served.incrementAndGet();
    } catch (IOException | RuntimeException e) {
      failed.incrementAndGet();
      faults.warn(LOG, "write relay: a relayed block write from " + socket.getRemoteSocketAddress() + " ended", e);
    } finally {
      active.remove(socket);
      IOUtils.closeSocket(socket);
      slots.release();
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      LOG.debug("closing the write relay", e);
    }
    workers.shutdownNow();
    // A worker blocked reading a plain socket does not see the interrupt: closing its socket ends its relay.
    for (Socket socket : active) {
      IOUtils.closeSocket(socket);
    }
  }
}
