/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.CoordinationSettings;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.coordinator.FileView.BlockView;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.FailureReport;
import io.replicakit.pfimbi.rpc.ManagerAnswer;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
 * no longer alive or reports that it failed to write its copy, or when a block waits longer than the timeout.
 * Either way no block ends below {@code n}, and a copy that lands late is at worst an excess replica.
 *
 * <p>Files are followed by inode id, so a renamed file keeps its request and ends at {@code n} wherever it was
 * moved. A file's request is that of where it is, else that of where it was written (a job may move its output out
 * of the marked directory before the first scan sees it); a file that is tracked where no request governs it gets
 * the request as its own attribute, so that a sweep after a restart still finds it. What the coordinator holds
 * lives in memory only; a {@link MarkedTreeSweep} of the marked directories rebuilds it whenever this NameNode
 * becomes active (start, restart, failover) and repeats on a period, so that no file stays below its target
 * unseen.
 *
 * <p>Runs on one thread (the plugin's scan thread); only {@link #counters} may be called from others.
 */
public final class BackgroundCoordinator {

  static final int REFUSED_KEPT = 100_000;
  private static final Logger LOG = LoggerFactory.getLogger(BackgroundCoordinator.class);

  /** How often the Replication Managers with copies in flight are asked which copies they failed to write. */
  static final long FAILURE_POLL_INTERVAL_MS = FailureReports.POLL_INTERVAL_MS;

  /** The Replication Managers' RPC, as the coordinator uses it. */
  public interface ReplicationManagers {

    /** Sends a notice to the Replication Manager at {@code ipAddr}: accepted or why not, and who answered. */
    ManagerAnswer notify(String ipAddr, BlockAvailable notice) throws IOException;

    /**
     * The blocks of pool {@code blockPoolId} whose background copy the Replication Manager at {@code ipAddr}
     * recently failed, with why, and who answered.
     */
    FailureReport recentFailures(String ipAddr, String blockPoolId) throws IOException;
  }

  private final Namespace namespace;
  private final BlockService blocks;
  private final ReplicationManagers managers;
  private final FailureReports failureReports;
  private final ManagerIncarnations incarnations = new ManagerIncarnations();
  private final LongSupplier clockMs;
  private final CoordinationSettings settings;
  private final Map<Long, Tracked> files = new LinkedHashMap<>();
  /**
   * Files whose raise a quota refused, by inode id: neither a sweep nor a new block tracks them again while this
   * coordinator runs (each time would copy the file once more only to have the copies deleted as excess). The
   * operator's lever is {@code pfimbi-check --repair} once the quota allows. At most {@link #REFUSED_KEPT}, oldest
   * forgotten first (such a file is then tracked and refused once more).
   */
  private final Map<Long, Boolean> refused = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
      return size() > REFUSED_KEPT;
    }
  };
  private final Candidates candidates = new Candidates();
  private final SweepSchedule sweep;
  private final CoordinatorCounters counters = new CoordinatorCounters();
  private final FaultLog faults = new FaultLog(LOG);
  private final BlockReportWait reportWait;
  private boolean wasActive;
  /** The background copies waiting on each DataNode, as of this round's start plus the blocks it started. */
  private PendingCopies pending = new PendingCopies();

  public BackgroundCoordinator(Namespace namespace, BlockService blocks, ReplicationManagers managers,
      TreeListing listing, LongSupplier clockMs, CoordinationSettings settings) {
    this.namespace = namespace;
    this.blocks = blocks;
    this.managers = managers;
    this.failureReports = new FailureReports(managers, blocks::blockPoolId, incarnations);
    this.clockMs = clockMs;
    this.settings = settings;
    this.sweep = new SweepSchedule(new MarkedTreeSweep(listing), namespace, settings, counters);
    this.reportWait = new BlockReportWait(settings.blockReportWaitMs());
  }

  /**
   * Files that allocated blocks since the last scan, by inode id, with the path of the allocation: the candidates
   * for Pfimbi.
   */
  public void noteWritten(Map<Long, String> writtenAt) {
    candidates.note(writtenAt);
  }

  /** Files that allocated blocks since the last scan whose inode id could not be resolved then. */
  public void noteWrittenPaths(Collection<String> paths) {
    candidates.notePaths(paths);
  }

  /**
   * One round: admit new Pfimbi files, advance every tracked one, and walk a slice of the marked directories.
   * A standby NameNode forgets everything (the active one is in charge); one that becomes active starts a sweep.
   * Nothing is decided in safe mode, nor while a live DataNode has not reported its blocks ({@link BlockReportWait},
   * bounded): replica counts are incomplete until then.
   */
  public void scan() {
    boolean active = blocks.isActive();
    if (!active) {
      if (wasActive) {
        LOG.info("Pfimbi: this NameNode is no longer active; the active one takes over the files in flight");
        clear();
      }
      wasActive = false;
      reportWait.reset();
      return;
    }
    if (blocks.inSafeMode() || waitsForBlockReports()) {
      return;
    }
    if (!wasActive) {
      wasActive = true;
      sweep.startNow(clockMs.getAsLong());
    }
    admitCandidates();
    failureReports.poll(clockMs.getAsLong(), this::targetsInFlight);
    pending = PendingCopies.of(files.values(), blocks::liveReplicas);
    for (Long inodeId : new ArrayList<>(files.keySet())) {
      Tracked tracked = files.get(inodeId);
      try {
        advance(inodeId, tracked);
      } catch (IOException | RuntimeException e) {
        // One file's trouble never holds up the others, nor the sweep.
        faults.warn("advance", "Pfimbi: cannot look at {} this round: {}", tracked.path, e.toString());
      }
    }
    sweepSlice();
    counters.filesInProgress(files.size());
  }

  /** Whether this round waits for DataNodes' block reports ({@link BlockReportWait}); logs and counts the wait. */
  private boolean waitsForBlockReports() {
    int unreported = blocks.unreportedStorages();
    switch (reportWait.round(unreported, clockMs.getAsLong())) {
      case WAIT_STARTS -> {
        LOG.info("Pfimbi: {} storage(s) of live DataNodes have not sent this NameNode their block report; no copy "
            + "starts and no file falls back until they have, for at most {} ms", unreported,
            settings.blockReportWaitMs());
        counters.heldForBlockReports();
        return true;
      }
      case WAIT -> {
        counters.heldForBlockReports();
        return true;
      }
      case GIVE_UP -> {
        LOG.warn("Pfimbi: {} storage(s) of live DataNodes still have not sent their block report after {} ms; "
            + "replicating without them (a copy or re-replication sent to one of them may fail if it already "
            + "holds the block)", unreported, settings.blockReportWaitMs());
        counters.blockReportWaitExpired();
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  private void admitCandidates() {
    candidates.drain(namespace, faults).forEach((inodeId, writtenAt) -> {
      if (!files.containsKey(inodeId) && !refused.containsKey(inodeId)) {
        try {
          admit(inodeId, writtenAt);
        } catch (IOException e) {
          faults.warn("admit", "Pfimbi: cannot read inode {}; the sweep will find it: {}", inodeId, e.toString());
        }
      }
    });
  }

  private void admit(long inodeId, String writtenAt) throws IOException {
    Optional<FileView> file = namespace.file(inodeId, false);
    if (file.isEmpty()) {
      return;
    }
    String path = file.get().path();
    Optional<PfimbiSpec> here = namespace.spec(path);
    Optional<PfimbiSpec> spec = here.isPresent() || path.equals(writtenAt) ? here : namespace.spec(writtenAt);
    if (spec.isPresent() && spec.get().replication() > file.get().replication()) {
      if (beyondMax(inodeId, path, spec.get())) {
        return;
      }
      if (full()) {
        handOver(inodeId, path, spec.get());
        return;
      }
      Tracked tracked = track(inodeId, path, spec.get());
      if (here.isEmpty()) {
        carryRequest(inodeId, tracked);
      }
    }
  }

  /**
   * Whether the request asks for more replicas than the NameNode allows ({@code dfs.replication.max}): the raise
   * would be refused every time, so no copy is made for it; remembered as refused, the file keeps what it has.
   */
  private boolean beyondMax(long inodeId, String path, PfimbiSpec spec) {
    if (spec.replication() <= namespace.maxReplication()) {
      return false;
    }
    LOG.error("Pfimbi: {} stays at its written replication; its request of {} replicas exceeds the NameNode's "
        + "dfs.replication.max of {}", path, spec.replication(), namespace.maxReplication());
    counters.refused();
    refused.put(inodeId, Boolean.TRUE);
    return true;
  }

  /** Whether the coordinator follows as many files as it may ({@code max.tracked.files}). */
  private boolean full() {
    return files.size() >= settings.maxTrackedFiles();
  }

  /**
   * Raises a file the coordinator cannot follow to its target at once: HDFS replicates it (no flow control, but
   * nothing left below target, and no round cost). A refusal for good is remembered as for a tracked file; any
   * other failure leaves the file to the next sweep.
   */
  private void handOver(long inodeId, String path, PfimbiSpec spec) {
    faults.warn("full", "Pfimbi: {} files are being replicated in the background ({}); {} is raised to {} at once "
        + "and replicated by HDFS", files.size(), PfimbiConfig.MAX_TRACKED_KEY, path, spec.replication());
    try {
      namespace.setReplication(inodeId, (short) spec.replication());
      counters.fellBack();
    } catch (Namespace.Refused e) {
      LOG.error("Pfimbi: {} stays at its written replication; the NameNode refuses {}: {}", path,
          spec.replication(), e.getMessage());
      counters.refused();
      refused.put(inodeId, Boolean.TRUE);
    } catch (IOException e) {
      faults.warn("handover", "Pfimbi: cannot raise {}; the sweep will find it: {}", path, e.toString());
    }
  }

  private Tracked track(long inodeId, String path, PfimbiSpec spec) {
    Tracked tracked = new Tracked(spec, path, clockMs.getAsLong());
    files.put(inodeId, tracked);
    counters.tracked();
    return tracked;
  }

  /**
   * Follows a tracked file to its current path. Moved where no request governs it (a job's commit out of the
   * marked tree), it gets its request as its own attribute: the coordinator's state lives in memory, and the sweep
   * that rebuilds it after a restart or failover reads requests from the namespace.
   */
  private void follow(long inodeId, Tracked tracked, String path) throws IOException {
    if (path.equals(tracked.path) && !tracked.requestOwed) {
      return;
    }
    tracked.path = path;
    if (!tracked.carriesRequest && namespace.spec(path).isEmpty()) {
      carryRequest(inodeId, tracked);
    } else {
      tracked.requestOwed = false; // moved back under a request, or carries its own
    }
  }

  /**
   * Attaches the file's request to it; a failed attach (the NameNode's call on itself timed out, a failover, the
   * inode's extended attributes full) is tried again every round until it succeeds or the file is done: without
   * it a restart before the raise leaves the file below its target where no sweep looks.
   */
  private void carryRequest(long inodeId, Tracked tracked) {
    try {
      namespace.attachRequest(inodeId, tracked.spec);
      tracked.carriesRequest = true;
      tracked.requestOwed = false;
    } catch (IOException e) {
      tracked.requestOwed = true;
      faults.warn("attach", "Pfimbi: cannot attach its request to {} (moved out of its marked directory; it is "
          + "still replicated, but a NameNode restart before it is raised would leave it below target): {}",
          tracked.path, e.toString());
    }
  }

  private void sweepSlice() {
    try {
      for (MarkedTreeSweep.Found f : sweep.step(clockMs.getAsLong())) {
        if (!files.containsKey(f.inodeId()) && !refused.containsKey(f.inodeId())) {
          if (beyondMax(f.inodeId(), f.path(), f.spec())) {
            continue;
          }
          faults.warn("recovered", "Pfimbi: {} is at replication {} below its target {} and was not being "
              + "replicated (NameNode restart, failover or a missed write); replicating it now",
              f.path(), f.replication(), f.spec().replication());
          if (full()) {
            handOver(f.inodeId(), f.path(), f.spec());
            continue;
          }
          track(f.inodeId(), f.path(), f.spec());
          counters.recovered();
        }
      }
    } catch (IOException e) {
      faults.warn("sweep", "Pfimbi: the sweep of the marked directories failed this round: {}", e.toString());
    }
  }

  private Collection<String> targetsInFlight() {
    Set<String> ips = new LinkedHashSet<>();
    for (Tracked t : files.values()) {
      for (Tracked.Started s : t.started.values()) {
        s.targets().forEach(target -> ips.add(target.ipAddr()));
      }
    }
    return ips;
  }

  private void advance(long inodeId, Tracked tracked) throws IOException {
    Optional<FileView> found = namespace.file(inodeId, true);
    if (found.isEmpty()) {
      forget(inodeId, tracked); // deleted
      return;
    }
    FileView file = found.get();
    follow(inodeId, tracked, file.path());
    if (file.replication() >= tracked.spec.replication()) {
      forget(inodeId, tracked); // raised by someone else
      return;
    }
    restartBlocksThatLostCopies(tracked);
    for (BlockView block : file.blocks()) {
      if (!tracked.started.containsKey(block.blockId()) && !start(file, tracked, block)) {
        fallBack(inodeId, tracked, "the background pipeline of block " + block.blockId() + " could not start");
        return;
      }
    }
    Optional<String> failure = failure(tracked).or(() -> neverReported(file, tracked));
    if (failure.isPresent()) {
      fallBack(inodeId, tracked, failure.get());
    } else if (!file.underConstruction() && allCopiesLanded(file, tracked.spec.replication())) {
      if (raise(inodeId, tracked)) {
        counters.completed();
      }
    }
  }

  /**
   * A block that had its copies when it was admitted but lost some since is released and started again (its
   * start protects it anew; released here, so that a block whose restart has to wait for a reported holder is
   * never left protected by a file that no longer lists it as started).
   */
  private void restartBlocksThatLostCopies(Tracked tracked) {
    tracked.started.entrySet().removeIf(e -> {
      boolean lost = e.getValue().targets().isEmpty()
          && blocks.liveReplicas(e.getKey()) < tracked.spec.replication();
      if (lost) {
        blocks.release(e.getKey());
      }
      return lost;
    });
  }

  /** A closed file with a block no DataNode reported within the timeout: its copies cannot start. */
  private Optional<String> neverReported(FileView file, Tracked tracked) {
    boolean unstarted = file.blocks().stream().anyMatch(b -> !tracked.started.containsKey(b.blockId()));
    if (unstarted && !file.underConstruction()
        && clockMs.getAsLong() - tracked.sinceMs > settings.backgroundTimeoutMs()) {
      return Optional.of("a block had no reported replica to copy from for " + settings.backgroundTimeoutMs()
          + " ms");
    }
    return Optional.empty();
  }

  /** Starts the block's pipeline; false when it cannot (no source, too few targets, notice refused). */
  private boolean start(FileView file, Tracked tracked, BlockView block) {
    int have = blocks.liveReplicas(block.blockId());
    int missing = tracked.spec.replication() - have;
    if (missing <= 0) {
      blocks.protect(block.blockId()); // keep the copies it has until the file is raised
      tracked.started.put(block.blockId(), new Tracked.Started(clockMs.getAsLong(), List.of(), block.numBytes(),
          incarnations.mark()));
      return true;
    }
    Optional<NodeRef> source = block.holders().isEmpty()
        ? Optional.empty() : blocks.holder(block.blockId(), block.holders().get(0));
    if (source.isEmpty()) {
      return true; // not reported by a DataNode yet: try again next round
    }
    List<NodeRef> targets = chooseTargets(file, block, missing);
    if (targets.isEmpty()) {
      return false;
    }
    blocks.protect(block.blockId());
    Tracked.Started started = new Tracked.Started(clockMs.getAsLong(), List.copyOf(targets), block.numBytes(),
        incarnations.mark());
    tracked.started.put(block.blockId(), started); // released by a fall-back even if the notice fails
    if (!notifyFirst(block, tracked.spec, have, source.get(), targets)) {
      return false;
    }
    // after the answer: a restart it revealed came before this block was handed out
    tracked.started.put(block.blockId(), new Tracked.Started(started.atMs(), started.targets(), started.bytes(),
        incarnations.mark()));
    pending.add(targets, block.numBytes());
    return true;
  }

  /**
   * {@code missing} targets for the block: of {@link CoordinationSettings#placementChoices} answers of the
   * placement policy, the one whose targets have the fewest background bytes waiting ({@link PendingCopies});
   * empty when no answer has enough targets.
   */
  private List<NodeRef> chooseTargets(FileView file, BlockView block, int missing) {
    List<List<NodeRef>> candidates = new ArrayList<>();
    for (int i = 0; i < settings.placementChoices(); i++) {
      List<NodeRef> c = blocks.chooseTargets(file.path(), block.blockId(), missing, file.storagePolicyId());
      if (c.size() >= missing) {
        candidates.add(c);
      }
    }
    return candidates.isEmpty() ? List.of() : pending.lightest(candidates);
  }

  private boolean notifyFirst(BlockView block, PfimbiSpec spec, int have, NodeRef source, List<NodeRef> targets) {
    BlockAvailable notice = new BlockAvailable(blocks.blockPoolId(), block.blockId(), block.generationStamp(),
        block.numBytes(), source, spec.flow(), spec.weight(), have + 1, targets.get(0).storageType(),
        targets.subList(1, targets.size()));
    try {
      ManagerAnswer answer = managers.notify(targets.get(0).ipAddr(), notice);
      incarnations.answered(targets.get(0).ipAddr(), answer.incarnation());
      Optional<String> refused = answer.refusal();
      if (refused.isPresent()) {
        LOG.warn("Pfimbi: {} refused block {}: {}", targets.get(0), block.blockId(), refused.get());
        return false;
      }
      counters.blockStarted();
      return true;
    } catch (IOException e) {
      LOG.warn("Pfimbi: cannot reach the Replication Manager of {}: {}", targets.get(0), e.toString());
      return false;
    }
  }

  /** Why the file's background part has failed, if it has: a target gone or failed, or a block waiting too long. */
  private Optional<String> failure(Tracked tracked) {
    long now = clockMs.getAsLong();
    for (Map.Entry<Long, Tracked.Started> e : tracked.started.entrySet()) {
      Tracked.Started s = e.getValue();
      if (s.targets().isEmpty() || blocks.liveReplicas(e.getKey()) >= tracked.spec.replication()) {
        continue;
      }
      String reported = failureReports.failure(e.getKey());
      if (reported != null) {
        return Optional.of("a target failed the copy of block " + e.getKey() + ": " + reported);
      }
      for (NodeRef target : s.targets()) {
        if (!blocks.isAlive(target.datanodeUuid())) {
          return Optional.of("target DataNode " + target.datanodeUuid() + " of block " + e.getKey()
              + " is no longer alive");
        }
        if (incarnations.replacedSince(target.ipAddr(), s.handedOut())) {
          return Optional.of("target DataNode " + target.datanodeUuid() + " of block " + e.getKey()
              + " restarted after the block was handed out: what its previous process had accepted is gone");
        }
      }
      if (now - s.atMs() > settings.backgroundTimeoutMs()) {
        return Optional.of("block " + e.getKey() + " waited more than " + settings.backgroundTimeoutMs()
            + " ms for its copies");
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

  private void fallBack(long inodeId, Tracked tracked, String why) throws IOException {
    LOG.warn("Pfimbi: {} falls back to HDFS re-replication: {}", tracked.path, why);
    if (raise(inodeId, tracked)) {
      counters.fellBack();
    }
  }

  /**
   * Sets the file to its full replication, then releases its blocks (never the other way round), then has the
   * NameNode recheck them, so that a copy kept by the veto beyond {@code n} is deleted as excess.
   *
   * @return false if the NameNode refused the raise for good (the file is forgotten all the same)
   */
  private boolean raise(long inodeId, Tracked tracked) throws IOException {
    boolean raised = true;
    try {
      if (belowTarget(inodeId, tracked)) {
        namespace.setReplication(inodeId, (short) tracked.spec.replication());
      }
    } catch (Namespace.Refused e) {
      raised = false;
      // A space quota that holds s replicas but not n: no round would ever succeed, and the fallback raises the
      // same way. The file keeps the replication it has; its blocks are released, so that copies made beyond it
      // are deleted as excess rather than kept past what the quota pays for.
      LOG.error("Pfimbi: {} stays at its written replication; the NameNode refuses {}: {}", tracked.path,
          tracked.spec.replication(), e.getMessage());
      counters.refused();
      refused.put(inodeId, Boolean.TRUE);
    }
    List<Long> released = List.copyOf(tracked.started.keySet());
    forget(inodeId, tracked);
    if (!released.isEmpty()) {
      blocks.recheck(released);
    }
    return raised;
  }

  /**
   * Whether the file is still below its target, read just before the raise: the round read it earlier, and a
   * notice can take seconds meanwhile; a user's {@code setrep} above the target in between must not be lowered.
   * A file gone meanwhile needs no raise.
   */
  private boolean belowTarget(long inodeId, Tracked tracked) throws IOException {
    Optional<FileView> now = namespace.file(inodeId, false);
    return now.isPresent() && now.get().replication() < tracked.spec.replication();
  }

  private void forget(long inodeId, Tracked tracked) {
    tracked.started.keySet().forEach(blocks::release);
    files.remove(inodeId);
  }

  /** Releases everything (the plugin stops, or this NameNode is no longer active). */
  public void clear() {
    new ArrayList<>(files.keySet()).forEach(id -> forget(id, files.get(id)));
    candidates.clear();
    failureReports.clear();
    counters.filesInProgress(0);
  }

  public CoordinatorCounters.Snapshot counters() {
    return counters.snapshot();
  }
}
