/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import io.replicakit.common.PluginHost;
import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.coordinator.BlockService;
import io.replicakit.pfimbi.coordinator.TreeListing;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiBlocks;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy;
import org.apache.hadoop.hdfs.server.namenode.FSDirectory.DirOp;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.INode;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.namenode.XAttrStorage;
import org.apache.hadoop.hdfs.server.namenode.snapshot.Snapshot;
import org.apache.hadoop.hdfs.util.ReadOnlyList;
import org.apache.hadoop.hdfs.util.RwLockMode;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.net.Node;

/**
 * The Pfimbi coordinator's one door into NameNode internals: stored blocks, live replica counts, DataNode
 * liveness, the placement policy's target choice, the in-memory namespace (inode ids and paths, and the listing
 * the sweep of marked directories walks), and what the placement wrapper noted. Its helpers
 * {@link PfimbiPlacementPolicy} and {@link PfimbiBlocks} live in HDFS's package because
 * {@code BlockPlacementPolicy.initialize} takes a package-private type; the plugin reaches them only through this
 * class. A Hadoop upgrade touches this class, its helpers and the list of what they use,
 * {@link NameNodeInternals}, which {@link #checkInternals()} resolves when the plugin starts.
 *
 * <p>Creating the adaptor touches nothing but the {@link NameNode} object, so the plugin can read its
 * configuration and check the internals before any of them is called.
 *
 * <p>Namespace reads take the namesystem's namespace read lock ({@code RwLockMode.FS}) for one lookup or one
 * page of a directory at a time, never across RPCs.
 *
 * <p>Block state is read under the namesystem's block-manager read lock ({@code RwLockMode.BM}, Hadoop 3.5's
 * fine-grained locking); targets are chosen without the lock, as HDFS's own re-replication does.
 */
public final class NameNodeAdaptor implements BlockService, TreeListing {

  private final NameNode nameNode;

  public NameNodeAdaptor(NameNode nameNode) {
    this.nameNode = nameNode;
  }

  /** The adaptor for the object a {@code dfs.namenode.plugins} ServicePlugin is started with. */
  public static NameNodeAdaptor of(Object service) {
    return new NameNodeAdaptor(
        PluginHost.require(service, NameNode.class, "Pfimbi coordinator", DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY));
  }

  /**
   * Resolves every Hadoop member this adaptor and its helpers use, in the running Hadoop.
   *
   * @throws UnsupportedHadoopException naming the Hadoop version and every member that is missing or changed
   */
  public static void checkInternals() {
    NameNodeInternals.API.check();
  }

  public Configuration conf() {
    return nameNode.getConf();
  }

  private FSNamesystem namesystem() {
    return nameNode.getNamesystem();
  }

  private BlockManager blockManager() {
    return namesystem().getBlockManager();
  }

  /** This NameNode's own RPC address as a file-system URI, for a client of itself. */
  public URI uri() {
    return URI.create("hdfs://" + NetUtils.getHostPortString(nameNode.getNameNodeAddress()));
  }

  /** Whether the NameNode runs the wrapper; without it background copies would be deleted as excess. */
  public boolean placementPolicyIsWrapped() {
    return blockManager().getBlockPlacementPolicy() instanceof PfimbiPlacementPolicy;
  }

  @Override
  public boolean isActive() {
    return nameNode.isActiveState();
  }

  @Override
  public boolean inSafeMode() {
    return namesystem().isInSafeMode();
  }

  /**
   * Counts the storages of live DataNodes whose block contents HDFS marks stale: not reported in full since this
   * NameNode became active ({@code DatanodeManager#markAllDatanodesStaleAndSetKeyUpdateIfNeed}) or the storage was
   * added; {@code DatanodeStorageInfo#receivedBlockReport} clears the mark. Failed storages never report, and
   * PROVIDED ones are the NameNode's own view of external storage, so neither is counted. A live DataNode whose
   * storages are not known yet counts as one. Takes the DataNode map's monitor, not the namesystem lock.
   */
  @Override
  public int unreportedStorages() {
    int unreported = 0;
    for (DatanodeDescriptor node : blockManager().getDatanodeManager()
        .getDatanodeListForReport(DatanodeReportType.LIVE)) {
      DatanodeStorageInfo[] storages = node.getStorageInfos();
      if (storages.length == 0) {
        unreported++; // registered, but its first heartbeat (which brings its storages) is not in yet
      }
      for (DatanodeStorageInfo storage : storages) {
        if (PfimbiBlocks.awaitsBlockReport(storage)) {
          unreported++;
        }
      }
    }
    return unreported;
  }

  /**
   * The inode id of the file at {@code path}, or {@code -1} when no file is there: how the placement hook names
   * a file that allocates a block. Safe without any lock held (it takes the namespace read lock briefly).
   */
  public long fileInodeId(String path) {
    return underLock(RwLockMode.FS, () -> {
      try {
        INode inode = namesystem().getFSDirectory().getINode(path, DirOp.READ);
        return inode != null && inode.isFile() ? inode.getId() : -1L;
      } catch (IOException | RuntimeException e) {
        return -1L; // a reserved or unresolvable path: the coordinator resolves it through the client instead
      }
    });
  }

  /** The path a file or directory has now, or empty when it was deleted. */
  public Optional<String> fullPath(long inodeId) {
    return underLock(RwLockMode.FS, () -> {
      INode inode = namesystem().getFSDirectory().getInode(inodeId);
      return inode == null ? Optional.<String>empty() : Optional.of(inode.getFullPathName());
    });
  }

  /** A page of a directory from the in-memory namespace; symbolic links are skipped. */
  @Override
  public List<Entry> children(Dir dir, String startAfter, int limit) {
    return underLock(RwLockMode.FS, () -> {
      INode inode = namesystem().getFSDirectory().getInode(dir.inodeId());
      if (inode == null || !inode.isDirectory()) {
        return List.<Entry>of();
      }
      ReadOnlyList<INode> kids = inode.asDirectory().getChildrenList(Snapshot.CURRENT_STATE_ID);
      List<Entry> page = new ArrayList<>();
      for (int i = after(kids, startAfter); i < kids.size() && page.size() < limit; i++) {
        entry(kids.get(i)).ifPresent(page::add);
      }
      return page;
    });
  }

  /** The index of the first child whose name sorts after {@code name} (as HDFS's own listing pages). */
  private static int after(ReadOnlyList<INode> kids, String name) {
    if (name.isEmpty()) {
      return 0;
    }
    int pos = ReadOnlyList.Util.binarySearch(kids, DFSUtilClient.string2Bytes(name)) + 1;
    return pos >= 0 ? pos : -pos;
  }

  private static Optional<Entry> entry(INode child) {
    if (child.isDirectory()) {
      return Optional.of(new Entry(child.getId(), child.getLocalName(), true, (short) 0, false, specText(child)));
    }
    if (child.isFile()) {
      return Optional.of(new Entry(child.getId(), child.getLocalName(), false,
          child.asFile().getFileReplication(), child.asFile().isStriped(), specText(child)));
    }
    return Optional.empty();
  }

  private static Optional<String> specText(INode inode) {
    XAttr x = XAttrStorage.readINodeXAttrByPrefixedName(inode, Snapshot.CURRENT_STATE_ID, PfimbiConfig.XATTR);
    return x == null || x.getValue() == null
        ? Optional.empty() : Optional.of(new String(x.getValue(), StandardCharsets.UTF_8));
  }

  @Override
  public String blockPoolId() {
    return namesystem().getBlockPoolId();
  }

  @Override
  public int liveReplicas(long blockId) {
    return underReadLock(() -> {
      BlockInfo stored = blockManager().getStoredBlock(new Block(blockId));
      return stored == null ? 0 : blockManager().countNodes(stored).liveReplicas();
    });
  }

  @Override
  public Optional<NodeRef> holder(long blockId, String datanodeUuid) {
    return underReadLock(() -> {
      BlockInfo stored = blockManager().getStoredBlock(new Block(blockId));
      if (stored == null) {
        return Optional.empty();
      }
      DatanodeStorageInfo other = null;
      for (DatanodeStorageInfo storage : blockManager().getStorages(stored)) {
        if (!readableSource(storage, stored)) {
          continue;
        }
        if (storage.getDatanodeDescriptor().getDatanodeUuid().equals(datanodeUuid)) {
          return Optional.of(ref(storage));
        }
        other = other == null ? storage : other;
      }
      return Optional.ofNullable(other).map(NameNodeAdaptor::ref);
    });
  }

  /**
   * Whether a copy may be fetched from this replica: its DataNode is alive and the NameNode is not deleting it as
   * excess. A Pfimbi file still at its synchronous replication has excess replicas whenever copies landed while
   * nothing protected the block (after a NameNode restart), and the NameNode deletes one of them, possibly the one
   * a copy would be fetched from; such a fetch fails ("replica does not exist") and the file falls back.
   */
  private boolean readableSource(DatanodeStorageInfo storage, BlockInfo stored) {
    DatanodeDescriptor node = storage.getDatanodeDescriptor();
    return node.isAlive() && !blockManager().isExcess(node, stored);
  }

  /**
   * One target at a time, each chosen as if the previous one were the writer. HDFS chooses a new block's pipeline
   * in one call, and its default policy puts the third replica on the second's rack; asked for two targets for a
   * block that has one replica, it treats them as re-replication and puts the third on the first replica's rack
   * ({@code BlockPlacementPolicyDefault.chooseTargetInOrder}, {@code newBlock} false). Pfimbi's copies are the rest
   * of the pipeline HDFS would have written (thesis §2.3: the master lists every node of a block's pipeline; §4.5:
   * Pfimbi's master makes the same decisions as HDFS's), so they should land where HDFS(3,3) would have put them:
   * with the last chosen node as the writer, the policy's "local rack" is the second replica's. A policy that
   * ignores the writer chooses as it would in one call.
   */
  @Override
  public List<NodeRef> chooseTargets(String path, long blockId, int count, byte storagePolicyId) {
    Held held = underReadLock(() -> {
      BlockInfo stored = blockManager().getStoredBlock(new Block(blockId));
      List<DatanodeStorageInfo> storages = new ArrayList<>();
      if (stored != null) {
        storages.addAll(List.of(blockManager().getStorages(stored)));
      }
      return new Held(storages, stored == null ? 0 : stored.getNumBytes());
    });
    List<DatanodeStorageInfo> chosen = new ArrayList<>(held.storages());
    if (chosen.isEmpty()) {
      return List.of();
    }
    BlockStoragePolicy storagePolicy = blockManager().getStoragePolicy(storagePolicyId);
    List<NodeRef> refs = new ArrayList<>(count);
    while (refs.size() < count) {
      Node writer = chosen.get(chosen.size() - 1).getDatanodeDescriptor();
      HashSet<Node> excluded = new HashSet<>();
      chosen.forEach(s -> excluded.add(s.getDatanodeDescriptor()));
      DatanodeStorageInfo[] next = placementPolicy().chooseTarget(path, 1, writer, chosen, false, excluded,
          held.numBytes(), storagePolicy, null);
      if (next.length == 0) {
        break;
      }
      chosen.add(next[0]);
      refs.add(ref(next[0]));
    }
    return refs;
  }

  private record Held(List<DatanodeStorageInfo> storages, long numBytes) {}

  /** The policy that places the cluster's replicas: the wrapper's delegate, or the configured policy itself. */
  private BlockPlacementPolicy placementPolicy() {
    BlockPlacementPolicy policy = blockManager().getBlockPlacementPolicy();
    return policy instanceof PfimbiPlacementPolicy wrapper ? wrapper.delegate() : policy;
  }

  @Override
  public boolean isAlive(String datanodeUuid) {
    DatanodeDescriptor d = blockManager().getDatanodeManager().getDatanode(datanodeUuid);
    return d != null && d.isAlive() && !d.isDecommissionInProgress() && !d.isDecommissioned();
  }

  @Override
  public void protect(long blockId) {
    BlockInfo stored = underReadLock(() -> blockManager().getStoredBlock(new Block(blockId)));
    if (stored != null) {
      PfimbiBlocks.get().protect(stored);
    }
  }

  @Override
  public void release(long blockId) {
    PfimbiBlocks.get().release(blockId);
  }

  /** The files the placement wrapper saw allocate blocks since the last call (see {@link PfimbiBlocks}). */
  public record Writes(Map<Long, String> writtenAt, List<String> paths) {}

  /** From now on the placement wrapper names written files by inode id, resolved through this adaptor. */
  public void noteWritesByInode() {
    PfimbiBlocks.get().installInodeResolver(this::fileInodeId);
  }

  /** The files that allocated blocks since the last call, by inode id where it resolved, else by path. */
  public Writes drainWrites() {
    PfimbiBlocks.Writes writes = PfimbiBlocks.get().drainWrites();
    return new Writes(writes.writtenAt(), writes.paths());
  }

  /** Forgets every noted file and protected block: the coordinator stopped. */
  public void forgetNotes() {
    PfimbiBlocks.get().clear();
  }

  /** Blocks kept from excess deletion now. */
  public int protectedBlocks() {
    return PfimbiBlocks.get().protectedCount();
  }

  /** Excess deletions the placement wrapper refused so far. */
  public long excessDeletionsVetoed() {
    return PfimbiBlocks.get().vetoCount();
  }

  /** Written files not noted because too many were waiting (the sweep finds them). */
  public long droppedPaths() {
    return PfimbiBlocks.get().droppedPathCount();
  }

  /** Faults in the placement wrapper's hooks (HDFS's own answer stood each time). */
  public long hookFaults() {
    return PfimbiBlocks.get().hookFaultCount();
  }

  /** HDFS's own re-scan of mis-replicated blocks (it takes the namesystem write lock in batches). */
  @Override
  public void recheck(Collection<Long> blockIds) {
    List<BlockInfo> stored = underReadLock(() -> {
      List<BlockInfo> found = new ArrayList<>();
      for (long id : blockIds) {
        BlockInfo b = blockManager().getStoredBlock(new Block(id));
        if (b != null) {
          found.add(b);
        }
      }
      return found;
    });
    blockManager().processMisReplicatedBlocks(stored);
  }

  private static NodeRef ref(DatanodeStorageInfo storage) {
    DatanodeDescriptor d = storage.getDatanodeDescriptor();
    return new NodeRef(d.getDatanodeUuid(), d.getIpAddr(), d.getHostName(), d.getXferPort(), d.getIpcPort(),
        d.getInfoPort(), storage.getStorageType().name());
  }

  private <T> T underReadLock(Supplier<T> read) {
    return underLock(RwLockMode.BM, read);
  }

  private <T> T underLock(RwLockMode mode, Supplier<T> read) {
    namesystem().readLock(mode);
    try {
      return read.get();
    } finally {
      namesystem().readUnlock(mode, "replicakitPfimbi");
    }
  }
}
