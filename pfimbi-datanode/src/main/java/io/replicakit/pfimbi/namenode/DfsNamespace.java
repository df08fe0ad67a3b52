/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.namenode;

import io.replicakit.pfimbi.client.MarkLookup;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.coordinator.FileView.BlockView;
import io.replicakit.pfimbi.coordinator.FileView;
import io.replicakit.pfimbi.coordinator.Namespace;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.hdfs.protocol.QuotaExceededException;

/**
 * The coordinator's namespace through HDFS's public client API, called by the NameNode on itself as its own
 * (super)user: file status, located blocks, extended attributes and {@code setReplication} behave exactly as for
 * any client, permissions, audit log and edit log included. A file is addressed by its inode id through HDFS's
 * reserved path {@code /.reserved/.inodes/ID}, which follows it through renames; its current path (for the
 * placement policy, the Pfimbi request of its ancestors, and the logs) comes from {@code paths}.
 * A file's Pfimbi request comes from {@link MarkLookup}.
 *
 * <p>Glue, not an adaptor: it uses only HDFS's client API ({@link DFSClient} and the protocol records it returns),
 * which keeps its meaning across releases, so it is not in {@code hdfs/} and not in the start-up check of
 * internals; the coordinator's NameNode internals are all in {@code NameNodeAdaptor}.
 */
public final class DfsNamespace implements Namespace {

  private static final String INODES = "/.reserved/.inodes/";

  private final DFSClient client;
  private final LongFunction<Optional<String>> paths;
  private final MarkLookup marks;
  private final int maxReplication;

  /**
   * @param paths the path a file has now, by inode id (empty when deleted)
   * @param maxReplication the NameNode's {@code dfs.replication.max} ({@link PfimbiConfig#nameNodeMaxReplication}),
   *     which it enforces on every {@code setReplication}
   */
  public DfsNamespace(DFSClient client, LongFunction<Optional<String>> paths, int maxReplication) {
    this.client = client;
    this.paths = paths;
    this.maxReplication = maxReplication;
    this.marks = new MarkLookup(client);
  }

  @Override
  public OptionalLong inodeId(String path) throws IOException {
    HdfsFileStatus status = client.getFileInfo(path);
    return status == null ? OptionalLong.empty() : OptionalLong.of(status.getFileId());
  }

  @Override
  public Optional<FileView> file(long inodeId, boolean withBlocks) throws IOException {
    String reserved = INODES + inodeId;
    HdfsFileStatus status;
    try {
      status = client.getFileInfo(reserved);
    } catch (FileNotFoundException e) {
      return Optional.empty(); // HDFS answers an unknown inode id with this, not with null
    }
    Optional<String> path = paths.apply(inodeId);
    // An inode deleted while a snapshot holds it still resolves, through its old path, to what is there now.
    if (status == null || status.isDirectory() || status.isErasureCoded() || status.getFileId() != inodeId
        || path.isEmpty()) {
      return Optional.empty();
    }
    if (!withBlocks) {
      return Optional.of(new FileView(inodeId, path.get(), status.getReplication(), false,
          status.getStoragePolicy(), List.of()));
    }
    try {
      LocatedBlocks located = client.getLocatedBlocks(reserved, 0, Long.MAX_VALUE);
      return Optional.of(new FileView(inodeId, path.get(), status.getReplication(), located.isUnderConstruction(),
          status.getStoragePolicy(), finalizedBlocks(located)));
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
  }

  /** Every block but an unfinished last one of a file still being written. */
  private static List<BlockView> finalizedBlocks(LocatedBlocks located) {
    LocatedBlock last = located.getLastLocatedBlock();
    boolean skipLast = located.isUnderConstruction() && !located.isLastBlockComplete() && last != null;
    List<BlockView> blocks = new ArrayList<>();
    for (LocatedBlock b : located.getLocatedBlocks()) {
      if (skipLast && b.getBlock().getBlockId() == last.getBlock().getBlockId()) {
        continue;
      }
      List<String> holders = new ArrayList<>();
      for (DatanodeInfo d : b.getLocations()) {
        holders.add(d.getDatanodeUuid());
      }
      blocks.add(new BlockView(b.getBlock().getBlockId(), b.getBlock().getGenerationStamp(),
          b.getBlock().getNumBytes(), holders));
    }
    return blocks;
  }

  @Override
  public Optional<PfimbiSpec> spec(String path) throws IOException {
    return marks.nearest(path);
  }

  @Override
  public int maxReplication() {
    return maxReplication;
  }

  @Override
  public void setReplication(long inodeId, short replication) throws IOException {
    if (replication > maxReplication) {
      // HDFS refuses it with a plain IOException every time: as final as a quota.
      throw new Refused("replication " + replication + " exceeds " + DFSConfigKeys.DFS_REPLICATION_MAX_KEY + "="
          + maxReplication, null);
    }
    try {
      client.setReplication(INODES + inodeId, replication);
    } catch (QuotaExceededException e) {
      throw new Refused("replication " + replication + " exceeds a quota: " + e.getMessage(), e);
    }
  }

  @Override
  public void attachRequest(long inodeId, PfimbiSpec spec) throws IOException {
    client.setXAttr(INODES + inodeId, PfimbiConfig.XATTR, spec.encode().getBytes(StandardCharsets.UTF_8),
        EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
  }
}
