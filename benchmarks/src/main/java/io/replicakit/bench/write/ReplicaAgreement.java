/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.BlockChecksumOptions;
import org.apache.hadoop.hdfs.protocol.BlockChecksumType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.DataTransferProtoUtil;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.thirdparty.protobuf.ByteString;

/**
 * Whether every replica of every block holds the same bytes: each replica's MD5 of its chunk CRCs
 * ({@code OP_BLOCK_CHECKSUM}, what {@code getFileChecksum} asks one replica per block for), asked of every DataNode
 * listing the block, compared within the block.
 *
 * <p>Why: a read-back reads one replica per block, chosen at random for an off-cluster reader, and a client that
 * meets a bad checksum silently reads another replica; so a writer that leaves one replica wrong passes it most of
 * the time. The read-back proves one replica right against the bytes written; agreement extends that to the others,
 * to the CRCs' strength (the DataNode that verified the chunks as it stored them: every one with the parallel
 * writers, only the last with HDFS's pipeline).
 */
final class ReplicaAgreement {

  private ReplicaAgreement() {}

  /**
   * Blocks of the files under {@code dir} whose replicas' checksums differ, or of which a replica listed by the
   * NameNode could not give one.
   */
  static int blocksDisagreeing(DistributedFileSystem fs, Path dir) throws IOException {
    int disagreeing = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
    while (files.hasNext()) {
      LocatedFileStatus file = files.next();
      String path = file.getPath().toUri().getPath();
      for (LocatedBlock block : fs.getClient().getLocatedBlocks(path, 0, file.getLen()).getLocatedBlocks()) {
        if (!replicasAgree(fs.getClient(), block)) {
          disagreeing++;
        }
      }
    }
    return disagreeing;
  }

  private static boolean replicasAgree(DFSClient client, LocatedBlock block) {
    Set<ByteString> checksums = new HashSet<>();
    for (DatanodeInfo replica : block.getLocations()) {
      try {
        checksums.add(checksum(client, block, replica));
      } catch (IOException e) {
        return false;
      }
    }
    return checksums.size() <= 1;
  }

  /** One replica's MD5 of its CRCs, asked of the DataNode holding it over HDFS's data-transfer protocol. */
  static ByteString checksum(DFSClient client, LocatedBlock block, DatanodeInfo replica) throws IOException {
    InetSocketAddress address = NetUtils.createSocketAddr(replica.getXferAddr());
    Peer peer = client.newConnectedPeer(address, block.getBlockToken(), replica);
    try {
      new Sender(new DataOutputStream(peer.getOutputStream())).blockChecksum(block.getBlock(),
          block.getBlockToken(), new BlockChecksumOptions(BlockChecksumType.MD5CRC));
      BlockOpResponseProto reply = BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(
          peer.getInputStream()));
      DataTransferProtoUtil.checkBlockOpStatus(reply, "block checksum of " + block.getBlock() + " on " + replica);
      return reply.getChecksumResponse().getBlockChecksum();
    } finally {
      IOUtils.closeStream(peer);
    }
  }
}
