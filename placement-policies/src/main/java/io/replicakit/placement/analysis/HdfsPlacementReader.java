/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import io.replicakit.common.rpc.OwnLookups;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;

/**
 * Reads a {@link PlacementSnapshot} from a running cluster through the client API: the DataNode report for
 * nodes, and the block map (the same locations fsck prints, paper §5.1) for every file under a path.
 *
 * <p>A node is live when it is in the LIVE report and in service when its admin state is normal (not
 * decommissioning, decommissioned, entering or in maintenance). Locations of decommissioned replicas are
 * kept; {@link PlacementAnalysis} ignores them. Erasure-coded files are skipped: their block groups are placed
 * by {@code dfs.block.placement.ec.classname}, not by the replication policy this analysis compares. Blocks of
 * a file still being written count up to its visible length.
 */
public final class HdfsPlacementReader {

  private HdfsPlacementReader() {}

  /**
   * Nodes of the whole cluster; blocks and files under {@code path} (a file or a directory, recursively). The
   * listings are marked as ReplicaKit's own lookups ({@link OwnLookups}): a NameNode with read selection does not
   * book every file's first blocks as reads.
   */
  public static PlacementSnapshot read(DistributedFileSystem fs, Path path) throws IOException {
    try (OwnLookups.Marked marked = OwnLookups.mark("placement-report")) {
      return readMarked(fs, path);
    }
  }

  private static PlacementSnapshot readMarked(DistributedFileSystem fs, Path path) throws IOException {
    List<NodeState> nodes = nodes(fs);
    List<BlockReplicas> blocks = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (FileStatus file : replicatedFiles(fs, path)) {
      String name = file.getPath().toUri().getPath();
      files.add(name);
      blocks.addAll(blocks(fs, name, file.getLen(), file.getReplication()));
    }
    return new PlacementSnapshot(nodes, blocks, files);
  }

  private static List<NodeState> nodes(DistributedFileSystem fs) throws IOException {
    Set<String> live = Arrays.stream(fs.getDataNodeStats(DatanodeReportType.LIVE))
        .map(DatanodeInfo::getXferAddr)
        .collect(Collectors.toSet());
    List<NodeState> nodes = new ArrayList<>();
    DatanodeInfo[] all = fs.getDataNodeStats(DatanodeReportType.ALL);
    Map<String, Long> hostCounts = Arrays.stream(all)
        .collect(Collectors.groupingBy(dn -> String.valueOf(dn.getHostName()), Collectors.counting()));
    for (DatanodeInfo dn : all) {
      // Host names identify nodes on a real cluster; where several share one (every node of a MiniDFSCluster
      // reports 127.0.0.1) or there is none, the IP address does.
      String host = dn.getHostName();
      boolean unique = host != null && !host.isEmpty() && hostCounts.get(host) == 1;
      String name = unique ? host : dn.getIpAddr();
      nodes.add(new NodeState(dn.getXferAddr(), name, dn.getNetworkLocation(), dn.getCapacity(), dn.getDfsUsed(),
          live.contains(dn.getXferAddr()), dn.isInService(), Optional.ofNullable(dn.getUpgradeDomain())));
    }
    return nodes;
  }

  /** Files under {@code root} in directory order, depth first, without erasure-coded ones. */
  private static List<FileStatus> replicatedFiles(DistributedFileSystem fs, Path root) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    Deque<FileStatus> pending = new ArrayDeque<>();
    pending.push(fs.getFileStatus(root));
    while (!pending.isEmpty()) {
      FileStatus status = pending.pop();
      if (status.isDirectory()) {
        List<FileStatus> children = new ArrayList<>();
        RemoteIterator<FileStatus> it = fs.listStatusIterator(status.getPath());
        while (it.hasNext()) {
          children.add(it.next());
        }
        for (int i = children.size() - 1; i >= 0; i--) {
          pending.push(children.get(i));
        }
      } else if (status.isFile() && !status.isErasureCoded()) {
        files.add(status);
      }
    }
    return files;
  }

  /**
   * The file's blocks, asked for in as many calls as the NameNode needs: it may cap the blocks it returns per
   * call, so each call resumes at the end of the last block received.
   */
  private static List<BlockReplicas> blocks(DistributedFileSystem fs, String file, long length, short replication)
      throws IOException {
    List<BlockReplicas> blocks = new ArrayList<>();
    long offset = 0;
    while (offset < length) {
      LocatedBlocks located = fs.getClient().getLocatedBlocks(file, offset, length - offset);
      long next = offset;
      for (LocatedBlock block : located.getLocatedBlocks()) {
        if (block.getStartOffset() >= offset) {
          blocks.add(replicas(file, block, replication));
          next = block.getStartOffset() + block.getBlockSize();
        }
      }
      if (next <= offset) {
        break;
      }
      offset = next;
    }
    return blocks;
  }

  private static BlockReplicas replicas(String file, LocatedBlock block, short replication) {
    List<String> nodeIds = Arrays.stream(block.getLocations()).map(DatanodeInfo::getXferAddr).toList();
    return new BlockReplicas(file, block.getBlock().getBlockId(), block.getBlockSize(), replication, nodeIds);
  }
}
