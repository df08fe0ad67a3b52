/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.Packet;
import io.replicakit.write.Route;
import io.replicakit.write.WriteMode;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.util.DataChecksum;
import org.apache.hadoop.util.Progressable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file written in {@code broadcast} or {@code master-slave} mode: bytes cut into checksummed packets, each
 * block's packets fanned out over the legs of its {@link Route}, the file completed at the NameNode only when
 * every replica acknowledged every packet of the last block (paper §II.B step 6, §II.C step 7).
 *
 * <p><b>Failures</b> are handled as HDFS's pipeline handles them ({@code DataStreamer}): the failed replica is
 * dropped; a node is added when HDFS's replace-datanode-on-failure policy asks for one ({@link DataNodeReplacement});
 * the NameNode gives a new generation stamp; the survivors (and the added node) are told to recover their replicas
 * to the bytes every one of them acknowledged and take that stamp ({@code PIPELINE_SETUP_STREAMING_RECOVERY}, or
 * {@code PIPELINE_CLOSE_RECOVERY} once the last packet was sent); the NameNode learns the new pipeline
 * ({@code updatePipeline}); the packets not yet acknowledged by all are sent again. The dropped node's partial
 * replica keeps the old stamp, so the NameNode deletes it when reported, and re-replicates the block to its
 * target count after the file is closed. A block that fails at setup is abandoned and asked for again without
 * the node that failed. A write fails (and says so) when no replica is left, a block needed more than
 * {@code replicakit.write.max.recoveries.per.block} recoveries, or the policy wanted a node that could not be added.
 *
 * <p>Not supported: {@code hflush}/{@code hsync} (they throw, rather than claim a durability they do not give;
 * write such files in {@code pipeline} mode, e.g. outside {@code replicakit.write.paths}), append, erasure-coded
 * and encrypted files (the file system gives those to HDFS's own stream). Its calls are serialized, as those of
 * HDFS's stream are, so a {@link WriteSession} closed on another thread closes it between two writes; it is not
 * meant for concurrent writers.
 */
public final class FanOutOutputStream extends OutputStream implements Syncable {

  private static final Logger LOG = LoggerFactory.getLogger(FanOutOutputStream.class);

  private final WriteSession session;
  private final NewFile file;
  private final String src;
  private final long fileId;
  private final WriteMode mode;
  private final long blockSize;
  private final DataChecksum checksum;
  private final byte[] buf;
  /** Whether each block's replicas are synced to disk when finalized ({@code CreateFlag.SYNC_BLOCK}). */
  private final boolean syncBlock;
  /** Told of each packet sent, as HDFS's {@code DataStreamer} tells it (a MapReduce task's liveness); may be null. */
  private final Progressable progress;
  /** Nodes a block of this file could not be set up on, each for HDFS's expiry; asked of the NameNode not to use. */
  private final ExcludedNodes excluded;
  /** Every node dropped from this file's blocks: never offered again as a replacement. */
  private final List<DatanodeInfo> failed = new ArrayList<>();
  private int bufLen;
  private boolean closed;
  /**
   * Why the stream can no longer write, once it cannot: the failure of a write or close, or the abort of a
   * {@link WriteSession} closed under it. Later calls throw it, as HDFS's stream throws its last exception.
   */
  private IOException failure;

  /** The block being written, with the generation stamp its replicas have; null between blocks. */
  private ExtendedBlock block;
  private BlockTargets targets;
  private FanOut fanOut;
  private long blockBytes;
  private long seqno;
  private boolean lastSent;
  /** Whether a close recovery finalized the block's replicas: nothing more to send or wait for. */
  private boolean finalizedByRecovery;
  private int recoveries;
  private ExtendedBlock previous;

  FanOutOutputStream(WriteSession session, NewFile file, WriteMode mode, DataChecksum checksum,
      Progressable progress) {
    this.session = session;
    this.progress = progress;
    this.file = file;
    this.src = file.src();
    this.fileId = file.fileId();
    this.mode = mode;
    this.blockSize = file.blockSize();
    this.syncBlock = file.syncBlock();
    this.checksum = checksum;
    this.excluded = session.excludedNodes();
    int chunk = checksum.getBytesPerChecksum();
    int body = session.packetSize() - PacketHeader.PKT_MAX_HEADER_LEN;
    int chunksPerPacket = Math.max(1, body / (chunk + checksum.getChecksumSize()));
    this.buf = new byte[chunksPerPacket * chunk];
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  /**
   * The file a stream writes, as the NameNode created it (its replication decides when a failed replica is
   * replaced), whether its blocks are synced when finalized, and how the NameNode is to place each of its blocks
   * (the create's {@code NO_LOCAL_WRITE} and kin, passed to every {@code addBlock} as HDFS's stream does).
   */
  record NewFile(String src, long fileId, long blockSize, short replication, boolean syncBlock,
      EnumSet<AddBlockFlag> addBlockFlags) {}

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    checkOpen();
    try {
      writeOpen(b, off, len);
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  private void writeOpen(byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      if (block == null) {
        startBlock();
      }
      int room = (int) Math.min(buf.length - bufLen, blockSize - blockBytes - bufLen);
      int n = Math.min(room, len);
      System.arraycopy(b, off, buf, bufLen, n);
      bufLen += n;
      off += n;
      len -= n;
      if (bufLen == buf.length || blockBytes + bufLen == blockSize) {
        sendBuffered();
      }
      if (blockBytes == blockSize) {
        endBlock();
      }
    }
  }

  /** Sends whole packets only; a partial one waits for more data or {@link #close()}. */
  @Override
  public synchronized void flush() throws IOException {
    checkOpen();
  }

  @Override
  public void hflush() throws IOException {
    throw new UnsupportedOperationException(mode + " writes do not support hflush; write " + src
        + " in pipeline mode (replicakit.write.mode or replicakit.write.paths)");
  }

  @Override
  public void hsync() throws IOException {
    throw new UnsupportedOperationException(mode + " writes do not support hsync; write " + src
        + " in pipeline mode (replicakit.write.mode or replicakit.write.paths)");
  }

  /**
   * Writes what is buffered, ends the last block on every replica, and completes the file. Once the stream has
   * failed or was aborted, throws why, however often it is called (as HDFS's stream does); a stream closed cleanly
   * returns.
   */
  @Override
  public synchronized void close() throws IOException {
    if (failure != null) {
      if (!closed) {
        closed = true;
        session.closed(this); // a write failed: nothing more to renew the lease for
      }
      throw new IOException(src + " was not written: " + failure.getMessage(), failure);
    }
    if (closed) {
      return;
    }
    try {
      if (bufLen > 0 && block == null) {
        startBlock();
      }
      if (block != null) {
        endBlock();
      }
      session.nameNode().complete(src, fileId, previous);
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    } finally {
      closed = true;
      session.closed(this);
    }
  }

  /**
   * Gives up the file without completing it (the NameNode's lease recovery closes it later); a later write or close
   * throws {@code why}.
   */
  synchronized void abort(IOException why) {
    if (failure == null && !closed) {
      failure = why;
    }
    closed = true;
    closeFanOut();
  }

  /** Records a write's or close's failure: the stream is given up, and every later call throws it. */
  private void fail(Throwable e) {
    if (failure == null) {
      failure = e instanceof IOException io ? io : new IOException(e.toString(), e);
    }
    closeFanOut();
  }

  private void closeFanOut() {
    if (fanOut != null) {
      fanOut.close();
      fanOut = null;
    }
  }

  /** The file's path. */
  String src() {
    return src;
  }

  private void checkOpen() throws IOException {
    if (failure != null) {
      throw new IOException(src + " failed: " + failure.getMessage(), failure);
    }
    if (closed) {
      throw new IOException(src + " is closed");
    }
  }

  private void startBlock() throws IOException {
    int tries = session.blockWriteRetries() + 1;
    while (true) {
      LocatedBlock lb = session.nameNode().addBlock(src, fileId, previous, excluded.current(),
          file.addBlockFlags());
      BlockTargets t = BlockTargets.of(lb);
      ExtendedBlock b = lb.getBlock();
      try {
        WriteHeader h = header(b, lb, BlockConstructionStage.PIPELINE_SETUP_CREATE, WriteHeader.Range.NONE,
            b.getGenerationStamp());
        fanOut = FanOut.open(Route.legs(mode, t.size()), t, h, session.connector(), session.window(), 0, done -> { });
        block = b;
        targets = t;
        blockBytes = 0;
        seqno = 0;
        lastSent = false;
        finalizedByRecovery = false;
        recoveries = 0;
        return;
      } catch (Leg.SetupException e) {
        LOG.warn("Abandoning {} of {}: {}", b, src, e.getMessage());
        session.nameNode().abandonBlock(src, fileId, b);
        excluded.add(t.nodes()[e.badNode()]);
        if (--tries == 0) {
          throw new IOException("Unable to create new block for " + src + " after excluding " + excluded, e);
        }
      }
    }
  }

  private WriteHeader header(ExtendedBlock b, LocatedBlock lb, BlockConstructionStage stage, WriteHeader.Range range,
      long newGs) {
    ExtendedBlock request = new ExtendedBlock(b);
    request.setNumBytes(blockSize);
    return new WriteHeader(request, lb.getBlockToken(), session.nameNode().clientName(), stage, range, newGs,
        checksum, CachingStrategy.newDefaultStrategy());
  }

  private void sendBuffered() throws IOException {
    if (bufLen == 0) {
      return;
    }
    send(Packets.data(seqno++, blockBytes, buf, 0, bufLen, checksum));
    blockBytes += bufLen;
    bufLen = 0;
  }

  private void send(Packet packet) throws IOException {
    while (!finalizedByRecovery) {
      try {
        fanOut.send(packet);
        if (progress != null) {
          progress.progress();
        }
        return;
      } catch (ReplicaFailure f) {
        recover(f);
      }
    }
  }

  private void awaitAcked() throws IOException {
    while (!finalizedByRecovery) {
      try {
        fanOut.awaitAcked();
        return;
      } catch (ReplicaFailure f) {
        recover(f);
      }
    }
  }

  /** Ends the block: every data packet acknowledged, then the empty last packet, acknowledged once finalized. */
  private void endBlock() throws IOException {
    sendBuffered();
    awaitAcked();
    lastSent = true;
    send(Packets.last(seqno++, blockBytes, syncBlock));
    awaitAcked();
    if (fanOut != null) {
      fanOut.close();
      fanOut = null;
    }
    ExtendedBlock done = new ExtendedBlock(block);
    done.setNumBytes(blockBytes);
    previous = done;
    block = null;
  }

  /** Drops the failed replicas and carries on with the rest, as HDFS's pipeline recovery does. */
  private void recover(ReplicaFailure failure) throws IOException {
    Set<Integer> bad = failure.badNodes();
    InFlight inFlight = new InFlight(fanOut.unacked(), fanOut.ackedEnd(), fanOut.sentEnd());
    fanOut.close();
    fanOut = null;
    while (true) {
      if (++recoveries > session.maxRecoveries()) {
        throw new IOException("giving up on " + block + " of " + src + " after " + session.maxRecoveries()
            + " recoveries", failure);
      }
      if (bad.size() >= targets.size()) {
        throw new IOException("all replicas of " + block + " of " + src + " failed", failure);
      }
      try {
        recoverOnce(bad, inFlight);
        return;
      } catch (Leg.SetupException e) {
        bad = Set.of(e.badNode());
        failure = new ReplicaFailure(bad, e);
      } catch (ReplicaFailure e) {
        bad = e.badNodes();
        failure = e;
      }
    }
  }

  /** What a failed block stream had in flight: packets to send again, bytes every replica acked, bytes sent. */
  private record InFlight(List<Packet> resend, long acked, long sent) {}

  private void recoverOnce(Set<Integer> bad, InFlight inFlight) throws IOException {
    if (fanOut != null) {
      fanOut.close();
      fanOut = null;
    }
    long acked = inFlight.acked();
    long sent = inFlight.sent();
    LOG.warn("Recovering {} of {} without {} (acked {} of {} bytes sent)", block, src,
        bad.stream().map(i -> targets.nodes()[i].getXferAddr()).toList(), acked, sent);
    bad.forEach(i -> failed.add(targets.nodes()[i]));
    ExtendedBlock held = new ExtendedBlock(block);
    held.setNumBytes(acked);
    targets = session.replacement().replicasFor(
        new DataNodeReplacement.Damaged(file, held, targets.without(bad), List.copyOf(failed)));
    LocatedBlock lb = session.nameNode().updateBlockForPipeline(block);
    long newGs = lb.getBlock().getGenerationStamp();
    if (lastSent) {
      closeRecovery(lb, newGs, acked);
    } else {
      fanOut = FanOut.open(Route.legs(mode, targets.size()), targets, header(block, lb,
          BlockConstructionStage.PIPELINE_SETUP_STREAMING_RECOVERY, new WriteHeader.Range(acked, sent), newGs),
          session.connector(), session.window(), acked, done -> { });
    }
    ExtendedBlock newBlock = new ExtendedBlock(block);
    newBlock.setGenerationStamp(newGs);
    newBlock.setNumBytes(acked);
    ExtendedBlock oldBlock = new ExtendedBlock(block);
    oldBlock.setNumBytes(acked);
    session.nameNode().updatePipeline(oldBlock, newBlock, targets.nodes(), targets.storageIds());
    block = newBlock;
    if (!lastSent) {
      for (Packet p : inFlight.resend()) {
        fanOut.send(p);
      }
    }
  }

  /**
   * The replicas already hold the whole block: each survivor finalizes its replica under the new stamp
   * ({@code recoverClose}); no data flows, so each is asked directly, never through a relay.
   */
  private void closeRecovery(LocatedBlock lb, long newGs, long length) throws IOException {
    WriteHeader h = header(block, lb, BlockConstructionStage.PIPELINE_CLOSE_RECOVERY,
        new WriteHeader.Range(length, length), newGs);
    List<Route.Leg> direct = Route.legs(WriteMode.BROADCAST, targets.size());
    FanOut.open(direct, targets, h, session.connector(), 1, length, done -> { }).close();
    finalizedByRecovery = true;
  }
}
