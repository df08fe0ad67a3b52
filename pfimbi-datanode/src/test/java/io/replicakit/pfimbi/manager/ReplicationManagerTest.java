/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.replicakit.pfimbi.activity.KMeansThreshold;
import io.replicakit.pfimbi.flow.CreditBuffer;
import io.replicakit.pfimbi.flow.FlowRegulator;
import io.replicakit.pfimbi.flow.ForegroundWindow;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NodeRef;
import io.replicakit.pfimbi.rpc.UnansweredHosts;
import io.replicakit.pfimbi.sched.TwoLevelWfq;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.net.ConnectTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Replication Manager's threads with in-memory transfers and the real regulator, k-means threshold, credit
 * buffer and WFQ. Activity is fed by hand: 90 is busy and 0 idle for centres seeded at 100 and 0. Waits are
 * bounded polls; "nothing happens" is checked over a short window.
 */
@Timeout(value = 5, unit = TimeUnit.SECONDS)
class ReplicationManagerTest {

  private static final double BUSY = 90;
  private static final double IDLE = 0;
  private static final long BLOCK_BYTES = 1000;
  private static final NodeRef SOURCE = new NodeRef("dn1", "10.0.0.1", "host1", 9866, 9867, 9864, "DISK");
  private static final NodeRef OTHER_SOURCE = new NodeRef("dn2", "10.0.0.2", "host2", 9866, 9867, 9864, "DISK");
  private static final NodeRef NEXT = new NodeRef("dn4", "10.0.0.4", "host4", 9866, 9867, 9864, "DISK");

  private final FakeTransfers transfers = new FakeTransfers();
  private final List<BlockAvailable> forwarded = new CopyOnWriteArrayList<>();
  private volatile IOException forwardFailure;
  private FlowRegulator regulator;
  private ReplicationManager<String> rm;
  private long foreground = 1_000;

  private ReplicationManager<String> start(int bufferBlocks, long guaranteedShare) {
    return start(bufferBlocks, guaranteedShare, ReplicationManager.Limits.defaults());
  }

  private ReplicationManager<String> start(int bufferBlocks, long guaranteedShare,
      ReplicationManager.Limits limits) {
    regulator = new FlowRegulator(new KMeansThreshold(0.5, 100, 0), guaranteedShare);
    rm = new ReplicationManager<>("DISK", new TwoLevelWfq(), new CreditBuffer(bufferBlocks, Long.MAX_VALUE),
        regulator, transfers, written -> {
          if (forwardFailure != null) {
            throw forwardFailure;
          }
          forwarded.add(written);
        }, 5, limits);
    rm.start();
    return rm;
  }

  private static ReplicationManager.Limits limits(int maxQueued, ReplicationManager.SpaceProbe space,
      int disableAfter) {
    return limits(maxQueued, 16, space, disableAfter);
  }

  private static ReplicationManager.Limits limits(int maxQueued, int failedKept, ReplicationManager.SpaceProbe space,
      int disableAfter) {
    return new ReplicationManager.Limits(maxQueued, failedKept, space, disableAfter, System::currentTimeMillis);
  }

  @AfterEach
  void stop() {
    transfers.fetchGate.countDown();
    if (rm != null) {
      rm.close();
    }
  }

  // ---------------------------------------------------------------------------------------------- credits

  @Test
  void neverMoreBlocksFetchedButUnwritten_thanTheBufferHasCredits() {
    start(2, 0);
    activity(BUSY);
    for (long id = 1; id <= 6; id++) {
      assertAccepted(rm.accept(notice(id, 2)));
    }

    await(() -> rm.status().fetched() == 2, "the buffer fills");
    stays(() -> transfers.fetchOrder.size() == 2, "no fetch without a credit");
    ReplicationManager.Status s = rm.status();
    assertEquals(2, s.buffered());
    assertEquals(4, s.queued());
    assertEquals(2 * BLOCK_BYTES, s.bufferedBytes());

    activity(IDLE);
    await(() -> rm.status().written() == 6, "all written once the disk is idle");
    assertTrue(transfers.maxHolding.get() <= 2, "held at once: " + transfers.maxHolding.get());
    assertEquals(0, rm.status().bufferedBytes());
    assertEquals(6 * BLOCK_BYTES, rm.writtenBytes());
  }

  @Test
  void slowFetch_holdsItsCredit_soNoOtherBlockIsFetchedMeanwhile() {
    transfers.fetchGate = new CountDownLatch(1);
    start(1, 0);
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2)));

    await(() -> transfers.fetchOrder.size() == 1, "first fetch under way");
    stays(() -> transfers.fetchOrder.size() == 1, "second waits for the credit");

    transfers.fetchGate.countDown();
    await(() -> rm.status().written() == 2, "both written");
    assertEquals(1, transfers.maxHolding.get());
  }

  // ---------------------------------------------------------------------------------------------- regulator

  @Test
  void busyDisk_holdsBufferedBlocks_untilTheDiskIsIdle() {
    start(4, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2)));

    await(() -> rm.status().fetched() == 2, "fetched while busy: only writes wait");
    stays(() -> transfers.writeOrder.isEmpty(), "no write while busy");

    activity(IDLE);
    await(() -> rm.status().written() == 2, "writes resume when idle");
    assertEquals(List.of(1L, 2L), transfers.writeOrder);
  }

  @Test
  void busyDisk_guaranteedShare_writesOneBlockPerNForegroundBlocks() {
    start(4, 3);
    activity(BUSY); // baseline foreground count
    for (long id = 1; id <= 3; id++) {
      assertAccepted(rm.accept(notice(id, 2)));
    }
    await(() -> rm.status().fetched() == 3, "buffered");

    foreground += 2;
    activity(BUSY);
    stays(() -> transfers.writeOrder.isEmpty(), "two foreground blocks are not enough");

    foreground += 1;
    activity(BUSY);
    await(() -> transfers.writeOrder.size() == 1, "the share is due after three");
    stays(() -> transfers.writeOrder.size() == 1, "one block per share");

    foreground += 3;
    activity(BUSY);
    await(() -> transfers.writeOrder.size() == 2, "the next share");
    stays(() -> transfers.writeOrder.size() == 2, "again only one");
  }

  // ---------------------------------------------------------------------------------------------- forwarding

  @Test
  void afterAWrite_forwardsExactlyWhenThereIsADownstreamNode() {
    start(4, 0);
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2, NEXT)));
    assertAccepted(rm.accept(notice(3, 3)));

    await(() -> rm.status().written() == 3, "all written");
    await(() -> !forwarded.isEmpty(), "forwarded");
    stays(() -> forwarded.size() == 1, "only the block with a downstream node");
    assertEquals(2, forwarded.get(0).blockId());
    assertEquals(List.of(NEXT), forwarded.get(0).downstream());
    assertEquals(0, rm.status().failed());
  }

  @Test
  void failedForward_isCounted_afterTheBlockWasWritten() {
    forwardFailure = new IOException("connection refused");
    start(2, 0);
    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    await(() -> rm.status().failed() == 1, "forward failure counted");
    assertEquals(1, rm.status().written());
    assertEquals(0, rm.status().bufferedBytes());
  }

  // ---------------------------------------------------------------------------------------------- failures

  @Test
  void failedFetch_releasesItsCredit_andCountsFailed() {
    transfers.failFetch.add(1L);
    start(1, 0);
    assertAccepted(rm.accept(notice(1, 2, NEXT)));
    assertAccepted(rm.accept(notice(2, 2)));

    await(() -> rm.status().written() == 1, "the next block gets the credit back");
    ReplicationManager.Status s = rm.status();
    assertEquals(1, s.failed());
    assertEquals(1, s.fetched());
    assertEquals(0, s.bufferedBytes());
    assertEquals(List.of(2L), transfers.writeOrder);
    stays(forwarded::isEmpty, "a block never fetched is never forwarded");
  }

  /**
   * A source that stopped answering: without the skip each queued block from it held the one fetcher for a connect
   * or read timeout (60 s at HDFS's defaults) before failing, every other flow waiting (until session 54).
   */
  @Test
  void sourceThatTimedOut_failsItsQueuedBlocksAtOnce_whileOtherSourcesAreFetched() {
    AtomicLong now = new AtomicLong(1_000_000);
    transfers.fetchGate = new CountDownLatch(1);
    transfers.timeoutFetch.add(1L);
    start(4, 0, new ReplicationManager.Limits(100, 16, ReplicationManager.SpaceProbe.UNLIMITED, 100, now::get));
    activity(IDLE);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> transfers.fetchOrder.size() == 1, "block 1's fetch under way");
    assertAccepted(rm.accept(notice(2, 2)));
    assertAccepted(rm.accept(notice(3, 2)));
    assertAccepted(rm.accept(noticeFrom(OTHER_SOURCE, 4)));

    transfers.fetchGate.countDown();
    await(() -> rm.status().written() == 1, "the other source's block is stored");
    assertEquals(List.of(1L, 4L), transfers.fetchOrder, "no fetch from the silent source after its timeout");
    assertEquals(Set.of(1L, 2L, 3L), failedIds(rm).keySet());
    assertTrue(failedIds(rm).get(2L).contains("not fetched from " + SOURCE), failedIds(rm).get(2L));
    assertEquals(3, rm.status().failed());

    now.addAndGet(UnansweredHosts.SKIP_MS);
    assertAccepted(rm.accept(notice(5, 2)));
    await(() -> rm.status().written() == 2, "the source is tried again once its skip is over");
    assertEquals(List.of(1L, 4L, 5L), transfers.fetchOrder);
  }

  /** A live source slow to serve one block (a read timeout on an accepted connection) is asked for the next. */
  @Test
  void sourceThatTimedOutReading_isAskedForItsNextBlock() {
    transfers.readTimeoutFetch.add(1L);
    start(4, 0);
    activity(IDLE);
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> rm.status().written() == 1, "block 2 fetched from the same source and stored");
    assertEquals(List.of(1L, 2L), transfers.fetchOrder);
    assertEquals(Set.of(1L), failedIds(rm).keySet());
  }

  @Test
  void failedWrite_releasesItsCredit_countsFailed_andIsNotForwarded() {
    transfers.failWrite.add(1L);
    start(1, 0);
    assertAccepted(rm.accept(notice(1, 2, NEXT)));
    assertAccepted(rm.accept(notice(2, 2)));

    await(() -> rm.status().written() == 1, "the next block gets the credit back");
    assertEquals(1, rm.status().failed());
    assertEquals(0, rm.status().bufferedBytes());
    assertEquals(BLOCK_BYTES, rm.writtenBytes(), "a failed write is not the manager's own write");
    stays(forwarded::isEmpty, "nothing stored, nothing to forward");
  }

  // ---------------------------------------------------------------------------------------------- duplicates

  /**
   * A restarted coordinator (or one that started a block again) sends a notice for a block still held here from
   * before: the block is copied once and forwarded along the plan of the newest notice, the one the coordinator
   * waits on.
   */
  @Test
  void renotice_whileQueued_isAccepted_copiedOnce_andForwardedAlongTheNewestPlan() {
    start(1, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(9, 2)));
    await(() -> rm.status().fetched() == 1, "the buffer is full");
    assertAccepted(rm.accept(notice(1, 2)));

    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    activity(IDLE);
    await(() -> rm.status().written() == 2, "written once each");
    stays(() -> transfers.fetchOrder.equals(List.of(9L, 1L)), "block 1 fetched once");
    assertEquals(List.of(1L), forwarded.stream().map(BlockAvailable::blockId).toList());
    assertEquals(List.of(NEXT), forwarded.get(0).downstream());
    assertEquals(1, rm.status().renoticed());
  }

  @Test
  void renotice_whileItsBlockIsBeingFetched_isAccepted_andItsForwardFollowsTheNewestPlan() {
    transfers.fetchGate = new CountDownLatch(1);
    start(2, 0);
    assertAccepted(rm.accept(notice(1, 2, NEXT)));
    await(() -> transfers.fetchOrder.size() == 1, "fetch under way");

    assertAccepted(rm.accept(notice(1, 2)));

    transfers.fetchGate.countDown();
    await(() -> rm.status().written() == 1, "written");
    stays(() -> transfers.fetchOrder.size() == 1, "fetched once");
    assertTrue(forwarded.isEmpty(), "the newest plan has no downstream node: " + forwarded);
  }

  @Test
  void renotice_whileItsBlockWaitsInTheBuffer_isAccepted_andItsForwardFollowsTheNewestPlan() {
    start(2, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().fetched() == 1, "buffered");

    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    activity(IDLE);
    await(() -> rm.status().written() == 1, "written");
    await(() -> forwarded.size() == 1, "forwarded");
    assertEquals(List.of(NEXT), forwarded.get(0).downstream());
    stays(() -> transfers.fetchOrder.size() == 1, "fetched once");
  }

  @Test
  void renotice_ofAnotherGenerationStamp_isRefused_namingBoth() {
    start(1, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(9, 2)));
    await(() -> rm.status().fetched() == 1, "the buffer is full");
    assertAccepted(rm.accept(notice(1, 2)));

    Optional<String> other = rm.accept(new BlockAvailable("BP-1", 1, 2, BLOCK_BYTES, SOURCE, "job", 1.0, 2, "DISK",
        List.of()));

    assertTrue(other.isPresent());
    assertTrue(other.get().contains("generation stamp 1") && other.get().contains("not 2"), other.get());
    assertEquals(1, rm.status().refused());
  }

  // ---------------------------------------------------------------------------------------------- already stored

  @Test
  void blockAlreadyStoredHere_isNotFetchedNorWritten_butForwarded() {
    transfers.storedHere.add(1L);
    start(2, 0);

    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    await(() -> forwarded.size() == 1, "forwarded");
    assertEquals(List.of(NEXT), forwarded.get(0).downstream());
    assertEquals(1, rm.status().alreadyStored());
    assertEquals(0, rm.status().fetched());
    assertEquals(0, rm.status().written());
    assertEquals(0, rm.status().failed());
    assertEquals(0, rm.status().bufferedBytes(), "its credit is free again");
  }

  @Test
  void writeThatFails_becauseAnotherWriterStoredTheBlockFirst_countsAsStored_andIsForwarded() {
    transfers.failWrite.add(1L);
    transfers.storedAfterFetch.add(1L); // HDFS's own re-replication lands it while this copy is in the buffer
    start(2, 0);

    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    await(() -> forwarded.size() == 1, "forwarded");
    assertEquals(1, rm.status().alreadyStored());
    assertEquals(0, rm.status().failed());
    assertTrue(failedIds(rm).isEmpty(), failedIds(rm).toString());
  }

  // ---------------------------------------------------------------------------------------------- scheduling

  @Test
  void noticesQueuedBehindAFullBuffer_areFetchedInStrictPositionOrder() {
    start(1, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(100, 2)));
    await(() -> rm.status().fetched() == 1, "the buffer is full");

    int[] positions = {4, 3, 2, 4, 3, 2};
    for (int i = 0; i < positions.length; i++) {
      assertAccepted(rm.accept(notice(i + 1, positions[i])));
    }
    activity(IDLE);

    await(() -> rm.status().written() == 7, "all written");
    assertEquals(List.of(100L, 3L, 6L, 2L, 5L, 1L, 4L), transfers.fetchOrder);
  }

  @Test
  void afterClose_noticesAreRefused() {
    start(1, 0);
    rm.close();

    Optional<String> refused = rm.accept(notice(1, 2));

    assertTrue(refused.isPresent());
    assertTrue(refused.get().contains("stopping"), refused.get());
  }

  @Test
  void unknownActivity_letsBlocksThrough() {
    start(2, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().fetched() == 1, "buffered");

    rm.onActivity(OptionalDouble.empty(), foreground, false);

    await(() -> rm.status().written() == 1, "no sample: written as HDFS would");
  }

  // ---------------------------------------------------------------------------------------------- faults

  @Test
  void anErrorInAFetch_isCountedAsAFault_theThreadSurvives_andTheBlockIsReportedFailed() {
    start(1, 0);
    activity(IDLE);
    transfers.errorFetch.add(1L);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().faults() == 1, "the Error is counted");
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> rm.status().written() == 1, "the fetcher thread still works after the Error");
    ReplicationManager.Status s = rm.status();
    assertEquals(1, s.fetchFailures());
    assertEquals(0, s.bufferedBytes(), "the failed block's credit came back");
    assertFalse(s.disabled());
    assertTrue(failedIds(rm).get(1L).contains("OutOfMemoryError"), failedIds(rm).toString());
  }

  /** An Error while checking for a stored replica gives the block's credit back, as a failed fetch does. */
  @Test
  void anErrorCheckingForAStoredReplica_givesTheCreditBack_andTheBlockIsReportedFailed() {
    start(1, 0);
    activity(IDLE);
    transfers.errorStored.add(1L);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().faults() == 1, "the Error is counted");
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> rm.status().written() == 1, "block 2 got the one credit: block 1's came back");
    assertEquals(0, rm.status().bufferedBytes());
    assertTrue(failedIds(rm).get(1L).contains("AssertionError"), failedIds(rm).toString());
  }

  @Test
  void anErrorInAWrite_isCounted_theWriterSurvives_andTheBlockIsReportedFailed() {
    start(2, 0);
    activity(IDLE);
    transfers.errorWrite.add(1L);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().faults() == 1, "the Error is counted");
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> rm.status().written() == 1, "the writer thread still works after the Error");
    assertEquals(1, rm.status().writeFailures());
    assertTrue(failedIds(rm).containsKey(1L));
  }

  @Test
  void failedWrite_isReportedWithItsReason_andFailedBlocksKeepTheNewest() {
    start(1, 0, limits(100, 4, ReplicationManager.SpaceProbe.UNLIMITED, 100));
    activity(IDLE);
    for (long id = 1; id <= 6; id++) {
      transfers.failWrite.add(id);
      assertAccepted(rm.accept(notice(id, 2)));
    }
    await(() -> rm.status().writeFailures() == 6, "all six writes failed");
    assertEquals(List.of(3L, 4L, 5L, 6L), List.copyOf(failedIds(rm).keySet()), "the newest four kept");
    assertTrue(failedIds(rm).get(6L).contains("disk full"), failedIds(rm).get(6L));
  }

  @Test
  void aBlockAcceptedAgain_isNoLongerReportedFailed() {
    start(1, 0);
    activity(IDLE);
    transfers.failFetch.add(1L);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> failedIds(rm).containsKey(1L), "recorded");
    transfers.failFetch.clear();
    assertAccepted(rm.accept(notice(1, 2)));
    assertFalse(failedIds(rm).containsKey(1L));
  }

  @Test
  void aFullQueue_refusesTheNotice_withAReason_andCountsItDropped() {
    transfers.fetchGate = new CountDownLatch(1);
    start(1, 0, limits(2, ReplicationManager.SpaceProbe.UNLIMITED, 100));
    activity(BUSY);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> transfers.fetchOrder.size() == 1, "block 1 is being fetched: the queue is empty again");
    assertAccepted(rm.accept(notice(2, 2)));
    assertAccepted(rm.accept(notice(3, 2)));
    Optional<String> refused = rm.accept(notice(4, 2));
    assertTrue(refused.isPresent() && refused.get().contains("queue is full"), refused.toString());
    ReplicationManager.Status s = rm.status();
    assertEquals(1, s.dropped());
    assertEquals(1, s.refused());
    assertEquals(2, s.queued());
  }

  @Test
  void aNoticeForMoreThanTheFreeSpace_isRefusedAtAcceptTime() {
    long[] free = {BLOCK_BYTES * 2};
    start(1, 0, limits(100, () -> new ReplicationManager.Space(free[0], free[0]), 100));
    activity(BUSY); // nothing is written: accepted blocks keep their claim on the space
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2)));
    Optional<String> refused = rm.accept(notice(3, 2));
    assertTrue(refused.isPresent() && refused.get().contains("not enough space on DISK"), refused.toString());
    assertEquals(1, rm.status().refusedNoSpace());
    free[0] = BLOCK_BYTES * 10;
    assertAccepted(rm.accept(notice(3, 2)));
  }

  @Test
  void aBlockLargerThanEveryVolume_isRefusedEvenWhenTheirSumFits() {
    start(1, 0, limits(100, () -> new ReplicationManager.Space(BLOCK_BYTES * 3, BLOCK_BYTES / 2), 100));
    Optional<String> refused = rm.accept(notice(1, 2));
    assertTrue(refused.isPresent() && refused.get().contains("on one volume"), refused.toString());
  }

  @Test
  void persistentFaults_disableTheManager_reportItsQueuedBlocksFailed_andRefuseNewNotices() {
    start(1, 0, limits(100, ReplicationManager.SpaceProbe.UNLIMITED, 3));
    activity(BUSY);
    for (long id = 1; id <= 3; id++) {
      transfers.errorFetch.add(id);
    }
    transfers.errorFetch.add(4L);
    for (long id = 1; id <= 5; id++) {
      assertAccepted(rm.accept(notice(id, 2)));
    }
    await(() -> rm.status().disabled(), "disabled after three faults in a row");
    assertEquals(3, rm.status().faults());
    await(() -> failedIds(rm).keySet().containsAll(List.of(1L, 2L, 3L, 4L, 5L)), "all five reported");
    Optional<String> refused = rm.accept(notice(6, 2));
    assertTrue(refused.isPresent() && refused.get().contains("disabled"), refused.toString());
  }

  /**
   * The manager is disabled while a block's fetch is under way: when the fetch ends there is no writer left, so
   * the block is dropped and reported failed like the rest, and its credit freed. Until session 51 it stayed in
   * the buffer for the DataNode's life, never reported (the NameNode fell back only at its timeout), and later
   * notices for it were taken as renotices of a copy that would never be made.
   */
  @Test
  void fetchEndingAfterTheManagerWasDisabled_isDroppedAndReportedFailed() {
    start(2, 0, limits(100, ReplicationManager.SpaceProbe.UNLIMITED, 1));
    activity(BUSY);
    transfers.errorWrite.add(1L);
    transfers.held.add(2L);
    assertAccepted(rm.accept(notice(1, 2)));
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> transfers.fetchOrder.contains(2L), "block 2's fetch started");

    activity(IDLE); // the writer takes block 1, fails with an Error: disabled
    await(() -> rm.status().disabled(), "disabled");
    transfers.heldGate.countDown();

    await(() -> failedIds(rm).containsKey(2L), "block 2 reported failed");
    ReplicationManager.Status s = rm.status();
    assertEquals(0, s.buffered());
    assertEquals(0, s.bufferedBytes(), "its credit came back");
  }

  // ---------------------------------------------------------------------------------------------- renotice pools

  /**
   * Federated namespaces number blocks alike: a notice for a block of another pool with the ID of a block held
   * here is refused (its NameNode falls back at once), not taken for a renotice that would replace the held
   * block's plan. Until session 51 it was taken: the first pool's copy was forwarded under the second's name.
   */
  @Test
  void noticeOfAnotherPoolsBlockWithTheSameId_isRefused_andTheHeldBlockKeepsItsPlan() {
    start(1, 0);
    activity(BUSY);
    assertAccepted(rm.accept(notice(1, 2, NEXT)));

    Optional<String> other = rm.accept(new BlockAvailable("BP-2", 1, 1, BLOCK_BYTES, SOURCE, "job", 1.0, 2, "DISK",
        List.of()));

    assertTrue(other.isPresent() && other.get().contains("BP-2"), other.toString());
    activity(IDLE);
    await(() -> forwarded.size() == 1, "forwarded");
    assertEquals("BP-1", forwarded.get(0).blockPoolId());
    assertEquals(List.of(NEXT), forwarded.get(0).downstream());
  }

  // ---------------------------------------------------------------------------------------------- synced copies

  @Test
  void copiesWrittenSoonAfterForegroundWork_areSynced_laterOnesAreNot() {
    java.util.concurrent.atomic.AtomicLong clockMs = new java.util.concurrent.atomic.AtomicLong(1_000);
    startWithForegroundWindow(clockMs);
    activity(BUSY);
    activity(IDLE);
    assertAccepted(rm.accept(notice(1, 2)));
    await(() -> rm.status().written() == 1, "written within the window");

    clockMs.addAndGet(10_001);
    activity(IDLE);
    assertAccepted(rm.accept(notice(2, 2)));
    await(() -> rm.status().written() == 2, "written after the window");

    assertEquals(List.of(1L), List.copyOf(transfers.synced));
    assertEquals(1, rm.status().synced());
  }

  @Test
  void dirtyPressure_holdsCopiesWithinTheForegroundWindow_notAfterIt() {
    java.util.concurrent.atomic.AtomicLong clockMs = new java.util.concurrent.atomic.AtomicLong(1_000);
    startWithForegroundWindow(clockMs);
    activity(BUSY);
    rm.onActivity(OptionalDouble.of(IDLE), foreground, true);
    assertAccepted(rm.accept(notice(1, 2)));
    stays(() -> rm.status().written() == 0, "held: dirty data above the threshold, writers just seen");

    clockMs.addAndGet(10_001);
    rm.onActivity(OptionalDouble.of(IDLE), foreground, true);
    await(() -> rm.status().written() == 1, "written once the window closed, dirty data or not");
    assertTrue(transfers.synced.isEmpty());
  }

  private void startWithForegroundWindow(java.util.concurrent.atomic.AtomicLong clockMs) {
    regulator = new FlowRegulator(new KMeansThreshold(0.5, 100, 0), 0);
    rm = new ReplicationManager<>("DISK", new TwoLevelWfq(), new CreditBuffer(4, Long.MAX_VALUE), regulator,
        new ForegroundWindow(10_000), transfers, written -> { }, 5, new ReplicationManager.Limits(100, 16,
            ReplicationManager.SpaceProbe.UNLIMITED, 3, clockMs::get));
    rm.start();
  }

  // ---------------------------------------------------------------------------------------------- helpers

  private void activity(double value) {
    rm.onActivity(OptionalDouble.of(value), foreground, false);
  }

  /** The manager's failures by block ID, each checked to name the pool of its notice. */
  private static Map<Long, String> failedIds(ReplicationManager<?> rm) {
    Map<Long, String> byId = new LinkedHashMap<>();
    rm.failedBlocks().forEach((block, reason) -> {
      assertEquals("BP-1", block.blockPoolId(), "the pool of block " + block.blockId());
      byId.put(block.blockId(), reason);
    });
    return byId;
  }

  private static BlockAvailable notice(long blockId, int position, NodeRef... downstream) {
    return new BlockAvailable("BP-1", blockId, 1, BLOCK_BYTES, SOURCE, "job", 1.0, position, "DISK",
        List.of(downstream));
  }

  private static BlockAvailable noticeFrom(NodeRef source, long blockId) {
    return new BlockAvailable("BP-1", blockId, 1, BLOCK_BYTES, source, "job", 1.0, 2, "DISK", List.of());
  }

  private static void assertAccepted(Optional<String> refusal) {
    assertFalse(refusal.isPresent(), () -> "refused: " + refusal.orElse(""));
  }

  private static void await(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_500);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out waiting: " + what);
      }
      pause(1);
    }
  }

  /** Holds for a short window: the threads had every chance to break it. */
  private static void stays(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
    do {
      assertTrue(condition.getAsBoolean(), what);
      pause(2);
    } while (System.nanoTime() < deadline);
  }

  private static void pause(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** In-memory transfers: records order, can fail chosen blocks, can hold fetches on a latch. */
  private static final class FakeTransfers implements ReplicationManager.Transfers<String> {
    final List<Long> fetchOrder = Collections.synchronizedList(new ArrayList<>());
    final List<Long> writeOrder = Collections.synchronizedList(new ArrayList<>());
    final List<Long> synced = Collections.synchronizedList(new ArrayList<>());
    final Set<Long> failFetch = ConcurrentHashMap.newKeySet();
    /** Blocks whose source never answers: the connect times out. */
    final Set<Long> timeoutFetch = ConcurrentHashMap.newKeySet();
    /** Blocks whose source accepts the connection but is slow to answer: the read times out. */
    final Set<Long> readTimeoutFetch = ConcurrentHashMap.newKeySet();
    final Set<Long> failWrite = ConcurrentHashMap.newKeySet();
    final Set<Long> errorFetch = ConcurrentHashMap.newKeySet();
    final Set<Long> errorWrite = ConcurrentHashMap.newKeySet();
    final Set<Long> errorStored = ConcurrentHashMap.newKeySet();
    /** Blocks this DataNode stores already. */
    final Set<Long> storedHere = ConcurrentHashMap.newKeySet();
    /** Blocks another writer stores here once they have been fetched. */
    final Set<Long> storedAfterFetch = ConcurrentHashMap.newKeySet();
    volatile CountDownLatch fetchGate = new CountDownLatch(0);
    /** Blocks whose fetch also waits for {@link #heldGate}. */
    final Set<Long> held = ConcurrentHashMap.newKeySet();
    final CountDownLatch heldGate = new CountDownLatch(1);
    /** Blocks from the start of their fetch until written or failed: what the credits bound. */
    final AtomicInteger holding = new AtomicInteger();
    final AtomicInteger maxHolding = new AtomicInteger();

    @Override
    public String fetch(BlockAvailable n) throws IOException {
      fetchOrder.add(n.blockId());
      maxHolding.accumulateAndGet(holding.incrementAndGet(), Math::max);
      try {
        if (!fetchGate.await(5, TimeUnit.SECONDS)
            || held.contains(n.blockId()) && !heldGate.await(10, TimeUnit.SECONDS)) {
          throw new IOException("gate never opened");
        }
      } catch (InterruptedException e) {
        holding.decrementAndGet();
        throw new InterruptedIOException();
      }
      if (errorFetch.contains(n.blockId())) {
        holding.decrementAndGet();
        throw new OutOfMemoryError("injected");
      }
      if (failFetch.contains(n.blockId())) {
        holding.decrementAndGet();
        throw new IOException("source gone");
      }
      if (timeoutFetch.contains(n.blockId())) {
        holding.decrementAndGet();
        throw new IOException("length call failed", new ConnectTimeoutException("connect timed out"));
      }
      if (readTimeoutFetch.contains(n.blockId())) {
        holding.decrementAndGet();
        throw new SocketTimeoutException("Read timed out");
      }
      if (storedAfterFetch.contains(n.blockId())) {
        storedHere.add(n.blockId());
      }
      return "data-" + n.blockId();
    }

    @Override
    public boolean stored(BlockAvailable n) {
      if (errorStored.contains(n.blockId())) {
        throw new AssertionError("injected");
      }
      return storedHere.contains(n.blockId());
    }

    @Override
    public void write(BlockAvailable n, String data, java.util.function.BooleanSupplier mayContinue,
        java.util.function.LongConsumer sent, boolean sync) throws IOException {
      assertEquals("data-" + n.blockId(), data);
      holding.decrementAndGet();
      if (errorWrite.contains(n.blockId())) {
        throw new AssertionError("injected Error");
      }
      if (failWrite.contains(n.blockId())) {
        throw new IOException("disk full"); // refused before any packet went out
      }
      sent.accept(n.numBytes());
      writeOrder.add(n.blockId());
      if (sync) {
        synced.add(n.blockId());
      }
    }
  }
}
