package io.replicakit.pfimbi.namenode;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.namenode.FileView.BlockView;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode side of Pfimbi (thesis §4.1, §4.4): for each file whose Pfimbi request asks for more copies than
 * it was written with, start the background pipeline of every finalized block, keep its replicas safe while the
 * copies land, raise the file to its full replication once they have, and hand the file to HDFS's own
 * re-replication when the background part fails.
 *
 * <p>Per block: targets come from the cluster's placement policy given the replicas the block has, the block is
 * protected from excess deletion (the file is still at its synchronous replication), and the first target's
 * Replication Manager is told the block is waiting (the rest of the pipeline travels with the notice, §4.7).
 *
 * <p>Per file, each scan: when the file is closed and every block has its copies, set its replication to
 * {@code n} and release the blocks. Fall back (set replication to {@code n} at once, release the blocks, and let
 * the NameNode re-replicate what is missing) when a block's pipeline cannot be started, when a target DataNode is
 * no longer alive, or when a block waits longer than the timeout. Either way no block ends below {@code n}, and a
 * copy that lands late is at worst an excess replica HDFS deletes normally.
 *
 * <p>Runs on one thread (the plugin's scan thread); only {@link #counters} may be called from others.
 */
public final class BackgroundCoordinator {

  private static final Logger LOG = LoggerFactory.getLogger(BackgroundCoordinator.class);

  /** Sends a notice to the Replication Manager at {@code ipAddr}; empty when accepted, else why not. */
  @FunctionalInterface
  public interface Notifier {
    Optional<String> notify(String ipAddr, BlockAvailable notice) throws IOException;
  }

  /** A block whose background pipeline was started. */
  private record Started(long atMs, List<String> targets) {}

  private static final class Tracked {
    final PfimbiSpec spec;
    final long sinceMs;
    final Map<Long, Started> started = new HashMap<>();

    Tracked(PfimbiSpec spec, long sinceMs) {
      this.spec = spec;
      this.sinceMs = sinceMs;
    }
  }

  /** Counts for monitoring. */
  public record Counters(long filesTracked, long blocksStarted, long filesCompleted, long filesFellBack,
      int filesInProgress) {}

  private final Namespace namespace;
  private final BlockService blocks;
  private final Notifier notifier;
  private final LongSupplier clockMs;
  private final long timeoutMs;
  private final Map<String, Tracked> files = new LinkedHashMap<>();
  private final List<String> candidates = new ArrayList<>();
  private final AtomicLong filesTracked = new AtomicLong();
  private final AtomicLong blocksStarted = new AtomicLong();
  private final AtomicLong filesCompleted = new AtomicLong();
  private final AtomicLong filesFellBack = new AtomicLong();
  private volatile int inProgress;

  public BackgroundCoordinator(Namespace namespace, BlockService blocks, Notifier notifier, LongSupplier clockMs,
      long timeoutMs) {
    this.namespace = namespace;
    this.blocks = blocks;
    this.notifier = notifier;
    this.clockMs = clockMs;
    this.timeoutMs = timeoutMs;
  }

  /** Files that allocated blocks since the last scan: the candidates for Pfimbi. */
  public void noteWritten(Collection<String> paths) {
    candidates.addAll(paths);
  }

  /** One round: admit new Pfimbi files, then advance every tracked one. */
  public void scan() {
    if (!blocks.isActive()) {
      return;
    }
    admitCandidates();
    for (String path : new ArrayList<>(files.keySet())) {
      try {
        advance(path, files.get(path));
      } catch (IOException e) {
        LOG.warn("Pfimbi: cannot look at {} this round: {}", path, e.toString());
      }
    }
    inProgress = files.size();
  }

  private void admitCandidates() {
    List<String> paths = new ArrayList<>(candidates);
    candidates.clear();
    for (String path : paths) {
      if (files.containsKey(path)) {
        continue;
      }
      try {
        Optional<FileView> file = namespace.file(path);
        if (file.isPresent() && file.get().wantsBackgroundCopies()) {
          files.put(path, new Tracked(file.get().spec().orElseThrow(), clockMs.getAsLong()));
          filesTracked.incrementAndGet();
        }
      } catch (IOException e) {
        LOG.warn("Pfimbi: cannot read {}; it is written as in HDFS: {}", path, e.toString());
      }
    }
  }

  private void advance(String path, Tracked tracked) throws IOException {
    Optional<FileView> found = namespace.file(path);
    if (found.isEmpty() || !found.get().wantsBackgroundCopies()) {
      forget(path, tracked); // deleted, renamed, or its replication was raised by someone else
      return;
    }
    FileView file = found.get();
    for (BlockView block : file.blocks()) {
      if (!tracked.started.containsKey(block.blockId()) && !start(file, tracked, block)) {
        fallBack(path, tracked, "the background pipeline of block " + block.blockId() + " could not start");
        return;
      }
    }
    Optional<String> failure = failure(tracked);
    boolean unstarted = file.blocks().stream().anyMatch(b -> !tracked.started.containsKey(b.blockId()));
    if (failure.isEmpty() && unstarted && !file.underConstruction()
        && clockMs.getAsLong() - tracked.sinceMs > timeoutMs) {
      failure = Optional.of("a block had no reported replica to copy from for " + timeoutMs + " ms");
    }
    if (failure.isPresent()) {
      fallBack(path, tracked, failure.get());
    } else if (!file.underConstruction() && allCopiesLanded(file, tracked.spec.replication())) {
      raise(path, tracked);
      filesCompleted.incrementAndGet();
    }
  }

  /** Starts the block's pipeline; false when it cannot (no source, too few targets, notice refused). */
  private boolean start(FileView file, Tracked tracked, BlockView block) {
    int have = blocks.liveReplicas(block.blockId());
    int missing = tracked.spec.replication() - have;
    if (missing <= 0) {
      tracked.started.put(block.blockId(), new Started(clockMs.getAsLong(), List.of()));
      return true;
    }
    Optional<NodeRef> source = block.holders().isEmpty()
        ? Optional.empty() : blocks.holder(block.blockId(), block.holders().get(0));
    if (source.isEmpty()) {
      return true; // not reported by a DataNode yet: try again next round
    }
    List<NodeRef> targets = blocks.chooseTargets(file.path(), block.blockId(), missing, file.storagePolicyId());
    if (targets.size() < missing) {
      return false;
    }
    blocks.protect(block.blockId());
    tracked.started.put(block.blockId(), new Started(clockMs.getAsLong(),
        targets.stream().map(NodeRef::datanodeUuid).toList()));
    BlockAvailable notice = new BlockAvailable(blocks.blockPoolId(), block.blockId(), block.generationStamp(),
        block.numBytes(), source.get(), tracked.spec.flow(), tracked.spec.weight(), have + 1,
        targets.get(0).storageType(), targets.subList(1, targets.size()));
    try {
      Optional<String> refused = notifier.notify(targets.get(0).ipAddr(), notice);
      if (refused.isPresent()) {
        LOG.warn("Pfimbi: {} refused block {}: {}", targets.get(0), block.blockId(), refused.get());
        return false;
      }
      blocksStarted.incrementAndGet();
      return true;
    } catch (IOException e) {
      LOG.warn("Pfimbi: cannot reach the Replication Manager of {}: {}", targets.get(0), e.toString());
      return false;
    }
  }

  /** Why the file's background part has failed, if it has: a target gone, or a block waiting too long. */
  private Optional<String> failure(Tracked tracked) {
    long now = clockMs.getAsLong();
    for (Map.Entry<Long, Started> e : tracked.started.entrySet()) {
      Started s = e.getValue();
      if (s.targets().isEmpty() || blocks.liveReplicas(e.getKey()) >= tracked.spec.replication()) {
        continue;
      }
      for (String target : s.targets()) {
        if (!blocks.isAlive(target)) {
          return Optional.of("target DataNode " + target + " of block " + e.getKey() + " is no longer alive");
        }
      }
      if (now - s.atMs() > timeoutMs) {
        return Optional.of("block " + e.getKey() + " waited more than " + timeoutMs + " ms for its copies");
      }
    }
    return Optional.empty();
  }

  private boolean allCopiesLanded(FileView file, int replication) {
    for (BlockView block : file.blocks()) {
      if (blocks.liveReplicas(block.blockId()) < replication) {
        return false;
      }
    }
    return true;
  }

  private void fallBack(String path, Tracked tracked, String why) throws IOException {
    LOG.warn("Pfimbi: {} falls back to HDFS re-replication: {}", path, why);
    raise(path, tracked);
    filesFellBack.incrementAndGet();
  }

  /** Sets the file to its full replication, then releases its blocks: never the other way round. */
  private void raise(String path, Tracked tracked) throws IOException {
    namespace.setReplication(path, (short) tracked.spec.replication());
    forget(path, tracked);
  }

  private void forget(String path, Tracked tracked) {
    tracked.started.keySet().forEach(blocks::release);
    files.remove(path);
  }

  /** Releases everything (the plugin stops): the files keep their replication as it is. */
  public void clear() {
    new ArrayList<>(files.keySet()).forEach(path -> forget(path, files.get(path)));
    candidates.clear();
    inProgress = 0;
  }

  public Counters counters() {
    return new Counters(filesTracked.get(), blocksStarted.get(), filesCompleted.get(), filesFellBack.get(),
        inProgress);
  }
}
