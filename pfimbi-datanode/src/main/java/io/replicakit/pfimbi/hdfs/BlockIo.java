/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import io.replicakit.common.rpc.OneConnectAttempt;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.EnumSet;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.BlockReader;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.client.impl.BlockReaderRemote;
import org.apache.hadoop.hdfs.client.impl.DfsClientConf;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.ClientDatanodeProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.DataTransferProtoUtil;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.hdfs.server.datanode.DNConf;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.DataChecksum;

/**
 * Block data over HDFS's data-transfer protocol, behind {@link DataNodeAdaptor}: {@link #fetch} reads a whole
 * finalized replica from another DataNode into memory, {@link #writeLocal} turns buffered bytes into a normal
 * FINALIZED replica on this DataNode that the NameNode learns about through the ordinary incremental block report,
 * exactly as when this node is a re-replication target. The rest of the module reaches it only through the
 * adaptor, never {@code DataXceiver}, {@code BlockReceiver} and friends.
 *
 * <p><b>Why these internals.</b> There is no public API for "a DataNode reads a block from a peer" or "a DataNode
 * stores a replica and reports it". We therefore speak DataTransferProtocol, from inside the DataNode process, with
 * the DataNode's own credentials, the way the DataNode does itself:
 * <ul>
 *   <li><b>Connection</b> ({@link #connect}): a socket from {@link DataNode#newSocket()} (the DataNode's configured
 *       socket factory), wrapped by {@link DFSUtilClient#peerFromSocketAndKey} with the DataNode's own
 *       {@code SaslDataTransferClient} ({@link DataNode#getSaslClient()}) and
 *       {@link DataNode#getDataEncryptionKeyFactoryForBlock} — as {@code erasurecode.StripedBlockReader
 *       #newConnectedPeer} does — so data-transfer protection / encryption work unchanged.</li>
 *   <li><b>Tokens</b>: {@link DataNode#getBlockAccessToken}, the method {@code DataNode.DataTransfer.run()} and
 *       {@code StripedBlockReader} use. It returns a token from the DataNode's {@code BlockPoolTokenSecretManager}
 *       when {@code dfs.block.access.token.enable} is on, else the empty dummy token.</li>
 *   <li><b>Read</b> ({@link #fetch}): {@link BlockReaderRemote#newBlockReader} with checksum verification on and
 *       client name {@code ""}, the same call as {@code StripedBlockReader#createBlockReader}.</li>
 *   <li><b>Write</b> ({@link #writeLocal}): {@link Sender#writeBlock} to this DataNode's own transfer address with
 *       client name {@code ""} (so the receiving {@code DataXceiver} treats it as DataNode-originated,
 *       {@code isDatanode}) and stage {@link BlockConstructionStage#TRANSFER_FINALIZED}, followed by packets framed
 *       with {@link PacketHeader} and checksummed with {@link DataChecksum}, then the empty last packet (the format
 *       {@code BlockSender#sendPacket} produces). On the receiving side (Hadoop 3.5.0):
 *       {@code BlockReceiver}'s constructor creates a TEMPORARY replica for any {@code isDatanode} write;
 *       {@code BlockReceiver#receiveBlock} verifies every chunk's checksum ({@code shouldVerifyChecksum} is true
 *       for {@code isDatanode}) and, since {@code isDatanode || isTransfer}, calls
 *       {@code FsDatasetSpi#finalizeBlock}; then {@code DataXceiver#writeBlock} sends the close-ack
 *       {@code writeResponse(SUCCESS)} <em>only</em> because the stage is a transfer stage ({@code if (isTransfer)})
 *       and right after that calls {@code datanode.closeBlock} → {@code notifyNamenodeReceivedBlock} (RECEIVED IBR,
 *       sent at once; it follows the ack, so if the DataNode dies in between, the FINALIZED replica reaches the
 *       NameNode with the next full block report instead). With {@code PIPELINE_SETUP_CREATE} (what
 *       {@code DataTransfer} uses for re-replication) the receiver sends no response at all, so success could not
 *       be told from a failure; with {@code TRANSFER_FINALIZED} a
 *       failure on the receiver (checksum error, replica already exists, disk error, bad token) ends the
 *       connection without the close-ack (or with an error status), which {@link #writeLocal} turns into an
 *       {@link IOException}. The receiver deletes the half-written TEMPORARY replica itself
 *       ({@code BlockReceiver#cleanupBlock}).</li>
 * </ul>
 *
 * <p><b>On a Hadoop upgrade</b> re-check, in this order: {@code DataXceiver#writeBlock} (the {@code isTransfer}
 * close-ack, {@code closeBlock} for {@code isDatanode}, the "no targets for transfer stages" rule);
 * {@code BlockReceiver} (constructor's {@code isDatanode} branch, {@code receiveBlock}'s finalize branch,
 * checksum verification); the public signatures of {@code Sender#writeBlock}, {@code BlockReaderRemote
 * #newBlockReader}, {@code DFSUtilClient#peerFromSocketAndKey}, {@code DataNode#getBlockAccessToken},
 * {@code DataNode#getDataEncryptionKeyFactoryForBlock}, {@code DataNode#getSaslClient},
 * {@code DataNode#getDNRegistrationForBP}; and the packet layout in {@code BlockSender#sendPacket} /
 * {@code PacketReceiver}. {@code BlockIoIT} exercises all of it on a MiniDFSCluster.
 *
 * <p>Timeouts come from the DataNode's configuration ({@link DNConf}): connect and read
 * {@code dfs.client.socket-timeout}, write {@code dfs.datanode.socket.write.timeout}. Packet size is
 * {@code dfs.client-write-packet-size}. Thread-safe and stateless: one instance per DataNode can serve all
 * transfers. Whole blocks are held in a {@code byte[]}, so a block must be shorter than 2 GiB.
 */
final class BlockIo {

  /** The client name that marks a transfer as DataNode-originated ({@code isDatanode} in the receiver). */
  static final String DATANODE_CLIENT_NAME = "";

  private static final DatanodeInfo[] NO_TARGETS = new DatanodeInfo[0];
  private static final StorageType[] NO_STORAGE_TYPES = new StorageType[0];
  private static final String[] NO_STORAGE_IDS = new String[0];
  /** The longest block a Replication Manager can hold: one {@code byte[]}. */
  public static final int MAX_BLOCK_BYTES = Integer.MAX_VALUE - 8;

  private final DataNode dataNode;
  private final Configuration conf;
  private final DNConf dnConf;
  private final int packetSize;

  /**
   * How a background write goes: {@code mayContinue} false pauses it between packets (it yields to foreground
   * I/O), {@code sent} is told each packet's data bytes as they go out, and {@code sync} has the receiver sync the
   * replica to disk before it finalizes it: the last packet carries the packet header's sync flag (what a client's
   * {@code hsync} sends), so {@code BlockReceiver} fsyncs the block and meta files and the directory entry.
   */
  public record Pacing(BooleanSupplier mayContinue, LongConsumer sent, boolean sync) {

    /** No pause, nothing counted, no sync: HDFS's own transfers. */
    public static final Pacing PLAIN = new Pacing(() -> true, bytes -> { }, false);
  }

  /** An adaptor for {@code dataNode} (the object a {@code dfs.datanode.plugins} ServicePlugin receives). */
  public BlockIo(DataNode dataNode) {
    this.dataNode = Objects.requireNonNull(dataNode, "dataNode");
    this.conf = dataNode.getConf();
    this.dnConf = dataNode.getDnConf();
    this.packetSize = conf.getInt(HdfsClientConfigKeys.DFS_CLIENT_WRITE_PACKET_SIZE_KEY,
        HdfsClientConfigKeys.DFS_CLIENT_WRITE_PACKET_SIZE_DEFAULT);
  }

  /**
   * Reads the whole finalized replica {@code block} ({@code getNumBytes()} bytes, as the NameNode reports it) from
   * DataNode {@code source}, verifying the source's checksums.
   *
   * @return the bytes with chunk checksums in the source replica's checksum type
   * @throws IOException on connection, token, checksum or length errors (a checksum error is a
   *     {@link org.apache.hadoop.fs.ChecksumException}; reporting the bad source replica is the caller's business)
   */
  public BlockData fetch(ExtendedBlock block, DatanodeInfo source) throws IOException {
    int len = checkedLength(block);
    Token<BlockTokenIdentifier> token = dataNode.getBlockAccessToken(block,
        EnumSet.of(BlockTokenIdentifier.AccessMode.READ), StorageType.EMPTY_ARRAY, NO_STORAGE_IDS);
    Peer peer = connect(source, block, token);
    // The reader owns the peer from here on: closing the reader closes it (no peer cache).
    try (BlockReader reader = BlockReaderRemote.newBlockReader("pfimbi:" + block.getBlockName(), block, token,
        0, len, true, DATANODE_CLIENT_NAME, peer, source, null, new CachingStrategy(true, null), -1, conf)) {
      byte[] data = new byte[len];
      reader.readFully(data, 0, len);
      return BlockData.of(data, reader.getDataChecksum());
    } catch (IOException | RuntimeException e) {
      peer.close(); // idempotent; covers newBlockReader failing before the reader took the peer
      throw e;
    }
  }

  /**
   * The length of {@code source}'s replica of {@code block}, as the source DataNode reports it over
   * {@code ClientDatanodeProtocol#getReplicaVisibleLength} (what a DFSClient asks for a block being written).
   * The call is authenticated with a READ block token from this DataNode, so with Kerberos it succeeds only
   * against a DataNode holding the pool's block keys; the source also refuses it if its replica's generation
   * stamp is older than {@code block}'s.
   */
  public long replicaLength(ExtendedBlock block, DatanodeInfo source) throws IOException {
    Token<BlockTokenIdentifier> token = dataNode.getBlockAccessToken(block,
        EnumSet.of(BlockTokenIdentifier.AccessMode.READ), StorageType.EMPTY_ARRAY, NO_STORAGE_IDS);
    LocatedBlock located = new LocatedBlock(block, new DatanodeInfo[] {source});
    located.setBlockToken(token);
    // one connection attempt: with the DataNode's own settings a source that never answers (powered off) held the
    // storage type's one fetcher for ipc.client.connect.max.retries.on.timeouts × ipc.client.connect.timeout
    // (45 × 20 s) per block (until session 53)
    ClientDatanodeProtocol proxy = DFSUtilClient.createClientDatanodeProtocolProxy(source,
        OneConnectAttempt.of(conf, dnConf.getSocketTimeout()), dnConf.getSocketTimeout(),
        dnConf.getConnectToDnViaHostname(), located);
    try {
      return proxy.getReplicaVisibleLength(block);
    } finally {
      RPC.stopProxy(proxy);
    }
  }

  /**
   * Stores {@code data} as a FINALIZED replica of {@code block} on this DataNode, on a volume of
   * {@code storageType}, and returns once the receiver has finalized it (its close-ack). The receiver then queues a
   * RECEIVED incremental block report, so the NameNode adds the location within about a heartbeat.
   *
   * @param block the block as the NameNode knows it (pool, id, generation stamp, length)
   * @throws IOException if {@code data} does not have {@code block.getNumBytes()} bytes, if this DataNode is not
   *     registered for the block pool or does not accept the connection, or if the receiver fails (checksum
   *     mismatch, replica already present, no volume of that type, disk error, token error)
   */
  public void writeLocal(ExtendedBlock block, BlockData data, StorageType storageType) throws IOException {
    writeLocal(block, data, storageType, Pacing.PLAIN);
  }

  /**
   * {@link #writeLocal(ExtendedBlock, BlockData, StorageType)} paced by {@code pacing}: reports each packet's data
   * bytes to its {@code sent} as it goes out (the caller's running count of its own writes, which the receiver
   * stores at once), pauses between packets while its {@code mayContinue} says no (a background write yielding to
   * foreground I/O), for at most a third of the receiver's socket timeout per block, so the receiver never times
   * out, and with its {@code sync} returns only once the receiver has synced the replica to disk.
   */
  public void writeLocal(ExtendedBlock block, BlockData data, StorageType storageType, Pacing pacing)
      throws IOException {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(storageType, "storageType");
    if (data.length() != block.getNumBytes()) {
      throw new IOException("refusing to write " + data.length() + " bytes as " + block + " of length "
          + block.getNumBytes());
    }
    DatanodeID self = dataNode.getDNRegistrationForBP(block.getBlockPoolId());
    Token<BlockTokenIdentifier> token = dataNode.getBlockAccessToken(block,
        EnumSet.of(BlockTokenIdentifier.AccessMode.WRITE), new StorageType[] {storageType}, NO_STORAGE_IDS);
    Peer peer = connect(self, block, token);
    try {
      peer.setWriteTimeout(dnConf.getSocketWriteTimeout());
      DataOutputStream out = new DataOutputStream(
          new BufferedOutputStream(peer.getOutputStream(), DFSUtilClient.getIoFileBufferSize(conf)));
      // Arguments as DataNode.DataTransfer#run sends them, except the stage (see class comment), the caller's
      // storage type and no source: on a checksum error the receiver reports the source's replica as corrupt
      // (BlockReceiver#verifyChunks); our bytes came from our buffer, so no DataNode may be accused. The receiver
      // still sends that report, for an empty DatanodeInfo, which the NameNode rejects ("does not exist"): log
      // noise only.
      new Sender(out).writeBlock(block, storageType, token, DATANODE_CLIENT_NAME, NO_TARGETS, NO_STORAGE_TYPES,
          null, BlockConstructionStage.TRANSFER_FINALIZED, 0, 0, 0, 0, data.checksum(),
          CachingStrategy.newDefaultStrategy(), false, false, null, null, NO_STORAGE_IDS);
      writePackets(out, data, packetSize,
          new Pause(pacing.mayContinue(), dnConf.getSocketTimeout() / 3, pacing.sent()), pacing.sync());
      out.flush();
      BlockOpResponseProto closeAck;
      try {
        closeAck = BlockOpResponseProto.parseFrom(
            PBHelperClient.vintPrefixed(new DataInputStream(peer.getInputStream())));
      } catch (IOException e) {
        throw new IOException("no close-ack for " + block + " from " + self.getXferAddr()
            + ": the receiver failed (see that DataNode's log)", e);
      }
      DataTransferProtoUtil.checkBlockOpStatus(closeAck, "writeLocal " + block + " to " + self.getXferAddr());
    } finally {
      peer.close();
    }
  }

  /**
   * Whether this DataNode holds {@code block} as a finalized replica of its generation stamp, on any volume
   * ({@code FsDatasetSpi#isValidBlock}: the replica map's entry at that stamp, FINALIZED, its data file present).
   */
  public boolean storedFinalized(ExtendedBlock block) {
    return dataNode.getFSDataset().isValidBlock(block);
  }

  /** {@link #writeLocal(ExtendedBlock, BlockData, StorageType)} with checksums computed now, of type
   * {@link #localChecksum()}. */
  public void writeLocal(ExtendedBlock block, byte[] data, StorageType storageType) throws IOException {
    writeLocal(block, BlockData.of(data, localChecksum()), storageType);
  }

  /** The checksum new client data gets on this DataNode: {@code dfs.checksum.type}, {@code dfs.bytes-per-checksum}
   * (parsed by {@link DfsClientConf#getChecksumOptFromConf}). */
  public DataChecksum localChecksum() {
    org.apache.hadoop.fs.Options.ChecksumOpt opt = DfsClientConf.getChecksumOptFromConf(conf);
    return DataChecksum.newDataChecksum(opt.getChecksumType(), opt.getBytesPerChecksum());
  }

  /** Opens a SASL-negotiated data-transfer connection to {@code target}, as {@code StripedBlockReader} does. */
  private Peer connect(DatanodeID target, ExtendedBlock block, Token<BlockTokenIdentifier> token)
      throws IOException {
    InetSocketAddress addr = NetUtils.createSocketAddr(target.getXferAddr(dnConf.getConnectToDnViaHostname()));
    int timeout = dnConf.getSocketTimeout();
    Socket sock = dataNode.newSocket();
    try {
      NetUtils.connect(sock, addr, timeout);
      sock.setTcpNoDelay(dnConf.getDataTransferServerTcpNoDelay());
      return DFSUtilClient.peerFromSocketAndKey(dataNode.getSaslClient(), sock,
          dataNode.getDataEncryptionKeyFactoryForBlock(block), token, target, timeout);
    } catch (IOException | RuntimeException e) {
      org.apache.hadoop.io.IOUtils.closeSocket(sock);
      throw e;
    }
  }

  private static int checkedLength(ExtendedBlock block) throws IOException {
    long n = block.getNumBytes();
    if (n < 0 || n > MAX_BLOCK_BYTES) {
      throw new IOException("cannot hold " + block + " (" + n + " bytes) in memory");
    }
    return (int) n;
  }

  /** Chunks per packet for {@code packetSize}, as {@code DFSOutputStream#computePacketChunkSize} computes it. */
  static int chunksPerPacket(int packetSize, DataChecksum checksum) {
    int chunk = checksum.getBytesPerChecksum() + checksum.getChecksumSize();
    return Math.max(1, (packetSize - PacketHeader.PKT_MAX_HEADER_LEN) / chunk);
  }

  /**
   * Streams {@code data} as DataTransferProtocol packets: each {@code [PacketHeader][checksums][data]} with
   * whole chunks (only the last may be partial), seqnos from 0, then an empty packet with
   * {@code lastPacketInBlock}. Does not flush.
   */
  static void writePackets(DataOutputStream out, BlockData data, int packetSize) throws IOException {
    writePackets(out, data, packetSize, Pause.NEVER, false);
  }

  /** Holds a write between packets while its condition says no, within a budget of milliseconds per block. */
  static final class Pause {

    static final Pause NEVER = new Pause(() -> true, 0, bytes -> { });
    private static final long STEP_MS = 10;

    private final BooleanSupplier mayContinue;
    private final LongConsumer sent;
    private long budgetMs;

    Pause(BooleanSupplier mayContinue, long budgetMs, LongConsumer sent) {
      this.mayContinue = mayContinue;
      this.budgetMs = budgetMs;
      this.sent = sent;
    }

    /**
     * Before a packet of {@code dataLen} bytes: waits while needed (flushing what was sent first, so the receiver
     * never waits on our buffer), then counts the packet as sent.
     */
    void beforePacket(DataOutputStream out, int dataLen) throws IOException {
      awaitTurn(out);
      sent.accept(dataLen);
    }

    private void awaitTurn(DataOutputStream out) throws IOException {
      if (budgetMs <= 0 || mayContinue.getAsBoolean()) {
        return;
      }
      out.flush();
      try {
        while (budgetMs > 0 && !mayContinue.getAsBoolean()) {
          Thread.sleep(STEP_MS);
          budgetMs -= STEP_MS;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while a background write was paused");
      }
    }
  }

  /**
   * {@link #writePackets(DataOutputStream, BlockData, int)} held between packets by {@code pause}, and with
   * {@code sync} set on the last, empty packet: the receiver then fsyncs the replica before finalizing it.
   */
  static void writePackets(DataOutputStream out, BlockData data, int packetSize, Pause pause, boolean sync)
      throws IOException {
    DataChecksum checksum = data.checksum();
    int bytesPerChecksum = checksum.getBytesPerChecksum();
    int checksumSize = checksum.getChecksumSize();
    int maxDataLen = chunksPerPacket(packetSize, checksum) * bytesPerChecksum;
    byte[] bytes = data.data();
    byte[] sums = data.sums();
    long seqno = 0;
    int offset = 0;
    while (offset < bytes.length) {
      int dataLen = Math.min(maxDataLen, bytes.length - offset);
      pause.beforePacket(out, dataLen);
      int sumOffset = offset / bytesPerChecksum * checksumSize;
      int sumLen = checksum.getChecksumSize(dataLen);
      // packetLen counts itself (4 bytes), the checksums and the data, as BlockSender#sendPacket does.
      new PacketHeader(4 + sumLen + dataLen, offset, seqno++, false, dataLen, false).write(out);
      out.write(sums, sumOffset, sumLen);
      out.write(bytes, offset, dataLen);
      offset += dataLen;
    }
    new PacketHeader(4, offset, seqno, true, 0, sync).write(out);
  }
}
