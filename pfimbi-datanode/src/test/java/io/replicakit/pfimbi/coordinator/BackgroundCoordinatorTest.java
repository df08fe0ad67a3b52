/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.coordinator.FileView.BlockView;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.FailureReport;
import io.replicakit.pfimbi.rpc.ManagerAnswer;
import io.replicakit.pfimbi.rpc.NodeRef;
import io.replicakit.pfimbi.config.CoordinationSettings;
import io.replicakit.pfimbi.config.SweepSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The coordinator against in-memory fakes of the namespace, the block manager and the Replication Managers' RPC,
 * with a manual clock. Every fake writes to one shared {@link #log}, so the order of protect / notify /
 * setReplication / release across them can be asserted.
 */
class BackgroundCoordinatorTest {

  private static final String PATH = "/job/part-0";
  private static final int SWEEP_ENTRIES = 3;
  private static final long TIMEOUT_MS = 60_000;
  private static final long REPORT_WAIT_MS = 30_000;
  private static final PfimbiSpec SPEC = new PfimbiSpec(3, 1, "job1", 2.0);

  private static final NodeRef DN1 = node("dn1", "DISK");
  private static final NodeRef DN2 = node("dn2", "SSD");
  private static final NodeRef DN3 = node("dn3", "DISK");
  private static final NodeRef DN4 = node("dn4", "ARCHIVE");
  private static final NodeRef DN5 = node("dn5", "DISK");

  private final List<String> log = new ArrayList<>();
  private final FakeNamespace namespace = new FakeNamespace();
  private final FakeBlocks blocks = new FakeBlocks();
  private final FakeNotifier notifier = new FakeNotifier();
  private long nowMs = 1_000_000;
  private BackgroundCoordinator coordinator;
  private int maxTracked = 10_000;

  @BeforeEach
  void setUp() {
    coordinator = coordinator(0);
    blocks.targets.addAll(List.of(DN2, DN3, DN4));
  }

  private BackgroundCoordinator coordinator(long sweepIntervalMs) {
    return coordinator(sweepIntervalMs, 1);
  }

  private BackgroundCoordinator coordinator(long sweepIntervalMs, int placementChoices) {
    CoordinationSettings settings = new CoordinationSettings(new InetSocketAddress("localhost", 9875), 500,
        TIMEOUT_MS, REPORT_WAIT_MS, "x", placementChoices, new SweepSettings(List.of("/"), sweepIntervalMs,
        SWEEP_ENTRIES), maxTracked);
    return new BackgroundCoordinator(namespace, blocks, notifier, namespace, () -> nowMs, settings);
  }

  // ---------------------------------------------------------------------------------------------- admission

  @Test
  void fileWithoutPfimbiSpec_isIgnored() {
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));

    writtenAndScanned(PATH);

    assertTrue(notifier.sent.isEmpty());
    assertTrue(log.isEmpty(), log.toString());
    assertCounters(0, 0, 0, 0, 0);
  }

  @Test
  void fileAlreadyWrittenWithFullReplication_isIgnored() {
    namespace.put(file(PATH, 3, false, Optional.of(SPEC), block(1, "dn1")));

    writtenAndScanned(PATH);

    assertTrue(notifier.sent.isEmpty());
    assertTrue(log.isEmpty(), log.toString());
    assertEquals(0, coordinator.counters().filesTracked());
  }

  @Test
  void fileThatNoLongerExistsWhenAdmitted_isIgnored() {
    writtenAndScanned(PATH);

    assertEquals(0, coordinator.counters().filesTracked());
  }

  @Test
  void pathNotedTwice_isTrackedOnce() {
    namespace.put(openFile(block(1, "dn1")));

    coordinator.noteWritten(namespace.ids(PATH, PATH));
    coordinator.scan();
    coordinator.noteWritten(namespace.ids(PATH));
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesTracked());
    assertEquals(1, notifier.sent.size());
  }

  // ---------------------------------------------------------------------------------------------- notices

  @Test
  void eachFinalizedBlock_getsOneNoticeToItsFirstTarget_carryingTheRestOfThePipeline() {
    namespace.put(openFile(block(1, "dn1"), block(2, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(2, notifier.sent.size());
    for (int i = 0; i < 2; i++) {
      Sent sent = notifier.sent.get(i);
      BlockAvailable n = sent.notice();
      assertEquals(DN2.ipAddr(), sent.ipAddr(), "sent to the first target");
      assertEquals(i + 1, n.blockId());
      assertEquals("BP-test", n.blockPoolId());
      assertEquals(100L + i + 1, n.generationStamp());
      assertEquals(1000L * (i + 1), n.numBytes());
      assertEquals(2, n.position(), "one live replica: the receiver is the second copy");
      assertEquals("SSD", n.storageType(), "the first target's storage type");
      assertEquals(List.of(DN3), n.downstream(), "the remaining targets, in order");
      assertEquals(DN1, n.source(), "a DataNode holding the block");
      assertEquals("job1", n.flow());
      assertEquals(2.0, n.flowWeight());
    }
    assertEquals(List.of(new Choice(PATH, 1, 2, (byte) 7), new Choice(PATH, 2, 2, (byte) 7)), blocks.choices);
  }

  @Test
  void startedBlock_isNotNotifiedAgainOnLaterScans() {
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);
    coordinator.scan();
    coordinator.scan();

    assertEquals(1, notifier.sent.size());
    assertEquals(1, blocks.choices.size());
  }

  @Test
  void positionIsLiveReplicasPlusOne_andOnlyTheMissingCopiesAreChosen() {
    blocks.live.put(1L, 2);
    namespace.put(openFile(block(1, "dn1", "dn3")));

    writtenAndScanned(PATH);

    BlockAvailable n = notifier.sent.get(0).notice();
    assertEquals(3, n.position());
    assertEquals(List.of(), n.downstream());
    assertEquals(1, blocks.choices.get(0).count());
  }

  @Test
  void longerPipeline_isSentWholeToTheFirstTargetOnly() {
    PfimbiSpec four = new PfimbiSpec(4, 1, "big", 1.0);
    namespace.put(file(PATH, 1, true, Optional.of(four), block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(1, notifier.sent.size());
    assertEquals(DN2.ipAddr(), notifier.sent.get(0).ipAddr());
    assertEquals(List.of(DN3, DN4), notifier.sent.get(0).notice().downstream());
  }

  @Test
  void blockIsProtectedBeforeItsNoticeIsSent() {
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1"), log);
  }

  @Test
  void blockWithoutAReportedHolder_isRetriedOnTheNextScan() {
    namespace.put(openFile(block(1)));
    writtenAndScanned(PATH);
    assertTrue(notifier.sent.isEmpty(), "no holder listed yet");

    namespace.put(openFile(block(1, "dn9"))); // listed, but the block manager does not know the replica yet
    coordinator.scan();
    assertTrue(notifier.sent.isEmpty(), "holder not resolvable yet");
    assertTrue(log.isEmpty(), log.toString());

    namespace.put(openFile(block(1, "dn1")));
    coordinator.scan();
    assertEquals(1, notifier.sent.size());
    assertEquals(DN1, notifier.sent.get(0).notice().source());
    assertEquals(0, coordinator.counters().filesFellBack());
  }

  @Test
  void blockThatAlreadyHasItsCopies_getsNoNotice() {
    blocks.live.put(1L, 3);
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertTrue(notifier.sent.isEmpty());
    assertTrue(blocks.choices.isEmpty());
  }

  // ---------------------------------------------------------------------------------------------- completion

  @Test
  void closedFileWhoseBlocksAllReachedN_isRaisedToN_beforeItsBlocksAreReleased() {
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    blocks.live.put(1L, 3);
    coordinator.scan();
    assertTrue(log.isEmpty(), "block 2 still lacks its copies: " + log);

    blocks.live.put(2L, 3);
    coordinator.scan();

    assertEquals("setReplication " + PATH + " 3", log.get(0), log.toString());
    assertEquals(Set.of("release 1", "release 2"), Set.copyOf(log.subList(1, 3)));
    assertEquals("recheck [1, 2]", log.get(3), "released blocks are rechecked for excess copies");
    assertEquals(4, log.size());
    assertTrue(blocks.protectedBlocks.isEmpty());
    assertCounters(1, 2, 1, 0, 0);
  }

  @Test
  void openFile_isNeverCompleted_evenWithAllCopies_untilItCloses() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    blocks.live.put(1L, 3);

    coordinator.scan();
    coordinator.scan();

    assertTrue(namespace.replicationSet.isEmpty());
    assertEquals(1, coordinator.counters().filesInProgress());

    namespace.put(closedFile(block(1, "dn1")));
    coordinator.scan();
    assertEquals(List.of(PATH + "=3"), namespace.replicationSet);
    assertEquals(1, coordinator.counters().filesCompleted());
  }

  @Test
  void openFile_blocksFinalizedLater_areStartedAsTheyAppear() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);

    namespace.put(openFile(block(1, "dn1"), block(2, "dn1")));
    coordinator.scan();

    assertEquals(List.of(1L, 2L), notifier.sent.stream().map(s -> s.notice().blockId()).toList());
  }

  // ---------------------------------------------------------------------------------------------- target choice

  @Test
  void twoChoices_keepTheAnswerWhoseTargetsHaveLessWaiting() {
    coordinator = coordinator(0, 2);
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    blocks.answers.addAll(List.of(
        List.of(DN2, DN3), List.of(DN3, DN4),   // block 1: nothing waiting anywhere, the first answer is kept
        List.of(DN2, DN3), List.of(DN4, DN5))); // block 2: dn2 and dn3 now wait for block 1, dn4 and dn5 do not

    writtenAndScanned(PATH);

    assertEquals(List.of(DN2.ipAddr(), DN4.ipAddr()), notifier.sent.stream().map(Sent::ipAddr).toList());
    assertEquals(List.of(DN5), notifier.sent.get(1).notice().downstream());
    assertEquals(4, blocks.choices.size(), "two answers per block");
  }

  @Test
  void waitingCopies_areRecountedEachRound_lastTargetsFirst() {
    coordinator = coordinator(0, 2);
    namespace.put(openFile(block(1, "dn1")));
    blocks.answers.addAll(List.of(List.of(DN2, DN3), List.of(DN2, DN3)));
    writtenAndScanned(PATH);

    blocks.live.put(1L, 2); // the copy on dn2 landed; dn3's is still to come
    namespace.put(openFile(block(1, "dn1"), block(2, "dn1")));
    blocks.answers.addAll(List.of(List.of(DN3, DN4), List.of(DN2, DN5)));
    coordinator.scan();

    assertEquals(List.of(DN2.ipAddr(), DN2.ipAddr()), notifier.sent.stream().map(Sent::ipAddr).toList());
    assertEquals(List.of(DN5), notifier.sent.get(1).notice().downstream());
  }

  @Test
  void anAnswerWithTooFewTargets_isSkipped_forTheOtherOne() {
    coordinator = coordinator(0, 2);
    namespace.put(closedFile(block(1, "dn1")));
    blocks.answers.addAll(List.of(List.of(DN2), List.of(DN3, DN4)));

    writtenAndScanned(PATH);

    assertEquals(List.of(DN3.ipAddr()), notifier.sent.stream().map(Sent::ipAddr).toList());
    assertEquals(0, coordinator.counters().filesFellBack());
  }

  // ---------------------------------------------------------------------------------------------- fallback

  @Test
  void tooFewTargets_fallsBack_raisingTheFileBeforeReleasingItsStartedBlocks() {
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    blocks.targetsPerBlock.put(2L, List.of(DN2)); // one target, two missing

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertFalse(blocks.protectedBlocks.contains(2L), "a block that could not start is never protected");
    assertEquals(1, coordinator.counters().filesFellBack());
    assertEquals(0, coordinator.counters().filesInProgress());
  }

  @Test
  void noTargetsAtAll_fallsBack() {
    blocks.targets.clear();
    namespace.put(closedFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(List.of("setReplication " + PATH + " 3"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
    assertEquals(0, coordinator.counters().blocksStarted());
  }

  @Test
  void unreachableReplicationManager_fallsBack() {
    notifier.failure = new IOException("connection refused");
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
    assertEquals(0, coordinator.counters().blocksStarted());
    assertTrue(blocks.protectedBlocks.isEmpty());
  }

  @Test
  void refusedNotice_fallsBack_andDoesNotCountAsStarted() {
    notifier.refusal = Optional.of("this DataNode has no SSD volume");
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertCounters(1, 0, 0, 1, 0);
  }

  /**
   * A user raised the file above its target while its notice was out: the fall-back does not lower it to the
   * target (until session 52 it set n, read before the notice).
   */
  @Test
  void userSetrepAboveTheTarget_duringTheRound_isNotLoweredByTheFallBack() {
    notifier.refusal = Optional.of("this DataNode has no SSD volume");
    namespace.put(openFile(block(1, "dn1")));
    notifier.meanwhile = () -> namespace.setReplicationByUser(PATH, 5);

    writtenAndScanned(PATH);

    assertEquals(List.of(), namespace.replicationSet, "no setReplication by the coordinator");
    assertEquals(5, namespace.file(namespace.ids(PATH).keySet().iterator().next(), false).orElseThrow()
        .replication());
    assertEquals(1, coordinator.counters().filesFellBack());
  }

  @Test
  void targetNoLongerAlive_fallsBackOnTheNextScan() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    coordinator.scan();
    assertEquals(0, coordinator.counters().filesFellBack(), "all targets alive");
    log.clear();

    blocks.dead.add("dn3"); // the second target of the pipeline
    coordinator.scan();

    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
  }

  @Test
  void deadTarget_ofABlockThatAlreadyHasItsCopies_doesNotFallBack() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);

    blocks.live.put(1L, 3);
    blocks.dead.add("dn2"); // the copy landed, then its node died: HDFS re-replicates as for any block
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesCompleted());
    assertEquals(0, coordinator.counters().filesFellBack());
  }

  @Test
  void blockWaitingPastTheTimeout_fallsBack_butNotAtTheTimeoutItself() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    nowMs += TIMEOUT_MS;
    coordinator.scan();
    assertTrue(log.isEmpty(), log.toString());

    nowMs += 1;
    coordinator.scan();
    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
  }

  @Test
  void closedFileWithABlockNeverReportedByAnyDataNode_fallsBackAfterTheTimeout() {
    namespace.put(closedFile(block(1)));
    writtenAndScanned(PATH);

    nowMs += TIMEOUT_MS + 1;
    coordinator.scan();

    assertEquals(List.of("setReplication " + PATH + " 3"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
  }

  @Test
  void failedSetReplication_keepsTheBlocksProtected_andIsRetriedNextScan() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    blocks.live.put(1L, 3);
    namespace.failSetReplication = true;

    coordinator.scan();
    assertTrue(blocks.protectedBlocks.contains(1L), "never released before the file is raised");
    assertEquals(1, coordinator.counters().filesInProgress());

    namespace.failSetReplication = false;
    coordinator.scan();
    assertFalse(blocks.protectedBlocks.contains(1L));
    assertEquals(1, coordinator.counters().filesCompleted());
  }

  @Test
  void raiseRefusedByAQuota_isNotRetried_theFileIsForgotten_andItsCopiesLeftToExcessDeletion() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    blocks.live.put(1L, 3);
    namespace.quotaRefuses = true;
    log.clear();

    coordinator.scan();
    assertEquals(List.of("release 1", "recheck [1]"), log, "released and rechecked: copies beyond 1 are excess");
    assertTrue(namespace.replicationSet.isEmpty());
    assertEquals(1, coordinator.counters().filesRefused());
    assertCounters(1, 1, 0, 0, 0);

    coordinator.scan();
    assertEquals(2, log.size(), "nothing more once forgotten");
  }

  @Test
  void fileARaiseWasRefusedFor_isNotTrackedAgain_bySweepsOrNewBlocks() {
    coordinator = coordinator(10_000);
    namespace.mark("/job", SPEC);
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    blocks.live.put(1L, 3);
    namespace.quotaRefuses = true;
    coordinator.scan();
    assertEquals(1, coordinator.counters().filesRefused());

    blocks.live.put(1L, 1); // the copies went as excess; the file is still below its request
    for (int sweep = 0; sweep < 3; sweep++) {
      nowMs += 10_001;
      for (int round = 0; round < 5; round++) {
        coordinator.scan();
      }
    }
    writtenAndScanned(PATH); // a block allocated again (an append)
    assertEquals(0, coordinator.counters().filesRecovered(), "the sweep leaves it alone");
    assertEquals(1, coordinator.counters().filesTracked(), "so does a new block");
    assertEquals(0, coordinator.counters().filesInProgress());
  }

  @Test
  void fallBackRefusedByAQuota_isCountedAsRefused_notAsFallenBack() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    namespace.quotaRefuses = true;
    nowMs += TIMEOUT_MS + 1;

    coordinator.scan();
    assertEquals(1, coordinator.counters().filesRefused());
    assertEquals(0, coordinator.counters().filesFellBack());
    assertEquals(0, coordinator.counters().filesInProgress());
  }

  // ---------------------------------------------------------------------------------------------- forgetting

  @Test
  void deletedFile_isForgottenAndItsBlocksReleased_withoutSetReplication() {
    namespace.put(openFile(block(1, "dn1"), block(2, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    namespace.delete(PATH);
    coordinator.scan();

    assertEquals(Set.of("release 1", "release 2"), Set.copyOf(log));
    assertEquals(2, log.size());
    assertTrue(namespace.replicationSet.isEmpty());
    assertCounters(1, 2, 0, 0, 0);

    coordinator.scan();
    assertEquals(2, log.size(), "nothing more once forgotten");
  }

  @Test
  void fileRaisedBySomeoneElse_isForgottenAndReleased() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    namespace.put(file(PATH, 3, true, Optional.of(SPEC), block(1, "dn1")));
    coordinator.scan();

    assertEquals(List.of("release 1"), log);
    assertEquals(0, coordinator.counters().filesInProgress());
  }

  @Test
  void clear_releasesEverything_withoutTouchingReplication() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    coordinator.clear();

    assertEquals(List.of("release 1"), log);
    assertEquals(0, coordinator.counters().filesInProgress());
  }

  // ---------------------------------------------------------------------------------------------- standby

  @Test
  void standbyNameNode_doesNothing() {
    blocks.active = false;
    namespace.put(closedFile(block(1, "dn1")));

    writtenAndScanned(PATH);
    nowMs += 10 * TIMEOUT_MS;
    coordinator.scan();

    assertEquals(0, namespace.lookups);
    assertTrue(log.isEmpty(), log.toString());
    assertTrue(notifier.sent.isEmpty());
    assertCounters(0, 0, 0, 0, 0);
  }

  @Test
  void becomingStandby_releasesEverything_andBecomingActiveAgain_findsTheFileBySweep() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    blocks.active = false;
    coordinator.scan();
    assertEquals(List.of("release 1"), log, "the active NameNode takes over");
    assertEquals(0, coordinator.counters().filesInProgress());

    blocks.active = true;
    blocks.live.put(1L, 3);
    coordinator.scan(); // the sweep finds the file ...
    coordinator.scan(); // ... and the next round completes it
    assertEquals(List.of(PATH + "=3"), namespace.replicationSet);
    assertEquals(1, coordinator.counters().filesRecovered());
  }

  @Test
  void safeMode_postponesEverything() {
    blocks.safeMode = true;
    namespace.put(closedFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertTrue(log.isEmpty(), log.toString());
    blocks.safeMode = false;
    coordinator.scan();
    assertEquals(List.of("protect 1", "notify 1"), log);
  }

  // ------------------------------------------------------------------------------------ block reports pending

  /**
   * After a restart the NameNode leaves safe mode before every DataNode has reported; a DataNode not yet reported
   * may already hold the copies (see {@link BlockReportWait}). Nothing starts until it has.
   */
  @Test
  void unreportedStorages_holdNewPipelines_untilEveryLiveDataNodeHasReported() {
    blocks.unreported = 2;
    namespace.put(closedFile(block(1, "dn1")));

    writtenAndScanned(PATH);
    nowMs += 5_000;
    coordinator.scan();

    assertTrue(log.isEmpty(), log.toString());
    assertEquals(2, coordinator.counters().roundsHeldForBlockReports());
    blocks.unreported = 0;
    coordinator.scan();
    assertEquals(List.of("protect 1", "notify 1"), log);
    assertEquals(0, coordinator.counters().blockReportWaitsExpired());
  }

  @Test
  void unreportedStorages_holdAFallBack_untilEveryLiveDataNodeHasReported() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    blocks.unreported = 1; // a DataNode re-registered: its replicas are unknown until its report
    notifier.failures.put(DN3.ipAddr(), Map.of(1L, "Replica already exists"));
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan();
    assertTrue(log.isEmpty(), "no fall-back while replicas are unknown: " + log);

    blocks.unreported = 0;
    coordinator.scan();
    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
  }

  @Test
  void blockReportWait_runsOut_andTheCoordinatorGoesOnWithoutTheReports() {
    blocks.unreported = 1; // e.g. after an HA failover, a DataNode reports on its next periodic schedule
    namespace.put(closedFile(block(1, "dn1")));

    writtenAndScanned(PATH);
    nowMs += REPORT_WAIT_MS - 1;
    coordinator.scan();
    assertTrue(log.isEmpty(), log.toString());

    nowMs += 1;
    coordinator.scan();
    assertEquals(List.of("protect 1", "notify 1"), log);
    assertEquals(1, coordinator.counters().blockReportWaitsExpired());
    coordinator.scan();
    assertEquals(1, coordinator.counters().blockReportWaitsExpired(), "counted once per wait");
    assertEquals(2, coordinator.counters().roundsHeldForBlockReports());
  }

  // ---------------------------------------------------------------------------------------------- rename

  @Test
  void renamedFile_isFollowed_andRaisedWhereItNowIs() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);

    namespace.rename(PATH, "/out/part-0"); // a job commit: out of the marked directory
    blocks.live.put(1L, 3);
    coordinator.scan();

    assertEquals(List.of("/out/part-0=3"), namespace.replicationSet);
    assertEquals(1, coordinator.counters().filesCompleted());
    assertEquals(0, coordinator.counters().filesFellBack());
  }

  @Test
  void fileMovedOutOfTheMarkedTreeBeforeTheFirstScan_isGovernedByWhereItWasWritten_andCarriesItsRequest() {
    namespace.mark("/job", SPEC);
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));
    Map<Long, String> noted = namespace.ids(PATH);
    namespace.rename(PATH, "/committed/part-0"); // the commit, between the allocation and the scan

    coordinator.noteWritten(noted);
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesTracked());
    assertEquals(1, notifier.sent.size());
    assertEquals(Optional.of(SPEC), namespace.spec("/committed/part-0"), "the request now travels with the file");
    blocks.live.put(1L, 3);
    coordinator.scan();
    assertEquals(List.of("/committed/part-0=3"), namespace.replicationSet);
  }

  @Test
  void trackedFileMovedOutOfTheMarkedTree_isFoundByTheSweepAfterARestart() {
    namespace.mark("/job", SPEC);
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));
    writtenAndScanned(PATH);
    namespace.rename(PATH, "/committed/part-0");
    coordinator.scan(); // follows the file; no request governs it there

    coordinator = coordinator(0); // a restarted NameNode: nothing in memory
    coordinator.scan();
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesRecovered());
  }

  /**
   * The attach failed once (the NameNode's call on itself timed out): it is tried again next round, so a restart
   * before the raise still finds the file (until session 52 the attach was tried once per move).
   */
  @Test
  void failedAttachOfTheRequest_isTriedAgainNextRound_andTheSweepFindsTheFileAfterARestart() {
    namespace.mark("/job", SPEC);
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));
    writtenAndScanned(PATH);
    namespace.attachFailures = 1;
    namespace.rename(PATH, "/committed/part-0");
    coordinator.scan(); // follows the file; its attach fails
    coordinator.scan(); // tried again

    assertEquals(2, log.stream().filter(l -> l.equals("attach /committed/part-0")).count(), log.toString());
    assertEquals(Optional.of(SPEC), namespace.spec("/committed/part-0"));
    coordinator.scan();
    assertEquals(2, log.stream().filter(l -> l.startsWith("attach")).count(), "not again once it holds");
    coordinator = coordinator(0); // a restarted NameNode: nothing in memory
    coordinator.scan();
    coordinator.scan();
    assertEquals(1, coordinator.counters().filesRecovered());
  }

  @Test
  void fileMovedWithinTheMarkedTree_getsNoAttributeOfItsOwn() {
    namespace.mark("/job", SPEC);
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));
    writtenAndScanned(PATH);
    namespace.rename(PATH, "/job/done/part-0");
    coordinator.scan();

    assertFalse(log.stream().anyMatch(l -> l.startsWith("attach")), log.toString());
  }

  @Test
  void fileRenamedBeforeItsPathWasResolved_isFoundByTheSweep() {
    namespace.mark("/job", SPEC);
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));
    coordinator.noteWrittenPaths(List.of(PATH));
    namespace.rename(PATH, "/job/done/part-0"); // renamed inside the marked tree before the scan

    coordinator.scan();
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesTracked());
    assertEquals(1, notifier.sent.size());
  }

  @Test
  void fileNotedByPath_isResolvedToItsInode() {
    namespace.put(openFile(block(1, "dn1")));

    coordinator.noteWrittenPaths(List.of(PATH));
    coordinator.scan();

    assertEquals(1, coordinator.counters().filesTracked());
    assertEquals(0, coordinator.counters().filesRecovered());
    assertEquals(1, notifier.sent.size());
  }

  // ---------------------------------------------------------------------------------------------- sweep

  @Test
  void sweep_afterARestart_findsEveryFileBelowItsTarget_inSlices() {
    namespace.mark("/job", SPEC);
    for (int i = 0; i < 5; i++) {
      namespace.put(file("/job/d" + i + "/part-" + i, 1, false, Optional.empty(), block(i + 1, "dn1")));
    }
    namespace.put(file("/job/full", 3, false, Optional.empty(), block(9, "dn1")));
    namespace.put(file("/elsewhere/f", 1, false, Optional.empty(), block(10, "dn1")));
    namespace.put(file("/elsewhere/own", 1, false, Optional.of(SPEC), block(11, "dn1")));

    for (int round = 0; round < 20; round++) {
      coordinator.scan();
    }

    assertEquals(6, coordinator.counters().filesRecovered(), "five under /job and one with its own mark");
    assertEquals(1, coordinator.counters().sweepsCompleted());
    assertEquals(6, coordinator.counters().lastSweepFilesBelowTarget());
    assertTrue(namespace.maxPage <= SWEEP_ENTRIES, "a round looks at no more than its slice");
    assertFalse(notifier.sent.stream().anyMatch(n -> n.notice().blockId() == 10L), "an unmarked file");
  }

  /**
   * Beyond {@code max.tracked.files} a file found by the sweep or written is raised at once (HDFS replicates it):
   * every followed file costs namespace calls each round, and after an outage a sweep can find millions.
   */
  @Test
  void filesBeyondTheTrackedCap_areRaisedAtOnce_andCountedAsFallBacks() {
    maxTracked = 2;
    coordinator = coordinator(0);
    namespace.mark("/job", SPEC);
    for (int i = 0; i < 4; i++) {
      namespace.put(file("/job/part-" + i, 1, false, Optional.empty(), block(i + 1, "dn1")));
    }

    for (int round = 0; round < 10; round++) {
      coordinator.scan();
    }

    assertEquals(2, coordinator.counters().filesRecovered(), "two followed");
    assertEquals(2, coordinator.counters().filesFellBack(), "two raised at once");
    assertEquals(2, namespace.replicationSet.size(), namespace.replicationSet.toString());
    namespace.put(file("/job/late", 1, false, Optional.empty(), block(9, "dn1")));
    writtenAndScanned("/job/late");
    assertTrue(namespace.replicationSet.contains("/job/late=3"), "a new write beyond the cap too: "
        + namespace.replicationSet);
    assertEquals(3, coordinator.counters().filesFellBack());
  }

  /** A request above dfs.replication.max: no copy is made and nothing is set, whether written or swept. */
  @Test
  void requestAboveTheNameNodesMaximum_isRefusedBeforeAnyCopy() {
    namespace.maxReplication = 2;
    namespace.put(openFile(block(1, "dn1")));
    namespace.mark("/job", SPEC);
    namespace.put(file("/job/swept", 1, false, Optional.empty(), block(2, "dn1")));

    writtenAndScanned(PATH);
    for (int round = 0; round < 10; round++) {
      coordinator.scan();
    }

    assertTrue(notifier.sent.isEmpty(), "no copy");
    assertEquals(List.of(), namespace.replicationSet);
    assertEquals(2, coordinator.counters().filesRefused());
    assertEquals(0, coordinator.counters().filesTracked());
  }

  @Test
  void sweep_repeatsAfterItsInterval_andCountsOnlyFilesNotAlreadyTracked() {
    coordinator = coordinator(10_000);
    namespace.mark("/job", SPEC);
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    for (int round = 0; round < 5; round++) {
      coordinator.scan();
    }
    assertEquals(1, coordinator.counters().sweepsCompleted());
    assertEquals(0, coordinator.counters().filesRecovered(), "tracked already");

    namespace.put(file("/job/missed", 1, false, Optional.empty(), block(2, "dn1")));
    nowMs += 10_001;
    for (int round = 0; round < 5; round++) {
      coordinator.scan();
    }
    assertEquals(2, coordinator.counters().sweepsCompleted());
    assertEquals(1, coordinator.counters().filesRecovered());
  }

  @Test
  void malformedMark_isIgnoredBySweep() {
    namespace.marks.put("/job", "n=banana");
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));

    for (int round = 0; round < 5; round++) {
      coordinator.scan();
    }

    assertEquals(0, coordinator.counters().filesTracked());
  }

  // ---------------------------------------------------------------------------------------------- lost copies

  @Test
  void blockThatHadItsCopies_isProtected_andStartedAgainWhenItLosesOne() {
    blocks.live.put(1L, 3);
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    assertEquals(List.of("protect 1"), log, "its copies are kept until the file is raised");

    blocks.live.put(1L, 2); // one copy lost (deleted as excess before the file was tracked, or its node died)
    coordinator.scan();

    assertEquals(1, notifier.sent.size(), "the block is started again");
    assertEquals(3, notifier.sent.get(0).notice().position());
    assertEquals(List.of("protect 1", "release 1", "protect 1", "notify 1"), log);
  }

  @Test
  void blockThatLostACopy_andWaitsForAHolder_isNotLeftProtected() {
    blocks.live.put(1L, 3);
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);

    blocks.live.put(1L, 2);
    namespace.put(openFile(block(1))); // no holder reported at the moment
    coordinator.scan();
    assertFalse(blocks.protectedBlocks.contains(1L), "not started, so not protected");

    namespace.delete(PATH);
    coordinator.scan();
    assertTrue(blocks.protectedBlocks.isEmpty());
  }

  @Test
  void copyFailureReportedByATarget_fallsBackWithoutWaitingForTheTimeout() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    notifier.failures.put(DN3.ipAddr(), Map.of(1L, "No space left on device"));
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan();

    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
    assertTrue(notifier.polled.contains(DN2.ipAddr()) && notifier.polled.contains(DN3.ipAddr()),
        "every target of a copy in flight is asked: " + notifier.polled);
    assertEquals(Set.of("BP-test"), notifier.polledPools, "for the coordinator's own pool's failures");
  }

  /**
   * A target restarted within the NameNode's dead-node interval: alive all along, no failure reported, and the
   * copy it had accepted gone with its previous process (managers hold blocks in memory). Until session 54 the file
   * waited {@code background.timeout.ms} (600 s) before falling back.
   */
  @Test
  void targetRestartedAfterTheBlockWasHandedOut_fallsBackWithoutWaitingForTheTimeout() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan(); // both targets answer a poll: nothing wrong
    assertEquals(0, coordinator.counters().filesFellBack());
    log.clear();

    notifier.incarnations.put(DN3.ipAddr(), 2L); // the downstream target's DataNode restarted
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan();

    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
  }

  @Test
  void restartSeenInTheAnswerToABlocksNotice_fallsBackOnlyTheBlocksHandedOutBefore() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    notifier.incarnations.put(DN2.ipAddr(), 2L);
    namespace.put(file("/job/part-1", 1, false, Optional.of(SPEC), block(2, "dn1")));
    writtenAndScanned("/job/part-1"); // no poll due: the restart shows in the answer to block 2's notice
    log.clear();

    coordinator.scan();

    assertEquals(List.of("setReplication " + PATH + " 3", "release 1", "recheck [1]"), log);
    assertEquals(1, coordinator.counters().filesInProgress(), "block 2 went to the new process");
  }

  /**
   * A node restarted (a rolling restart) while nothing was in flight to it: its next answer, to a poll after a new
   * block went to it, starts a baseline rather than reading as a restart that lost that block.
   */
  @Test
  void aTargetRestartedWhileNothingWasInFlightToIt_isNotTakenForRestarted() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan(); // dn2 and dn3 answer a poll
    blocks.live.put(1L, 3);
    coordinator.scan();
    assertEquals(1, coordinator.counters().filesCompleted());
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan(); // nothing in flight: no one polled, the hosts forgotten

    notifier.incarnations.put(DN3.ipAddr(), 2L); // restarted while idle
    namespace.put(file("/job/part-1", 1, false, Optional.of(SPEC), block(2, "dn1")));
    writtenAndScanned("/job/part-1");
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan(); // dn3's first answer since it was forgotten

    assertEquals(0, coordinator.counters().filesFellBack());
    assertEquals(1, coordinator.counters().filesInProgress());
  }

  @Test
  void aTargetThatSendsNoIncarnation_isNeverTakenForRestarted() {
    notifier.incarnations.put(DN2.ipAddr(), ManagerAnswer.UNKNOWN);
    notifier.incarnations.put(DN3.ipAddr(), ManagerAnswer.UNKNOWN);
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    for (int i = 0; i < 3; i++) {
      nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
      coordinator.scan();
    }
    assertEquals(0, coordinator.counters().filesFellBack());
  }

  @Test
  void failureReportForAnotherBlock_changesNothing() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);

    notifier.failures.put(DN2.ipAddr(), Map.of(77L, "No space left on device"));
    nowMs += BackgroundCoordinator.FAILURE_POLL_INTERVAL_MS;
    coordinator.scan();

    assertEquals(0, coordinator.counters().filesFellBack());
    assertEquals(1, coordinator.counters().filesInProgress());
  }

  // ---------------------------------------------------------------------------------------------- counters

  @Test
  void counters_followFilesThroughTracking_completion_andFallback() {
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    namespace.put(file("/job/part-1", 1, false, Optional.of(SPEC), block(3, "dn1")));
    namespace.put(file("/plain", 3, false, Optional.empty(), block(4, "dn1")));

    coordinator.noteWritten(namespace.ids(PATH, "/job/part-1", "/plain"));
    coordinator.scan();
    assertCounters(2, 3, 0, 0, 2);

    blocks.live.put(1L, 3);
    blocks.live.put(2L, 3);
    blocks.dead.add("dn2");
    coordinator.scan();
    assertCounters(2, 3, 1, 1, 0);
  }

  // ---------------------------------------------------------------------------------------------- helpers

  private void writtenAndScanned(String path) {
    coordinator.noteWritten(namespace.ids(path));
    coordinator.scan();
  }

  private void assertCounters(long tracked, long started, long completed, long fellBack, int inProgress) {
    CoordinatorCounters.Snapshot c = coordinator.counters();
    assertEquals(List.of(tracked, started, completed, fellBack, (long) inProgress),
        List.of(c.filesTracked(), c.blocksStarted(), c.filesCompleted(), c.filesFellBack(),
            (long) c.filesInProgress()), "tracked, started, completed, fell back, in progress");
  }

  private static NodeRef node(String uuid, String storageType) {
    int n = Integer.parseInt(uuid.substring(2));
    return new NodeRef(uuid, "10.0.0." + n, "host" + n, 9866, 9867, 9864, storageType);
  }

  private static BlockView block(long id, String... holders) {
    return new BlockView(id, 100 + id, 1000 * id, List.of(holders));
  }

  /** A file as the fake namespace keeps it: its own Pfimbi attribute, if any, with it. */
  private record TestFile(String path, short replication, boolean open, Optional<PfimbiSpec> spec,
      List<BlockView> blocks) {}

  private static TestFile file(String path, int replication, boolean open, Optional<PfimbiSpec> spec,
      BlockView... blocks) {
    return new TestFile(path, (short) replication, open, spec, List.of(blocks));
  }

  private static TestFile openFile(BlockView... blocks) {
    return file(PATH, 1, true, Optional.of(SPEC), blocks);
  }

  private static TestFile closedFile(BlockView... blocks) {
    return file(PATH, 1, false, Optional.of(SPEC), blocks);
  }

  /**
   * Files by inode id, directories implied by their paths, marks on directories: the namespace and the tree
   * listing the sweep walks.
   */
  private final class FakeNamespace implements Namespace, TreeListing {
    final Map<Long, TestFile> files = new HashMap<>();
    final Map<String, Long> ids = new HashMap<>();
    final Map<String, String> marks = new HashMap<>();
    final List<String> replicationSet = new ArrayList<>();
    boolean failSetReplication;
    boolean quotaRefuses;
    int attachFailures;
    int maxReplication = Short.MAX_VALUE;

    @Override
    public int maxReplication() {
      return maxReplication;
    }
    int lookups;
    int maxPage;

    long id(String path) {
      return ids.computeIfAbsent(path, p -> 1000L + ids.size());
    }

    /** The files as the placement hook notes them: inode id and the path the block was allocated at. */
    Map<Long, String> ids(String... paths) {
      Map<Long, String> noted = new java.util.LinkedHashMap<>();
      Arrays.stream(paths).forEach(p -> noted.put(id(p), p));
      return noted;
    }

    void put(TestFile f) {
      files.put(id(f.path()), f);
    }

    void delete(String path) {
      files.remove(ids.remove(path));
    }

    /** A user's setrep: not logged as the coordinator's. */
    void setReplicationByUser(String path, int replication) {
      long id = ids.get(path);
      TestFile f = files.get(id);
      files.put(id, new TestFile(f.path(), (short) replication, f.open(), f.spec(), f.blocks()));
    }

    void rename(String from, String to) {
      long id = ids.remove(from);
      ids.put(to, id);
      TestFile f = files.get(id);
      files.put(id, new TestFile(to, f.replication(), f.open(), f.spec(), f.blocks()));
    }

    void mark(String dir, PfimbiSpec spec) {
      marks.put(dir, spec.encode());
      id(dir);
    }

    @Override
    public OptionalLong inodeId(String path) {
      boolean dir = path.equals("/") || ids.keySet().stream().anyMatch(p -> p.startsWith(dirPrefix(path)));
      return files.containsKey(ids.get(path)) || dir ? OptionalLong.of(id(path)) : OptionalLong.empty();
    }

    @Override
    public Optional<FileView> file(long inodeId, boolean withBlocks) {
      lookups++;
      TestFile f = files.get(inodeId);
      return f == null ? Optional.empty() : Optional.of(new FileView(inodeId, f.path(), f.replication(), f.open(),
          (byte) 7, withBlocks ? f.blocks() : List.of()));
    }

    @Override
    public Optional<PfimbiSpec> spec(String path) {
      Long id = ids.get(path);
      if (id != null && files.containsKey(id) && files.get(id).spec().isPresent()) {
        return files.get(id).spec();
      }
      for (String p = path; p != null; p = parent(p)) {
        String mark = marks.get(p);
        if (mark != null) {
          return parse(mark);
        }
      }
      return Optional.empty();
    }

    @Override
    public void setReplication(long inodeId, short replication) throws IOException {
      if (failSetReplication) {
        throw new IOException("NameNode in safe mode");
      }
      if (quotaRefuses) {
        throw new Namespace.Refused("replication " + replication + " exceeds a quota", null);
      }
      TestFile f = files.get(inodeId);
      log.add("setReplication " + f.path() + " " + replication);
      replicationSet.add(f.path() + "=" + replication);
      files.put(inodeId, new TestFile(f.path(), replication, f.open(), f.spec(), f.blocks()));
    }

    @Override
    public void attachRequest(long inodeId, PfimbiSpec spec) throws IOException {
      TestFile f = files.get(inodeId);
      log.add("attach " + f.path());
      if (attachFailures > 0) {
        attachFailures--;
        throw new IOException("the NameNode's call on itself timed out");
      }
      files.put(inodeId, new TestFile(f.path(), f.replication(), f.open(), Optional.of(spec), f.blocks()));
    }

    @Override
    public List<Entry> children(Dir dir, String startAfter, int limit) {
      maxPage = Math.max(maxPage, limit);
      Map<String, Entry> kids = new java.util.TreeMap<>();
      String prefix = dirPrefix(dir.path());
      for (String p : List.copyOf(ids.keySet())) {
        if (!p.startsWith(prefix) || p.equals(dir.path())) {
          continue;
        }
        String name = p.substring(prefix.length()).split("/")[0];
        String childPath = prefix + name;
        TestFile f = files.get(ids.get(childPath));
        kids.put(name, f != null
            ? new Entry(id(childPath), name, false, f.replication(), false, f.spec().map(PfimbiSpec::encode))
            : new Entry(id(childPath), name, true, (short) 0, false, Optional.ofNullable(marks.get(childPath))));
      }
      return kids.values().stream().filter(e -> e.name().compareTo(startAfter) > 0).limit(limit).toList();
    }

    private String dirPrefix(String path) {
      return path.endsWith("/") ? path : path + "/";
    }

    private String parent(String path) {
      if (path.equals("/")) {
        return null;
      }
      int i = path.lastIndexOf('/');
      return i == 0 ? "/" : path.substring(0, i);
    }

    private Optional<PfimbiSpec> parse(String text) {
      try {
        return Optional.of(PfimbiSpec.parse(text));
      } catch (io.replicakit.pfimbi.client.InvalidPfimbiSpecException e) {
        return Optional.empty();
      }
    }
  }

  private record Choice(String path, long blockId, int count, byte policy) {}

  private final class FakeBlocks implements BlockService {
    boolean active = true;
    boolean safeMode;
    int unreported;
    final Map<Long, Integer> live = new HashMap<>();
    final List<NodeRef> targets = new ArrayList<>();
    final Map<Long, List<NodeRef>> targetsPerBlock = new HashMap<>();
    final Set<String> dead = new HashSet<>();
    final Set<Long> protectedBlocks = new HashSet<>();
    final List<Choice> choices = new ArrayList<>();
    /** Answers given in turn, before {@link #targetsPerBlock} and {@link #targets}. */
    final java.util.ArrayDeque<List<NodeRef>> answers = new java.util.ArrayDeque<>();

    @Override
    public boolean isActive() {
      return active;
    }

    @Override
    public boolean inSafeMode() {
      return safeMode;
    }

    @Override
    public int unreportedStorages() {
      return unreported;
    }

    @Override
    public String blockPoolId() {
      return "BP-test";
    }

    @Override
    public int liveReplicas(long blockId) {
      return live.getOrDefault(blockId, 1);
    }

    @Override
    public Optional<NodeRef> holder(long blockId, String datanodeUuid) {
      return datanodeUuid.equals(DN1.datanodeUuid()) ? Optional.of(DN1) : Optional.empty();
    }

    @Override
    public List<NodeRef> chooseTargets(String path, long blockId, int count, byte storagePolicyId) {
      choices.add(new Choice(path, blockId, count, storagePolicyId));
      List<NodeRef> from = answers.isEmpty() ? targetsPerBlock.getOrDefault(blockId, targets) : answers.poll();
      return List.copyOf(from.subList(0, Math.min(count, from.size())));
    }

    @Override
    public boolean isAlive(String datanodeUuid) {
      return !dead.contains(datanodeUuid);
    }

    @Override
    public void protect(long blockId) {
      log.add("protect " + blockId);
      protectedBlocks.add(blockId);
    }

    @Override
    public void release(long blockId) {
      log.add("release " + blockId);
      protectedBlocks.remove(blockId);
    }

    @Override
    public void recheck(Collection<Long> blockIds) {
      log.add("recheck " + new java.util.TreeSet<>(blockIds));
    }
  }

  private record Sent(String ipAddr, BlockAvailable notice) {}

  private final class FakeNotifier implements BackgroundCoordinator.ReplicationManagers {
    final List<Sent> sent = new ArrayList<>();
    final Map<String, Map<Long, String>> failures = new HashMap<>();
    /** The DataNode process answering at each address: 1 unless a test restarts it. */
    final Map<String, Long> incarnations = new HashMap<>();
    final Set<String> polled = new HashSet<>();
    final Set<String> polledPools = new HashSet<>();
    Optional<String> refusal = Optional.empty();
    IOException failure;
    Runnable meanwhile = () -> { };

    @Override
    public ManagerAnswer notify(String ipAddr, BlockAvailable notice) throws IOException {
      log.add("notify " + notice.blockId());
      meanwhile.run();
      if (failure != null) {
        throw failure;
      }
      sent.add(new Sent(ipAddr, notice));
      return new ManagerAnswer(refusal, incarnations.getOrDefault(ipAddr, 1L));
    }

    @Override
    public FailureReport recentFailures(String ipAddr, String blockPoolId) {
      polled.add(ipAddr);
      polledPools.add(blockPoolId);
      return new FailureReport(incarnations.getOrDefault(ipAddr, 1L), failures.getOrDefault(ipAddr, Map.of()));
    }
  }
}
