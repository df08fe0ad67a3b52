/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.ReplaceDatanodeOnFailure;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.security.token.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds a DataNode to a block whose replicas failed mid-write, as HDFS's pipeline does under
 * {@code dfs.client.block.write.replace-datanode-on-failure.*} ({@code DataStreamer#handleDatanodeReplacement}):
 * when the operator's policy asks for one (by default: a block of replication 3 or more down to half its replicas
 * or fewer), the NameNode chooses a node ({@code getAdditionalDatanode}), a survivor copies its replica there
 * ({@code TRANSFER_BLOCK}, the bytes it acknowledged), and the recovery that follows takes the new node in with
 * the survivors. Without this a parallel write could go on with a single replica until the file is closed and
 * the NameNode re-replicates, where HDFS's own stream would have kept two.
 *
 * <p>As HDFS does, a node that cannot be added is excluded and another asked for, three times in all, each time
 * copying from the next survivor; then the write fails unless the policy is best-effort, or the survivors number at
 * least {@code min-replication} and the NameNode has no node to offer. The same keys, read the same way, as the
 * {@code DFSClient} the file system wraps. Not mirrored: with {@code min-replication} above 0, HDFS 3.5 also goes on
 * with the nodes that answered when a new block's set-up fails; these writers abandon such a block and ask for
 * another without the failed node, as HDFS does by default.
 */
final class DataNodeReplacement {

  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReplacement.class);
  /** Nodes tried before giving up, as {@code DataStreamer#addDatanode2ExistingPipeline}. */
  private static final int TRIES = 3;
  /** Packets per extra read-timeout extension for the copy ({@code DataStreamer#computeTransferReadTimeout}). */
  private static final int PACKETS_PER_EXTENSION = 200;

  private final ReplaceDatanodeOnFailure policy;
  private final int minReplication;
  private final NameNodeCalls nameNode;
  private final Connector connector;
  private final int packetSize;

  DataNodeReplacement(Configuration conf, NameNodeCalls nameNode, Connector connector, int packetSize) {
    this.policy = ReplaceDatanodeOnFailure.get(conf);
    this.minReplication = conf.getInt(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.MIN_REPLICATION,
        HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.MIN_REPLICATION_DEFAULT);
    this.nameNode = nameNode;
    this.connector = connector;
    this.packetSize = packetSize;
  }

  /**
   * The block being recovered, as its replicas hold it.
   *
   * @param block the block at the generation stamp the survivors hold, its length the bytes every one acknowledged
   * @param survivors the replicas left after dropping the failed ones
   * @param failed every node dropped from this file's blocks so far (never offered again)
   */
  record Damaged(FanOutOutputStream.NewFile file, ExtendedBlock block, BlockTargets survivors,
      List<DatanodeInfo> failed) {}

  /**
   * The replicas to recover the block with: the survivors and, when the policy asks for it, one more node holding a
   * copy of a survivor's replica.
   *
   * @throws IOException if the policy asks for a node, none could be added, and the policy is not best-effort
   */
  BlockTargets replicasFor(Damaged damaged) throws IOException {
    BlockTargets survivors = damaged.survivors();
    if (!policy.satisfy(damaged.file().replication(), survivors.nodes(), false, false)) {
      return survivors;
    }
    try {
      return add(damaged);
    } catch (IOException e) {
      if (!policy.isBestEffort()) {
        throw e;
      }
      LOG.warn("Could not add a DataNode to {} of {}; going on with {} replica(s), as {} is true",
          damaged.block(), damaged.file().src(), survivors.size(),
          HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.BEST_EFFORT_KEY, e);
      return survivors;
    }
  }

  private BlockTargets add(Damaged damaged) throws IOException {
    BlockTargets survivors = damaged.survivors();
    List<DatanodeInfo> exclude = new ArrayList<>(damaged.failed());
    IOException lastFailure = null;
    for (int tried = 0; tried < TRIES; tried++) {
      LocatedBlock offered = nameNode.getAdditionalDatanode(damaged.file(), damaged.block(), survivors,
          exclude.toArray(new DatanodeInfo[0]));
      BlockTargets grown = BlockTargets.of(offered);
      int added = grown.added(survivors);
      if (added < 0) {
        return withoutNewNode(damaged, grown);
      }
      DatanodeInfo source = survivors.nodes()[tried % survivors.size()];
      try {
        transfer(source, grown, added, damaged.block(), offered.getBlockToken());
        LOG.info("Added {} to {} of {} (copied from {})", grown.nodes()[added].getXferAddr(), damaged.block(),
            damaged.file().src(), source.getXferAddr());
        return grown;
      } catch (IOException e) {
        LOG.warn("Failed to copy {} from {} to {}: {}", damaged.block(), source.getXferAddr(),
            grown.nodes()[added].getXferAddr(), e.toString());
        lastFailure = e;
        exclude.add(grown.nodes()[added]);
      }
    }
    throw lastFailure;
  }

  /** The NameNode had no node to offer: go on with the survivors if there are at least min-replication of them. */
  private BlockTargets withoutNewNode(Damaged damaged, BlockTargets offered) throws IOException {
    BlockTargets survivors = damaged.survivors();
    String why = "no DataNode left to replace a failed replica of " + damaged.block() + " of " + damaged.file().src()
        + " (replicas " + survivors + ", offered " + offered + ", policy " + policy + ", set by "
        + HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.POLICY_KEY + ")";
    if (minReplication > 0 && survivors.size() >= minReplication) {
      LOG.warn("{}; going on with {} replica(s), at least {} ({})", why, survivors.size(), minReplication,
          HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.MIN_REPLICATION);
      return survivors;
    }
    throw new IOException(why);
  }

  /**
   * Asks {@code source} to copy its replica of {@code block} to the node at {@code added} of {@code grown}, and
   * waits until the copy is done ({@code DataStreamer#transfer}).
   */
  private void transfer(DatanodeInfo source, BlockTargets grown, int added, ExtendedBlock block,
      Token<BlockTokenIdentifier> token) throws IOException {
    try (Peer peer = connector.connect(source, source.getXferPort(), block, token)) {
      int extensions = 2 + (int) (block.getNumBytes() / packetSize / PACKETS_PER_EXTENSION);
      peer.setReadTimeout(connector.readTimeoutMs(extensions));
      peer.setWriteTimeout(connector.writeTimeoutMs(2));
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(peer.getOutputStream()));
      new Sender(out).transferBlock(block, token, nameNode.clientName(), new DatanodeInfo[] {grown.nodes()[added]},
          new StorageType[] {grown.types()[added]}, new String[] {grown.storageIds()[added]});
      out.flush();
      BlockOpResponseProto response = BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(
          peer.getInputStream()));
      if (response.getStatus() != Status.SUCCESS) {
        throw new IOException("copy of " + block + " from " + source.getXferAddr() + " refused: "
            + response.getStatus() + (response.hasMessage() ? " " + response.getMessage() : ""));
      }
    }
  }
}
