package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the placement wrapper and the Pfimbi coordinator share inside one NameNode: the files that allocated
 * blocks since the coordinator last looked, and the blocks whose replicas must not be deleted as excess because
 * their background copies are still landing.
 *
 * <p>Process-wide, because HDFS builds the placement policy by reflection (twice per start) while the coordinator
 * is a NameNode plugin; neither can hand the other a reference. A protected block is identified by its stored
 * {@link BlockInfo}: {@code chooseReplicasToDelete} is not told the block, only its replicas' storages, and a
 * block is taken to be the protected one when every storage offered holds that block.
 */
public final class PfimbiBlocks {

  private static final PfimbiBlocks INSTANCE = new PfimbiBlocks();

  /** Cap on remembered paths between two coordinator scans: a flood of writes cannot grow the NameNode's heap. */
  static final int MAX_NOTED_PATHS = 100_000;

  private final Set<String> written = ConcurrentHashMap.newKeySet();
  private final Map<Long, BlockInfo> protectedBlocks = new ConcurrentHashMap<>();
  private final LongAdder vetoes = new LongAdder();
  private final LongAdder droppedPaths = new LongAdder();

  private PfimbiBlocks() {}

  public static PfimbiBlocks get() {
    return INSTANCE;
  }

  void noteWrite(String src) {
    if (src == null) {
      return;
    }
    if (written.size() < MAX_NOTED_PATHS) {
      written.add(src);
    } else {
      droppedPaths.increment();
    }
  }

  /** The paths that allocated blocks since the last call. */
  public List<String> drainWrites() {
    List<String> paths = new ArrayList<>(written);
    written.removeAll(paths);
    return paths;
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

  /** True when the storages offered for an excess decision are those of a protected block. */
  boolean isInBackgroundReplication(Collection<DatanodeStorageInfo> replicas) {
    if (protectedBlocks.isEmpty() || replicas.isEmpty()) {
      return false;
    }
    for (BlockInfo block : protectedBlocks.values()) {
      if (holdsAll(block, replicas)) {
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

  void countVeto() {
    vetoes.increment();
  }

  /** Excess deletions refused so far. */
  public long vetoCount() {
    return vetoes.sum();
  }

  /** Paths not remembered because {@link #MAX_NOTED_PATHS} were waiting. */
  public long droppedPathCount() {
    return droppedPaths.sum();
  }

  /** Forgets everything: the coordinator stopped (a NameNode restarted in the same JVM starts clean). */
  public void clear() {
    written.clear();
    protectedBlocks.clear();
  }
}
