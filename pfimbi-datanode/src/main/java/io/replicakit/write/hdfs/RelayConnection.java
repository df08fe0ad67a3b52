/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.Packet;
import io.replicakit.write.Route;
import io.replicakit.write.WriteMode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.IOStreamPair;
import org.apache.hadoop.hdfs.protocol.datatransfer.Op;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketReceiver;
import org.apache.hadoop.hdfs.protocol.datatransfer.PipelineAck;
import org.apache.hadoop.hdfs.protocol.datatransfer.Receiver;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.DataChecksum;

/**
 * One client's block write through a DataNode's relay (master/slave, paper §II.C): the client sends the block to
 * this DataNode (the master) in a {@code WRITE_BLOCK} request naming the other replicas, exactly as it would start
 * HDFS's pipeline; the relay writes the block to its own DataNode and to each other replica at once (one
 * data-transfer connection each, {@link FanOut}), and acknowledges a packet to the client when every replica has,
 * with one reply per replica in the client's order.
 *
 * <p><b>Security, as the DataNode's own port.</b> The connection is SASL-negotiated by the DataNode's
 * {@code SaslDataTransferServer} (data-transfer protection, encryption); the block token is checked with the
 * DataNode's block keys for WRITE access to the block and every named storage before anything is opened; and each
 * receiving DataNode checks the same token again. Only client writes (create, streaming recovery) are relayed.
 *
 * <p><b>Failures.</b> A replica that fails is reported to the client at once, in an ack whose reply for that
 * replica is {@code ERROR}; the relay then stops, and the client recovers the pipeline without that replica as it
 * would after HDFS's own DataNode reported a bad mirror. A refused setup names the bad replica in
 * {@code firstBadLink}, as a pipeline's first DataNode does; so does a replica that failed after its own set-up
 * while another's was still running, since nothing may reach the client before the set-up's answer
 * ({@link Upstream}).
 */
final class RelayConnection extends Receiver {

  private final DataNode dataNode;
  private final Peer peer;
  private final int relayPort;
  private final int window;
  private DataOutputStream out;

  RelayConnection(DataNode dataNode, Peer peer, int relayPort, int window) {
    super(dataNode.getTracer());
    this.dataNode = dataNode;
    this.peer = peer;
    this.relayPort = relayPort;
    this.window = window;
  }

  /** Serves the connection's one request; closes the connection. */
  void serve() throws IOException {
    try {
      IOStreamPair sasl = dataNode.getSaslServer().receive(peer, peer.getOutputStream(), peer.getInputStream(),
          relayPort, dataNode.getDatanodeId());
      out = new DataOutputStream(new BufferedOutputStream(sasl.out, 64 * 1024));
      initialize(new DataInputStream(new BufferedInputStream(sasl.in, 64 * 1024)));
      Op op = readOp();
      if (op != Op.WRITE_BLOCK) {
        respond(Status.ERROR_UNSUPPORTED, "the write relay serves WRITE_BLOCK only, not " + op, "");
        return;
      }
      processOp(op);
    } finally {
      peer.close();
    }
  }

  @Override
  public void writeBlock(ExtendedBlock blk, StorageType storageType, Token<BlockTokenIdentifier> blockToken,
      String clientName, DatanodeInfo[] targets, StorageType[] targetStorageTypes, DatanodeInfo source,
      BlockConstructionStage stage, int pipelineSize, long minBytesRcvd, long maxBytesRcvd,
      long latestGenerationStamp, DataChecksum requestedChecksum, CachingStrategy cachingStrategy,
      boolean allowLazyPersist, boolean pinning, boolean[] targetPinnings, String storageID,
      String[] targetStorageIDs) throws IOException {
    if (clientName.isEmpty() || (stage != BlockConstructionStage.PIPELINE_SETUP_CREATE
        && stage != BlockConstructionStage.PIPELINE_SETUP_STREAMING_RECOVERY)) {
      respond(Status.ERROR_UNSUPPORTED, "the write relay serves client writes (create, streaming recovery), not "
          + stage + (clientName.isEmpty() ? " from a DataNode" : ""), "");
      return;
    }
    BlockTargets all = targets(blk, storageType, storageID, targets, targetStorageTypes, targetStorageIDs);
    if (!authorized(blk, blockToken, all)) {
      return;
    }
    WriteHeader header = new WriteHeader(blk, blockToken, clientName, stage,
        new WriteHeader.Range(minBytesRcvd, maxBytesRcvd), latestGenerationStamp, requestedChecksum,
        cachingStrategy);
    List<Route.Leg> legs = Route.legs(WriteMode.BROADCAST, all.size());
    Upstream upstream = new Upstream(all);
    FanOut fanOut;
    try {
      fanOut = FanOut.open(legs, all, header, new DataNodeConnector(dataNode), window, minBytesRcvd, upstream);
    } catch (Leg.SetupException e) {
      upstream.refuse(e.getMessage(), e.badNode());
      return;
    }
    try (FanOut f = fanOut) {
      if (upstream.answerSetup()) {
        relayPackets(f, upstream);
      }
    }
  }

  /** This DataNode first, then the client's other targets, as the client listed them. */
  private BlockTargets targets(ExtendedBlock blk, StorageType storageType, String storageId,
      DatanodeInfo[] targets, StorageType[] types, String[] ids) throws IOException {
    int n = targets.length + 1;
    DatanodeInfo[] nodes = new DatanodeInfo[n];
    nodes[0] = new DatanodeInfo.DatanodeInfoBuilder()
        .setNodeID(dataNode.getDNRegistrationForBP(blk.getBlockPoolId())).build();
    System.arraycopy(targets, 0, nodes, 1, targets.length);
    StorageType[] allTypes = new StorageType[n];
    allTypes[0] = storageType;
    System.arraycopy(types, 0, allTypes, 1, Math.min(types.length, targets.length));
    Arrays.setAll(allTypes, i -> allTypes[i] == null ? StorageType.DEFAULT : allTypes[i]);
    String[] allIds = new String[n];
    allIds[0] = storageId;
    System.arraycopy(ids, 0, allIds, 1, Math.min(ids.length, targets.length));
    return new BlockTargets(nodes, allTypes, allIds);
  }

  /** The DataNode's own token check for WRITE_BLOCK ({@code DataXceiver#checkAccess}), answered as it answers. */
  private boolean authorized(ExtendedBlock blk, Token<BlockTokenIdentifier> token, BlockTargets all)
      throws IOException {
    // Block keys are registered for a pool exactly when the NameNode has block tokens on (DataNode
    // #registerBlockPoolWithSecretManager); every receiving DataNode checks the token again in any case.
    if (!dataNode.getBlockPoolTokenSecretManager().isBlockPoolRegistered(blk.getBlockPoolId())) {
      return true;
    }
    try {
      boolean idsGiven = Arrays.stream(all.storageIds()).skip(1).anyMatch(id -> id != null && !id.isEmpty());
      dataNode.getBlockPoolTokenSecretManager().checkAccess(token, null, blk,
          BlockTokenIdentifier.AccessMode.WRITE, all.types(), idsGiven ? all.storageIds() : new String[0]);
      return true;
    } catch (org.apache.hadoop.security.token.SecretManager.InvalidToken e) {
      respond(Status.ERROR_ACCESS_TOKEN, "block token refused by the write relay: " + e.getMessage(),
          all.nodes()[0].getXferAddr());
      return false;
    }
  }

  /** Client packets to every replica until the block's last packet is acknowledged by all. */
  private void relayPackets(FanOut fanOut, Upstream upstream) throws IOException {
    try (PacketReceiver receiver = new PacketReceiver(false)) {
      while (true) {
        receiver.receiveNextPacket(in);
        if (receiver.getHeader().getSeqno() == Packets.HEARTBEAT_SEQNO) {
          upstream.heartbeat();
          continue;
        }
        Packet packet = Packets.copyOf(receiver);
        try {
          fanOut.send(packet);
          if (packet.last()) {
            fanOut.awaitAcked();
            return;
          }
        } catch (ReplicaFailure f) {
          // Already reported upstream by Upstream#failed; the client recovers without the bad replica.
          drain(receiver);
          return;
        }
      }
    }
  }

  /**
   * Reads and drops what the client still sends after a replica failed, until it ends the connection (recovering
   * without the bad replica) or the socket times out. Closing at once would reset a connection with the client's
   * packets still arriving, and a reset can discard the error ack before the client reads it: the client would then
   * blame this node, the healthy first one. HDFS's first DataNode likewise keeps receiving after its mirror fails.
   */
  private void drain(PacketReceiver receiver) {
    try {
      while (true) {
        receiver.receiveNextPacket(in);
      }
    } catch (IOException e) {
      // the client closed the connection, or went quiet for the socket timeout
    }
  }

  /**
   * What goes to the client, in the order the protocol allows: first the answer to the set-up (one
   * {@code BlockOpResponseProto}), then acks, and the first failure as an error reply for the bad replica.
   *
   * <p>The legs' ack threads start while the other legs are still being set up, so a replica can fail before the
   * set-up is answered. HDFS's {@code DataXceiver} starts its {@code PacketResponder} only after it wrote the
   * connect-ack, so nothing else can reach the client first; here a failure before the answer is held and becomes
   * the answer: {@code ERROR} naming the failed replica as {@code firstBadLink}, as a pipeline's first DataNode
   * names a mirror that failed its set-up. An ack sent ahead of the answer would be read by the client as the
   * answer, not understood, and blamed on this (healthy) node.
   */
  private final class Upstream implements FanOut.Completion {
    private final BlockTargets targets;
    /** Whether the set-up was answered with success: only then do acks and failures go to the client. */
    private boolean answered;
    /** Whether the set-up was answered with an error: nothing more goes to the client. */
    private boolean refused;
    /**
     * Whether a write to the client failed (it stopped reading: the write timed out, or it hung up): nothing more is
     * written, else the error reply for that failure would wait out a second write timeout.
     */
    private boolean clientGone;
    /** A failure before the answer: the replica to name, and why. */
    private int failedAtSetup = -1;
    private String failedWhy;

    Upstream(BlockTargets targets) {
      this.targets = targets;
    }

    /**
     * Answers the set-up: success, unless a replica failed while the legs were being set up.
     *
     * @return whether the set-up succeeded (packets may be relayed)
     */
    synchronized boolean answerSetup() throws IOException {
      if (refused) {
        return false;
      }
      if (failedAtSetup >= 0) {
        refuse(failedWhy, failedAtSetup);
        return false;
      }
      respond(Status.SUCCESS, null, "");
      answered = true;
      return true;
    }

    /** Answers the set-up with {@code ERROR}, naming the block's node {@code badNode}. */
    synchronized void refuse(String why, int badNode) throws IOException {
      if (refused || answered) {
        return;
      }
      refused = true;
      respond(Status.ERROR, why, targets.nodes()[badNode].getXferAddr());
    }

    /** Acknowledges a client's keep-alive; a write that fails marks the client gone, as an ack's does. */
    synchronized void heartbeat() throws IOException {
      if (clientGone) {
        throw new IOException("the client stopped reading its acks");
      }
      try {
        ack(Packets.HEARTBEAT_SEQNO, replies(targets.size(), Set.of()));
      } catch (IOException e) {
        clientGone = true;
        throw e;
      }
    }

    @Override
    public synchronized void completed(List<Packet> packets) throws IOException {
      if (!answered || clientGone) {
        return; // not answered: cannot happen, no packet is relayed before the answer
      }
      try {
        for (Packet p : packets) {
          ack(p.seqno(), replies(targets.size(), Set.of()));
        }
      } catch (IOException e) {
        clientGone = true;
        throw e;
      }
    }

    @Override
    public synchronized void failed(Set<Integer> badNodes, IOException cause) {
      Set<Integer> bad = badNodes.isEmpty() ? Set.of(0) : badNodes;
      if (!answered) {
        if (!refused && failedAtSetup < 0) {
          failedAtSetup = bad.stream().min(Integer::compare).orElseThrow();
          failedWhy = "replica on " + targets.nodes()[failedAtSetup].getXferAddr() + " failed during set-up: "
              + cause;
        }
        return;
      }
      if (clientGone) {
        return;
      }
      try {
        ack(PipelineAck.UNKOWN_SEQNO, replies(targets.size(), bad));
      } catch (IOException e) {
        clientGone = true; // the client is gone too; it recovers on its own timeout
      }
    }
  }

  private static int[] replies(int replicas, Set<Integer> bad) {
    int[] replies = new int[replicas];
    for (int i = 0; i < replicas; i++) {
      Status s = bad.contains(i) ? Status.ERROR : Status.SUCCESS;
      replies[i] = PipelineAck.combineHeader(PipelineAck.ECN.DISABLED, s);
    }
    return replies;
  }

  private void ack(long seqno, int[] replies) throws IOException {
    synchronized (this) {
      new PipelineAck(seqno, replies).write(out);
      out.flush();
    }
  }

  private void respond(Status status, String message, String firstBadLink) throws IOException {
    BlockOpResponseProto.Builder b = BlockOpResponseProto.newBuilder().setStatus(status)
        .setFirstBadLink(firstBadLink);
    if (message != null) {
      b.setMessage(message);
    }
    synchronized (this) {
      b.build().writeDelimitedTo(out);
      out.flush();
    }
  }

  private static IOException unsupported(String op) {
    return new IOException("the write relay serves WRITE_BLOCK only, not " + op);
  }

  @Override
  public void readBlock(ExtendedBlock blk, Token<BlockTokenIdentifier> blockToken, String clientName,
      long blockOffset, long length, boolean sendChecksum, CachingStrategy cachingStrategy) throws IOException {
    throw unsupported("READ_BLOCK");
  }

  @Override
  public void transferBlock(ExtendedBlock blk, Token<BlockTokenIdentifier> blockToken, String clientName,
      DatanodeInfo[] targets, StorageType[] targetStorageTypes, String[] targetStorageIDs) throws IOException {
    throw unsupported("TRANSFER_BLOCK");
  }

  @Override
  public void requestShortCircuitFds(ExtendedBlock blk, Token<BlockTokenIdentifier> blockToken,
      org.apache.hadoop.hdfs.shortcircuit.ShortCircuitShm.SlotId slotId, int maxVersion,
      boolean supportsReceiptVerification) throws IOException {
    throw unsupported("REQUEST_SHORT_CIRCUIT_FDS");
  }

  @Override
  public void releaseShortCircuitFds(org.apache.hadoop.hdfs.shortcircuit.ShortCircuitShm.SlotId slotId)
      throws IOException {
    throw unsupported("RELEASE_SHORT_CIRCUIT_FDS");
  }

  @Override
  public void requestShortCircuitShm(String clientName) throws IOException {
    throw unsupported("REQUEST_SHORT_CIRCUIT_SHM");
  }

  @Override
  public void replaceBlock(ExtendedBlock blk, StorageType storageType, Token<BlockTokenIdentifier> blockToken,
      String delHint, DatanodeInfo source, String storageId) throws IOException {
    throw unsupported("REPLACE_BLOCK");
  }

  @Override
  public void copyBlock(ExtendedBlock blk, Token<BlockTokenIdentifier> blockToken) throws IOException {
    throw unsupported("COPY_BLOCK");
  }

  @Override
  public void blockChecksum(ExtendedBlock blk, Token<BlockTokenIdentifier> blockToken,
      org.apache.hadoop.hdfs.protocol.BlockChecksumOptions blockChecksumOptions) throws IOException {
    throw unsupported("BLOCK_CHECKSUM");
  }

  @Override
  public void blockGroupChecksum(org.apache.hadoop.hdfs.protocol.StripedBlockInfo stripedBlockInfo,
      Token<BlockTokenIdentifier> blockToken, long requestedNumBytes,
      org.apache.hadoop.hdfs.protocol.BlockChecksumOptions blockChecksumOptions) throws IOException {
    throw unsupported("BLOCK_GROUP_CHECKSUM");
  }
}
