/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;

/**
 * What the placement wrapper and the Pfimbi coordinator share inside one NameNode: the files that allocated
 * blocks since the coordinator last looked, and the blocks whose replicas must not be deleted as excess because
 * their background copies are still landing.
 *
 * <p>A written file is remembered by its inode id, resolved from its path when the block is allocated: a path
 * does not survive the rename by which every MapReduce or Spark job commits its output, often within a
 * millisecond of the close, before the coordinator's next scan. The path it was written at is kept with the id:
 * a file moved out of its marked directory before that scan is still governed by the request of the directory it
 * was written in. The resolver is the coordinator's (it holds the namesystem); until it is installed, or when the
 * path no longer names a file, the path alone is kept.
 *
 * <p>Process-wide, because HDFS builds the placement policy by reflection (twice per start) while the coordinator
 * is a NameNode plugin; neither can hand the other a reference. A protected block is identified by its stored
 * {@link BlockInfo}: {@code chooseReplicasToDelete} is not told the block, only its replicas' storages, and a
 * block is taken to be the protected one when every storage offered holds that block.
 *
 * <p>A helper of {@code io.replicakit.pfimbi.hdfs.NameNodeAdaptor}: the coordinator reaches it only through the
 * adaptor; it is public because the adaptor is in another package.
 */
public final class PfimbiBlocks {

  private static final PfimbiBlocks INSTANCE = new PfimbiBlocks();

  /** Cap on remembered paths between two coordinator scans: a flood of writes cannot grow the NameNode's heap. */
  static final int MAX_NOTED_PATHS = 100_000;

  private final Map<Long, String> writtenInodes = new ConcurrentHashMap<>();
  private final Set<String> writtenPaths = ConcurrentHashMap.newKeySet();
  private volatile ToLongFunction<String> inodeResolver;
  private final Map<Long, BlockInfo> protectedBlocks = new ConcurrentHashMap<>();
  private final LongAdder vetoes = new LongAdder();
  private final LongAdder droppedPaths = new LongAdder();
  private final LongAdder hookFaults = new LongAdder();

  private PfimbiBlocks() {}

  public static PfimbiBlocks get() {
    return INSTANCE;
  }

  /**
   * The files noted since the last drain: by inode id with the path of their latest block allocation, and by path
   * alone where the id could not be resolved.
   */
  public record Writes(Map<Long, String> writtenAt, List<String> paths) {}

  /**
   * Installs how a path becomes an inode id ({@code -1} when it names no file); {@code null} uninstalls it.
   * The function must be safe to call without any namesystem lock held.
   */
  public void installInodeResolver(ToLongFunction<String> resolver) {
    inodeResolver = resolver;
  }

  void noteWrite(String src) {
    if (src == null) {
      return;
    }
    if (writtenInodes.size() + writtenPaths.size() >= MAX_NOTED_PATHS) {
      droppedPaths.increment();
      return;
    }
    ToLongFunction<String> resolver = inodeResolver;
    long inodeId = resolver == null ? -1 : resolver.applyAsLong(src);
    if (inodeId >= 0) {
      writtenInodes.put(inodeId, src);
    } else {
      writtenPaths.add(src);
    }
  }

  /** The files that allocated blocks since the last call. */
  public Writes drainWrites() {
    Map<Long, String> inodes = new LinkedHashMap<>(writtenInodes);
    inodes.forEach(writtenInodes::remove);
    List<String> paths = new ArrayList<>(writtenPaths);
    writtenPaths.removeAll(paths);
    return new Writes(inodes, paths);
  }

  /** Keeps {@code block}'s replicas from excess deletion until {@link #release}. */
  public void protect(BlockInfo block) {
    protectedBlocks.put(block.getBlockId(), block);
  }

  public void release(long blockId) {
    protectedBlocks.remove(blockId);
  }

  public boolean isProtected(long blockId) {
    return protectedBlocks.containsKey(blockId);
  }

  public int protectedCount() {
    return protectedBlocks.size();
  }

  /**
   * True when the storages offered for an excess decision are those of a protected block. HDFS's placement policy
   * is not told which block it decides for, only its replicas ({@code availableReplicas}, the block's storages less
   * excess, corrupt and out-of-service ones, so possibly fewer than the protected block holds) and its expected
   * replication; a protected block matches when it holds every offered storage and has that replication. The
   * replication check keeps an unrelated block of another replication whose replicas happen to sit on the same
   * storages from being vetoed (HDFS never retries a vetoed decision, so its excess copy would stay); one of the
   * same replication on a subset of the same storages still matches.
   */
  boolean isInBackgroundReplication(Collection<DatanodeStorageInfo> replicas, int expectedReplication) {
    if (protectedBlocks.isEmpty() || replicas.isEmpty()) {
      return false;
    }
    for (BlockInfo block : protectedBlocks.values()) {
      if (block.getReplication() == expectedReplication && holdsAll(block, replicas)) {
        return true;
      }
    }
    return false;
  }

  private static boolean holdsAll(BlockInfo block, Collection<DatanodeStorageInfo> replicas) {
    for (DatanodeStorageInfo storage : replicas) {
      if (block.findStorageInfo(storage) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the NameNode still waits for {@code storage}'s first full block report since it became active or the
   * storage was added ({@code areBlockContentsStale}); a failed storage never sends one and a PROVIDED one is the
   * NameNode's own view of external storage, so neither does. Here because a storage's state is package-private.
   */
  public static boolean awaitsBlockReport(DatanodeStorageInfo storage) {
    return storage.areBlockContentsStale() && storage.getState() != DatanodeStorage.State.FAILED
        && storage.getStorageType() != StorageType.PROVIDED;
  }

  void countHookFault() {
    hookFaults.increment();
  }

  /** Faults in the placement wrapper's hooks (the delegate's answer stood each time). */
  public long hookFaultCount() {
    return hookFaults.sum();
  }

  void countVeto() {
    vetoes.increment();
  }

  /** Excess deletions refused so far. */
  public long vetoCount() {
    return vetoes.sum();
  }

  /**
   * Files not remembered because {@link #MAX_NOTED_PATHS} were waiting: the coordinator's sweep of the marked
   * directories finds them later.
   */
  public long droppedPathCount() {
    return droppedPaths.sum();
  }

  /** Forgets everything: the coordinator stopped (a NameNode restarted in the same JVM starts clean). */
  public void clear() {
    writtenInodes.clear();
    writtenPaths.clear();
    protectedBlocks.clear();
    inodeResolver = null;
  }
}
