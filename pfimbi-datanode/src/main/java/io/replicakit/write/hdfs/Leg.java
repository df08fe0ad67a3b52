/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.Packet;
import io.replicakit.write.Route;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.datatransfer.PipelineAck;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;

/**
 * One connection of a block write: a {@code WRITE_BLOCK} request to its first node (a DataNode's data-transfer
 * port, or its relay), then packets out and acks in. A sender thread writes packets from a queue, so one slow
 * replica never holds up the writes to the others (the paper's parallelism, §II.B); an ack thread reads the acks
 * and tells the {@link Listener}. A connection idle for half its read timeout sends a keep-alive packet, as
 * HDFS's {@code DataStreamer} does, so the receiver never times out while the writer thinks.
 *
 * <p>Every failure goes to the listener once, naming the block's node to blame: the node whose ack reply said
 * so, the first bad link of a refused setup, else the first node of the leg (the one this end talks to).
 */
final class Leg implements AutoCloseable {

  /** Told about acks and failures, from the leg's threads. */
  interface Listener {
    void acked(Leg leg, long seqno);

    void failed(Leg leg, int badNode, IOException cause);
  }

  /** A setup the first node refused or could not answer; {@code badNode} is the block's node to blame. */
  static final class SetupException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int badNode;

    SetupException(int badNode, String message, Throwable cause) {
      super(message, cause);
      this.badNode = badNode;
    }

    int badNode() {
      return badNode;
    }
  }

  private static final Packet STOP = new Packet(0, 0, 0, true, new byte[0]);

  private final int index;
  private final Route.Leg route;
  private final DatanodeInfo[] nodes;
  private final Peer peer;
  private final DataOutputStream out;
  private final DataInputStream in;
  private final Listener listener;
  private final long heartbeatMs;
  private final BlockingQueue<Packet> queue = new LinkedBlockingQueue<>();
  private final Thread sender;
  private final Thread ackReader;
  private volatile boolean closed;
  private volatile boolean reported;
  /** The seqno of the block's last packet once it is queued: its ack ends the leg (the receiver then hangs up). */
  private volatile long lastSeqno = Long.MIN_VALUE;

  private Leg(int index, Route.Leg route, DatanodeInfo[] nodes, Peer peer, Listener listener, long heartbeatMs)
      throws IOException {
    this.index = index;
    this.route = route;
    this.nodes = nodes;
    this.peer = peer;
    this.listener = listener;
    this.heartbeatMs = heartbeatMs;
    this.out = new DataOutputStream(new BufferedOutputStream(peer.getOutputStream(), 64 * 1024));
    this.in = new DataInputStream(peer.getInputStream());
    String name = "replicakit-write-" + nodes[0].getXferAddr() + "-leg" + index;
    this.sender = new Thread(this::sendLoop, name + "-send");
    this.ackReader = new Thread(this::ackLoop, name + "-ack");
    sender.setDaemon(true);
    ackReader.setDaemon(true);
  }

  /**
   * Connects leg {@code index} ({@code route}) of a block to {@code targets}, sends the request and waits for the
   * first node's answer; the leg then runs until closed.
   *
   * @throws SetupException naming the node to blame when the connection or the request fails
   */
  static Leg open(int index, Route.Leg route, BlockTargets targets, WriteHeader header, Connector connector,
      Listener listener) throws SetupException {
    DatanodeInfo[] nodes = targets.nodesOf(route);
    DatanodeInfo first = nodes[0];
    int port = route.viaRelay() ? connector.relayPort() : first.getXferPort();
    Peer peer;
    try {
      peer = connector.connect(first, port, header.block(), header.token());
    } catch (IOException e) {
      throw new SetupException(route.first(), "cannot connect to " + first.getXferAddr()
          + (route.viaRelay() ? " (relay port " + port + ")" : "") + ": " + e, e);
    }
    try {
      peer.setReadTimeout(connector.readTimeoutMs(nodes.length));
      peer.setWriteTimeout(connector.writeTimeoutMs(nodes.length));
      // Keep-alives every half of the plain socket timeout, as DataStreamer's halfSocketTimeout: the receiver (a
      // DataNode or the relay) reads the client with that timeout, not with the per-node extended one the client
      // waits for acks with; half of the extended one left an idle stream cut at timeouts of 15 s or less
      // (until session 52).
      long half = connector.readTimeoutMs(0) / 2L;
      Leg leg = new Leg(index, route, nodes, peer, listener, half > 0 ? half : Long.MAX_VALUE);
      leg.request(targets, header);
      leg.sender.start();
      leg.ackReader.start();
      return leg;
    } catch (SetupException e) {
      closeQuietly(peer);
      throw e;
    } catch (IOException | RuntimeException e) {
      closeQuietly(peer);
      throw new SetupException(route.first(), "setup of " + header.block() + " on " + first.getXferAddr()
          + " failed: " + e, e);
    }
  }

  int index() {
    return index;
  }

  Route.Leg route() {
    return route;
  }

  /** Queues {@code packet} for this leg; returns at once. */
  void send(Packet packet) {
    if (!closed) {
      if (packet.last()) {
        lastSeqno = packet.seqno();
      }
      queue.add(packet);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    queue.add(STOP);
    closeQuietly(peer);
    sender.interrupt();
    ackReader.interrupt();
  }

  /** Waits up to {@code ms} for the leg's threads to end after {@link #close()}. */
  void join(long ms) throws InterruptedException {
    sender.join(ms);
    ackReader.join(ms);
  }

  private void request(BlockTargets targets, WriteHeader header) throws IOException {
    new Sender(out).writeBlock(header.block(), targets.typesOf(route)[0], header.token(), header.clientName(),
        nodes, targets.typesOf(route), null, header.stage(), nodes.length, header.bytes().min(),
        header.bytes().max(), header.latestGenerationStamp(), header.checksum(), header.caching(), false, false,
        null, targets.storageIdsOf(route)[0], targets.storageIdsOf(route));
    out.flush();
    BlockOpResponseProto resp = BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(in));
    if (resp.getStatus() != Status.SUCCESS) {
      int bad = blame(resp.getFirstBadLink());
      throw new SetupException(bad, "setup of " + header.block() + " refused by " + nodes[0].getXferAddr() + ": "
          + resp.getStatus() + (resp.hasMessage() ? " " + resp.getMessage() : "") + ", first bad link '"
          + resp.getFirstBadLink() + "'", null);
    }
  }

  /** The block's node with data-transfer address {@code link}, else the leg's first. */
  private int blame(String link) {
    for (int i = 0; i < nodes.length; i++) {
      if (!link.isEmpty() && link.equals(nodes[i].getXferAddr())) {
        return route.node(i);
      }
    }
    return route.first();
  }

  /**
   * Writes queued packets, and a keep-alive when none came for half the read timeout. None after the block's last
   * packet: the receiver reads no more packets, finalizes its replica and hangs up, and a keep-alive would then fail
   * on the closed connection and drop a good replica while another leg is still finishing (HDFS's
   * {@code DataStreamer} sends keep-alives only while streaming, for the same reason).
   */
  private void sendLoop() {
    boolean lastWritten = false;
    try {
      while (!closed) {
        Packet p = lastWritten ? queue.take() : queue.poll(heartbeatMs, TimeUnit.MILLISECONDS);
        if (p == STOP) {
          return;
        }
        if (p == null) {
          out.write(Packets.heartbeat());
          out.flush();
          continue;
        }
        out.write(p.wire());
        lastWritten = p.last();
        if (queue.isEmpty() || lastWritten) {
          out.flush();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      fail(route.first(), e);
    }
  }

  private void ackLoop() {
    PipelineAck ack = new PipelineAck();
    try {
      while (!closed) {
        ack.readFields(in);
        int bad = firstBadReply(ack);
        if (bad >= 0) {
          fail(route.node(bad), new IOException("bad ack " + ack + " from " + nodes[0].getXferAddr()
              + ": replica on " + nodes[bad].getXferAddr() + " failed"));
          return;
        }
        if (ack.getSeqno() != Packets.HEARTBEAT_SEQNO) {
          listener.acked(this, ack.getSeqno());
          if (ack.getSeqno() == lastSeqno) {
            return;
          }
        }
      }
    } catch (InterruptedIOException e) {
      if (!closed) {
        fail(route.first(), e);
      }
    } catch (IOException e) {
      fail(route.first(), e);
    } catch (RuntimeException e) {
      fail(route.first(), new IOException("ack from " + nodes[0].getXferAddr() + " not understood", e));
    }
  }

  /** The reply index of the first non-success in {@code ack}, or -1. */
  private int firstBadReply(PipelineAck ack) {
    int replies = ack.getNumOfReplies();
    for (int i = 0; i < replies && i < nodes.length; i++) {
      if (PipelineAck.getStatusFromHeader(ack.getHeaderFlag(i)) != Status.SUCCESS) {
        return i;
      }
    }
    return replies < nodes.length ? replies : -1;
  }

  private void fail(int badNode, IOException cause) {
    if (closed || reported) {
      return;
    }
    reported = true;
    listener.failed(this, badNode, cause);
  }

  private static void closeQuietly(Peer peer) {
    try {
      peer.close();
    } catch (IOException e) {
      // closing after a failure: nothing to add
    }
  }

  @Override
  public String toString() {
    return "leg " + index + " " + route + " to " + nodes[0].getXferAddr();
  }
}
