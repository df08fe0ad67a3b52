/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.pfimbi.faults.FileState.BlockState;
import io.replicakit.bench.results.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The campaign's pure parts: how a file is judged, how stages and runs add up, and what the seed fixes. */
class FaultTallyTest {

  private static final BlockState THREE = new BlockState(3, true);

  @Test
  void aFileAtItsTarget_countsNothing() {
    StageTally t = StageTally.of(List.of(new FileState("/a", 3, 3, List.of(THREE, THREE), true)));

    assertEquals(new StageTally(1, 0, 0, 0), t);
    assertEquals(0, t.problems());
  }

  @Test
  void namespaceBelowTarget_orOneShortBlock_isUnderReplicated() {
    FileState atOne = new FileState("/a", 3, 1, List.of(THREE), true);
    FileState shortBlock = new FileState("/b", 3, 3, List.of(THREE, new BlockState(2, true)), true);

    StageTally t = StageTally.of(List.of(atOne, shortBlock));

    assertEquals(2, t.underReplicatedFiles());
    assertEquals(0, t.blocksLost());
  }

  @Test
  void aBlockWithNoLiveReplica_orUnreadable_isLost_andNotAlsoAMismatch() {
    FileState noReplica = new FileState("/a", 3, 3, List.of(new BlockState(0, true), THREE), false);
    FileState unreadable = new FileState("/b", 3, 3, List.of(new BlockState(3, false)), false);

    StageTally t = StageTally.of(List.of(noReplica, unreadable));

    assertEquals(2, t.blocksLost());
    assertEquals(0, t.readbackMismatches());
    assertEquals(1, t.underReplicatedFiles(), "the file with a 0-replica block is short; the unreadable one is not");
  }

  @Test
  void aFileAtOneOfThree_isDescribedWithItsReplicas() {
    FileState atOne = new FileState("/out/part-1", 3, 1, List.of(new BlockState(1, true), new BlockState(0, false)),
        false);

    assertFalse(atOne.healthy());
    assertEquals("/out/part-1: replication 1/3, live replicas per block [1, 0 (unreadable)]", atOne.describe());
  }

  @Test
  void readableButDifferentBytes_isAMismatch() {
    StageTally t = StageTally.of(List.of(new FileState("/a", 3, 3, List.of(THREE), false)));

    assertEquals(1, t.readbackMismatches());
    assertEquals(1, t.problems());
  }

  @Test
  void aMissingFile_losesEveryBlock_andIsUnderReplicated() {
    StageTally t = StageTally.of(List.of(FileState.missing("/gone", 3, 3)));

    assertEquals(3, t.blocksLost());
    assertEquals(1, t.underReplicatedFiles());
  }

  @Test
  void counterTally_sumsAcrossARestartFromZero() {
    CounterTally c = new CounterTally(5);
    c.observe(7);
    c.observe(0);
    c.observe(2);

    assertEquals(4, c.total(), "2 before the restart, 2 after");
  }

  @Test
  void summary_sumsCountsOverRuns_keepsTheMaximum_andCountsStagesThatThrew() {
    List<StageOutcome> outcomes = List.of(
        new StageOutcome(1, FaultStage.RENAME, new StageTally(4, 0, 2, 0), new StageTally(2, 0, 1, 0), 120, 1,
            "renamed", null, List.of("/out/part-0: replication 1/3")),
        new StageOutcome(2, FaultStage.RENAME, new StageTally(4, 1, 3, 1), new StageTally(2, 0, 2, 0), 60, 0,
            "renamed", null, List.of("/out/part-0: replication 1/3")),
        StageOutcome.failed(3, FaultStage.RENAME, "", new IllegalStateException("boom")),
        new StageOutcome(1, FaultStage.DISK_FULL, new StageTally(4, 0, 0, 0), new StageTally(2, 0, 0, 0), 5, 1,
            "filled", null, List.of()));

    RunResult r = CampaignSummary.of(FaultStage.RENAME, outcomes, 3);

    assertEquals("rename", r.stage());
    assertEquals(3, r.repetitions());
    assertEquals(1, r.metric("blocks_lost_count"));
    assertEquals(5, r.metric("under_replicated_files_count"));
    assertEquals(3, r.metric("under_replicated_files_count_max"));
    assertEquals(1, r.metric("readback_mismatch_count"));
    assertEquals(90, r.metric("recovery_s"));
    assertEquals(120, r.metric("recovery_s_max"));
    assertEquals(8, r.metric("files_count"));
    assertEquals(1, r.metric("errors_count"));
    assertEquals(3, ((List<?>) r.detail().get("per_run")).size());
    assertEquals(2 + 5 + 1, CampaignSummary.problems(outcomes), "the counts of every run plus one stage that threw");
  }

  @Test
  void summary_ofAStageThatNeverGotChecked_hasNoMaximum() {
    RunResult r = CampaignSummary.of(FaultStage.DISK_FULL,
        List.of(StageOutcome.failed(1, FaultStage.DISK_FULL, "", new RuntimeException("x"))), 1);

    assertEquals(0, r.metric("blocks_lost_count"));
    assertTrue(Double.isNaN(r.metric("blocks_lost_count_max")));
    assertEquals(1, r.metric("errors_count"));
  }

  @Test
  void content_isTheSameWhateverTheChunking_andDiffersBetweenSeeds() {
    byte[] whole = new byte[100];
    Content.fill(42, 1000, whole, 100);
    byte[] first = new byte[37];
    byte[] rest = new byte[63];
    Content.fill(42, 1000, first, 37);
    Content.fill(42, 1037, rest, 63);
    byte[] joined = new byte[100];
    System.arraycopy(first, 0, joined, 0, 37);
    System.arraycopy(rest, 0, joined, 37, 63);

    assertArrayEquals(whole, joined);
    assertTrue(Content.matches(42, 1000, whole, 100));
    assertFalse(Content.matches(43, 1000, whole, 100));
    whole[50] ^= 1;
    assertFalse(Content.matches(42, 1000, whole, 100));
  }

  @Test
  void schedule_isFixedBySeedRunAndStage() {
    FaultSchedule a = new FaultSchedule(7, 1, FaultStage.DISK_FULL, 6);
    FaultSchedule b = new FaultSchedule(7, 1, FaultStage.DISK_FULL, 6);
    FaultSchedule otherRun = new FaultSchedule(7, 2, FaultStage.DISK_FULL, 6);

    assertEquals(a.faultAfterFile(), b.faultAfterFile());
    assertEquals(a.fileSeed(2), b.fileSeed(2));
    assertEquals(a.pick(List.of("dn05", "dn03", "dn04")), b.pick(List.of("dn03", "dn04", "dn05")));
    assertNotEquals(a.fileSeed(0), otherRun.fileSeed(0));
    assertTrue(a.faultAfterFile() >= 1 && a.faultAfterFile() <= 3, "within the first half of 6 files");
    long length = a.fileLength(0, 3, 1 << 20);
    assertTrue(length > 2 * (1 << 20) + (1 << 19) && length <= 3 * (1 << 20), "last block partial: " + length);
  }
}
