/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.pfimbi.faults.ClusterProbe.NodeActivity;
import io.replicakit.bench.results.Progress;
import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiPredicate;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * One stage of one run: writes the stage's Pfimbi files from the writer DataNode (so its synchronous copies are
 * all there and every other DataNode is only a background target), injects the stage's fault once the scheduled
 * number of files is closed and background copies are pending, waits a bounded time for every file of the run to
 * reach {@code n}, then checks them all. {@link #restore} undoes the fault for the next stage.
 */
final class StageRunner {

  /** Every file asks for three copies, one written synchronously, as the Pfimbi experiment's jobs do. */
  static final PfimbiSpec SPEC = new PfimbiSpec(3, 1, "faults", 1.0);
  private static final long POLL_MS = 25;
  private static final long RECOVERY_POLL_MS = 500;
  private static final int WRITE_CHUNK = 64 * 1024;

  private final Cluster cluster;
  private final ClusterProbe probe;
  private final List<WrittenFile> runFiles;
  private final FaultCampaign.Setup setup;
  private final int run;
  private final FaultStage stage;
  private final Progress progress;
  private final FaultSchedule schedule;
  private final String writer;
  private final List<String> killed = new ArrayList<>();
  private final List<String> filled = new ArrayList<>();
  private String fault = "";
  private long faultNanos;
  private CounterTally fallbacks;
  /** The writer's client; replaced after a NameNode restart. */
  private DistributedFileSystem fs;

  StageRunner(Cluster cluster, ClusterProbe probe, List<WrittenFile> runFiles, FaultCampaign.Setup setup,
      int run, FaultStage stage, Progress progress) {
    this.cluster = cluster;
    this.probe = probe;
    this.runFiles = runFiles;
    this.setup = setup;
    this.run = run;
    this.stage = stage;
    this.progress = progress;
    this.schedule = new FaultSchedule(setup.seed(), run, stage, FaultCampaign.FILES_PER_STAGE);
    this.writer = cluster.spec().dataNodes().get(0).name();
  }

  /** What was done so far (for a stage that throws). */
  String fault() {
    return fault;
  }

  StageOutcome run() throws Exception {
    fallbacks = new CounterTally(probe.fellBack());
    int firstOwnFile = runFiles.size();
    writeStage();
    double recoveryS = awaitRecovery();
    fallbacks.observe(probe.fellBack());
    List<FileState> states = checkAll();
    StageTally tally = StageTally.of(states);
    StageTally own = StageTally.of(states.subList(firstOwnFile, states.size()));
    progress.step("run %d %s: %d files checked: %d blocks lost, %d under-replicated (%d of this stage's %d), %d "
        + "read-back mismatches; recovery %.1f s; %d fallbacks", run, stage.id(), tally.files(), tally.blocksLost(),
        tally.underReplicatedFiles(), own.underReplicatedFiles(), own.files(), tally.readbackMismatches(), recoveryS,
        fallbacks.total());
    List<String> unhealthy = states.stream().filter(st -> !st.healthy()).map(FileState::describe).toList();
    return new StageOutcome(run, stage, tally, own, recoveryS, fallbacks.total(), fault, null, unhealthy);
  }

  private void writeStage() throws Exception {
    fs = cluster.fileSystem(ClientPlacement.onNode(writer));
    try {
      if (stage == FaultStage.RENAME) {
        writeAndRename();
      } else {
        writeWithFault();
      }
    } finally {
      fs.close();
    }
  }

  /** Every file of the run, in the order written: replication, live replicas, every byte read back. */
  private List<FileState> checkAll() throws IOException {
    List<FileState> states = new ArrayList<>();
    for (WrittenFile f : runFiles) {
      states.add(probe.check(f));
    }
    return states;
  }

  /** Brings killed DataNodes back and frees filled disks, so the next stage starts from the full cluster. */
  void restore() throws IOException {
    for (String node : filled) {
      cluster.clearDisks(node);
    }
    for (String node : killed) {
      cluster.restartDataNode(node);
    }
  }

  /**
   * Writes the files before the fault, then the rest while the fault is being injected, so background copies keep
   * coming while a victim is sought (copies of small blocks land within a second; a pause in the writes would leave
   * none pending). The NameNode restart comes between two files instead: a restart under an open stream would fail
   * the writer, which is not the fault under test.
   */
  private void writeWithFault() throws Exception {
    Path dir = markedDir(fs, stageDir());
    int before = schedule.faultAfterFile();
    for (int i = 0; i < before; i++) {
      runFiles.add(write(fs, new Path(dir, "part-" + i), i));
    }
    if (stage == FaultStage.NAMENODE_RESTART) {
      inject();
      runFiles.addAll(writeFiles(dir, before));
      return;
    }
    ExecutorService writer = Executors.newSingleThreadExecutor();
    AtomicBoolean injected = new AtomicBoolean();
    try {
      Future<List<WrittenFile>> rest = writer.submit(() -> writeUntilInjected(dir, before, injected));
      try {
        inject();
      } finally {
        injected.set(true);
        runFiles.addAll(rest.get());
      }
    } finally {
      writer.shutdownNow();
    }
  }

  /**
   * Files {@code from} to the last of the stage, then more (up to as many again) while the fault is not in yet: a
   * victim is a node with background copies pending, and copies of small blocks land within a second of the last
   * write, so a stage whose files were all written before a victim showed would never inject its fault.
   */
  private List<WrittenFile> writeUntilInjected(Path dir, int from, AtomicBoolean injected) throws IOException {
    List<WrittenFile> written = new ArrayList<>(writeFiles(dir, from));
    for (int i = FaultCampaign.FILES_PER_STAGE; i < 2 * FaultCampaign.FILES_PER_STAGE && !injected.get(); i++) {
      written.add(write(fs, new Path(dir, "part-" + i), i));
    }
    return written;
  }

  /** Files {@code from} to the last of the stage, in order. */
  private List<WrittenFile> writeFiles(Path dir, int from) throws IOException {
    List<WrittenFile> written = new ArrayList<>();
    for (int i = from; i < FaultCampaign.FILES_PER_STAGE; i++) {
      written.add(write(fs, new Path(dir, "part-" + i), i));
    }
    return written;
  }

  /**
   * A job's commit: each task writes under {@code out/_temporary/attempt_i/} and is committed right after its file
   * closes, alternately by renaming the file and the attempt directory into {@code out/}; the last file is moved out
   * of the marked tree altogether. The fault's clock starts at the first rename.
   */
  private void writeAndRename() throws Exception {
    Path out = markedDir(fs, stageDir() + "/out");
    Path unmarked = new Path(stageDir() + "-unmarked");
    fs.mkdirs(unmarked);
    int files = FaultCampaign.FILES_PER_STAGE;
    for (int i = 0; i < files; i++) {
      Path attempt = new Path(out, "_temporary/attempt_" + run + "_" + i);
      WrittenFile written = write(fs, new Path(attempt, "part-" + i), i);
      Path target = i == files - 1 ? new Path(unmarked, "part-" + i)
          : i % 2 == 0 ? new Path(out, "part-" + i) : new Path(out, "task_" + i);
      Path source = i % 2 == 1 && i != files - 1 ? attempt : new Path(written.path());
      startFaultClock();
      rename(fs, source, target);
      String now = source.equals(attempt) ? new Path(target, "part-" + i).toString() : target.toString();
      runFiles.add(written.movedTo(Path.getPathWithoutSchemeAndAuthority(new Path(now)).toString()));
      fault += (fault.isEmpty() ? "" : "; ") + "renamed " + source.getName() + " -> " + target;
    }
  }

  private static void rename(DistributedFileSystem fs, Path from, Path to) throws IOException {
    if (!fs.rename(from, to)) {
      throw new IOException("rename " + from + " -> " + to + " returned false");
    }
  }

  private void startFaultClock() {
    if (faultNanos == 0) {
      faultNanos = System.nanoTime();
    }
  }

  private String stageDir() {
    return FaultCampaign.BASE_DIR + "/run" + run + "/" + stage.id();
  }

  private static Path markedDir(DistributedFileSystem fs, String dir) throws IOException {
    Path path = new Path(dir);
    fs.mkdirs(path);
    PfimbiFiles.mark(fs, path, SPEC);
    return path;
  }

  /** Writes a file as a job under a marked directory does: replication {@code s}, nothing on the file itself. */
  private WrittenFile write(DistributedFileSystem fs, Path file, int index) throws IOException {
    long seed = schedule.fileSeed(index);
    long length = schedule.fileLength(index, FaultCampaign.BLOCKS_PER_FILE, FaultCampaign.BLOCK_BYTES);
    byte[] buf = new byte[WRITE_CHUNK];
    try (FSDataOutputStream out = fs.create(file, true, WRITE_CHUNK, (short) SPEC.synchronous(),
        FaultCampaign.BLOCK_BYTES)) {
      for (long pos = 0; pos < length; pos += buf.length) {
        int len = (int) Math.min(buf.length, length - pos);
        Content.fill(seed, pos, buf, len);
        out.write(buf, 0, len);
      }
    }
    return new WrittenFile(file.toUri().getPath(), seed, length, SPEC.replication(), FaultCampaign.BLOCK_BYTES);
  }

  private void inject() throws Exception {
    switch (stage) {
      case DATANODE_KILLED -> kill(awaitVictim((before, now) -> now.pending(), "pending background copies"));
      case TARGET_KILLED_MID_COPY -> kill(awaitVictim(StageRunner::copying,
          "a background copy being written to its disk"));
      case DISK_FULL -> fill(awaitVictim((before, now) -> now.pending(), "pending background copies"));
      case NAMENODE_RESTART -> restartNameNode();
      default -> throw new IllegalStateException("no injected fault for " + stage);
    }
  }

  /**
   * Mid-copy: the manager holds a block and the node's disk wrote since the previous poll. Only background copies
   * write there (the writer's synchronous copies all go to its own DataNode), so the write is the copy's.
   */
  private static boolean copying(NodeActivity before, NodeActivity now) {
    return now.heldBytes() > 0 && now.deviceWriteBytes() > before.deviceWriteBytes();
  }

  private void kill(String victim) throws IOException {
    startFaultClock();
    cluster.killDataNode(victim);
    killed.add(victim);
    fault = "killed " + victim;
    progress.step("run %d %s: killed %s", run, stage.id(), victim);
  }

  private void fill(String victim) throws IOException {
    startFaultClock();
    cluster.fillDisks(victim);
    filled.add(victim);
    fault = "filled the disks of " + victim;
    progress.step("run %d %s: filled the disks of %s", run, stage.id(), victim);
  }

  private void restartNameNode() throws Exception {
    long deadline = System.nanoTime() + FaultCampaign.VICTIM_WAIT.toNanos();
    while (probe.inProgress() <= 0 && probe.activity(backgroundNodes()).stream().noneMatch(NodeActivity::pending)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no background work pending within " + FaultCampaign.VICTIM_WAIT);
      }
      Thread.sleep(POLL_MS);
    }
    long tracked = probe.inProgress();
    fallbacks.observe(probe.fellBack());
    startFaultClock();
    cluster.restartNameNode(Map.of());
    reconnect();
    fallbacks.observe(probe.fellBack());
    fault = "restarted the NameNode with " + tracked + " files in progress";
    progress.step("run %d %s: %s", run, stage.id(), fault);
  }

  /**
   * Clients opened before a NameNode restart hold connections the old NameNode closed, and their next call fails
   * with an EOFException; a job's tasks would retry with new ones, and so does the campaign.
   */
  private void reconnect() throws IOException, InterruptedException {
    fs.close();
    fs = cluster.fileSystem(ClientPlacement.onNode(writer));
    ClusterProbe.settle(fs);
    probe.reconnect();
  }

  /**
   * Polls the background targets until one meets {@code test} (given its previous and current activity) and holds
   * the only replica of no block of the run; the seeded draw picks among those that do at the same poll.
   */
  private String awaitVictim(BiPredicate<NodeActivity, NodeActivity> test, String what) throws Exception {
    long deadline = System.nanoTime() + FaultCampaign.VICTIM_WAIT.toNanos();
    Map<String, NodeActivity> before = new HashMap<>();
    while (System.nanoTime() < deadline) {
      List<String> candidates = new ArrayList<>();
      for (NodeActivity now : probe.activity(backgroundNodes())) {
        NodeActivity prev = before.getOrDefault(now.node(), now);
        if (test.test(prev, now) && !probe.soleHolder(cluster.spec().dataNode(now.node()).address(), runFiles)) {
          candidates.add(now.node());
        }
        before.put(now.node(), now);
      }
      if (!candidates.isEmpty()) {
        return schedule.pick(candidates);
      }
      Thread.sleep(POLL_MS);
    }
    throw new IllegalStateException("no background target had " + what + " within " + FaultCampaign.VICTIM_WAIT);
  }

  /** DataNodes that are up, other than the writer: each holds only background copies of this stage's files. */
  private List<String> backgroundNodes() throws IOException {
    List<String> up = new ArrayList<>(cluster.liveDataNodes());
    up.remove(writer);
    return up;
  }

  /**
   * Polls until every file of the run is at its target, up to the wait limit after the fault; returns the seconds
   * from the fault, or the limit.
   */
  private double awaitRecovery() throws Exception {
    long deadline = faultNanos + setup.waitLimit().toNanos();
    while (System.nanoTime() < deadline) {
      if (allReplicated()) {
        return (System.nanoTime() - faultNanos) / 1e9;
      }
      Thread.sleep(RECOVERY_POLL_MS);
    }
    return setup.waitLimit().toMillis() / 1e3;
  }

  private boolean allReplicated() throws IOException {
    for (WrittenFile f : runFiles) {
      if (!probe.replication(f).replicated()) {
        return false;
      }
    }
    return true;
  }
}
