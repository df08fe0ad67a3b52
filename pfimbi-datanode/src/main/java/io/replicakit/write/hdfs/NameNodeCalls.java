/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.EnumSet;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.client.impl.DfsClientConf;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DSQuotaExceededException;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.NSQuotaExceededException;
import org.apache.hadoop.hdfs.protocol.QuotaByStorageTypeExceededException;
import org.apache.hadoop.hdfs.protocol.UnresolvedPathException;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * The NameNode calls of a parallel write, through the {@code DFSClient}'s own {@link ClientProtocol} proxy (its
 * Kerberos login and retry policy), with the waits and retries {@code DFSOutputStream} applies: a new block is
 * refused with {@code NotReplicatedYetException} until the previous one has its minimum replicas, and
 * {@code complete} says false until the last one has; both are retried with HDFS's back-off
 * ({@code dfs.client.block.write.locateFollowingBlock.*}).
 */
final class NameNodeCalls {

  private static final String NOT_REPLICATED_YET =
      "org.apache.hadoop.hdfs.server.namenode.NotReplicatedYetException";

  private final ClientProtocol namenode;
  private final String clientName;
  private final DfsClientConf conf;

  NameNodeCalls(DFSClient client) {
    this.namenode = client.getNamenode();
    this.clientName = client.getClientName();
    this.conf = client.getConf();
  }

  String clientName() {
    return clientName;
  }

  /** Creates {@code src} for writing under this client's lease; quota and permission errors come unwrapped. */
  HdfsFileStatus create(String src, FsPermission masked, EnumSet<CreateFlag> flags, boolean createParent,
      short replication, long blockSize) throws IOException {
    try {
      return namenode.create(src, masked, clientName, new EnumSetWritable<>(flags, CreateFlag.class), createParent,
          replication, blockSize, org.apache.hadoop.crypto.CryptoProtocolVersion.supported(), null, null);
    } catch (RemoteException e) {
      throw e.unwrapRemoteException(AccessControlException.class, FileAlreadyExistsException.class,
          FileNotFoundException.class, ParentNotDirectoryException.class, NSQuotaExceededException.class,
          DSQuotaExceededException.class, QuotaByStorageTypeExceededException.class, UnresolvedPathException.class);
    }
  }

  /**
   * The next block of {@code src} after {@code previous} (null for the first), avoiding {@code excluded}, placed
   * as {@code flags} ask ({@link #addBlockFlags}).
   */
  LocatedBlock addBlock(String src, long fileId, ExtendedBlock previous, DatanodeInfo[] excluded,
      EnumSet<AddBlockFlag> flags) throws IOException {
    Backoff backoff = new Backoff(conf);
    while (true) {
      try {
        return namenode.addBlock(src, clientName, previous, excluded, fileId, null, flags);
      } catch (RemoteException e) {
        IOException unwrapped = e.unwrapRemoteException(FileNotFoundException.class, AccessControlException.class,
            NSQuotaExceededException.class, DSQuotaExceededException.class,
            QuotaByStorageTypeExceededException.class, UnresolvedPathException.class);
        if (unwrapped != e || !NOT_REPLICATED_YET.equals(e.getClassName()) || !backoff.pause()) {
          throw unwrapped;
        }
      }
    }
  }

  /**
   * The placement flags of a file's blocks, from the flags it was created with, as {@code DFSOutputStream}'s
   * constructor derives them: {@code NO_LOCAL_WRITE}, {@code NO_LOCAL_RACK} and {@code IGNORE_CLIENT_LOCALITY}
   * are create flags the NameNode's {@code create} ignores; they take effect only when the stream passes them to
   * every {@code addBlock} of the file.
   */
  static EnumSet<AddBlockFlag> addBlockFlags(EnumSet<CreateFlag> createFlags) {
    EnumSet<AddBlockFlag> flags = EnumSet.noneOf(AddBlockFlag.class);
    if (createFlags.contains(CreateFlag.NO_LOCAL_WRITE)) {
      flags.add(AddBlockFlag.NO_LOCAL_WRITE);
    }
    if (createFlags.contains(CreateFlag.NO_LOCAL_RACK)) {
      flags.add(AddBlockFlag.NO_LOCAL_RACK);
    }
    if (createFlags.contains(CreateFlag.IGNORE_CLIENT_LOCALITY)) {
      flags.add(AddBlockFlag.IGNORE_CLIENT_LOCALITY);
    }
    return flags;
  }

  void abandonBlock(String src, long fileId, ExtendedBlock block) throws IOException {
    namenode.abandonBlock(block, fileId, src, clientName);
  }

  /**
   * {@code existing}, the replicas left of {@code block} (of {@code file}), and one more node chosen by the NameNode,
   * avoiding {@code excluded}; the token allows copying the block ({@code ClientProtocol#getAdditionalDatanode}).
   */
  LocatedBlock getAdditionalDatanode(FanOutOutputStream.NewFile file, ExtendedBlock block, BlockTargets existing,
      DatanodeInfo[] excluded) throws IOException {
    return namenode.getAdditionalDatanode(file.src(), file.fileId(), block, existing.nodes(), existing.storageIds(),
        excluded, 1, clientName);
  }

  /** A new generation stamp and block token for recovering {@code block}'s pipeline. */
  LocatedBlock updateBlockForPipeline(ExtendedBlock block) throws IOException {
    return namenode.updateBlockForPipeline(block, clientName);
  }

  /** Tells the NameNode the block's replicas after a recovery: {@code nodes} at the new generation stamp. */
  void updatePipeline(ExtendedBlock oldBlock, ExtendedBlock newBlock, DatanodeID[] nodes, String[] storageIds)
      throws IOException {
    namenode.updatePipeline(clientName, oldBlock, newBlock, nodes, storageIds);
  }

  /**
   * Closes {@code src} with {@code last} as its last block, waiting as long as HDFS's client does for the block's
   * minimum replicas to be reported.
   *
   * @throws IOException if the NameNode still refuses after the retries
   */
  void complete(String src, long fileId, ExtendedBlock last) throws IOException {
    Backoff backoff = new Backoff(conf);
    while (!namenode.complete(src, clientName, last, fileId)) {
      if (!backoff.pause()) {
        throw new IOException("Unable to close file " + src + " because the last block " + last
            + " does not have enough replicas reported to the NameNode");
      }
    }
  }

  void renewLease() throws IOException {
    namenode.renewLease(clientName, null);
  }

  /** HDFS's client back-off: an initial delay doubling up to a cap, a bounded number of times. */
  private static final class Backoff {
    private int retries;
    private long sleepMs;
    private final long maxMs;

    Backoff(DfsClientConf conf) {
      this.retries = conf.getNumBlockWriteLocateFollowingRetry();
      this.sleepMs = conf.getBlockWriteLocateFollowingInitialDelayMs();
      this.maxMs = conf.getBlockWriteLocateFollowingMaxDelayMs();
    }

    boolean pause() throws InterruptedIOException {
      if (retries-- <= 0) {
        return false;
      }
      try {
        Thread.sleep(sleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the NameNode");
      }
      sleepMs = Math.min(sleepMs * 2, maxMs);
      return true;
    }
  }
}
