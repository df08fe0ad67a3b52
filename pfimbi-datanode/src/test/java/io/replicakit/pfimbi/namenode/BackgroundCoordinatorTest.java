package io.replicakit.pfimbi.namenode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.namenode.FileView.BlockView;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  private static final long TIMEOUT_MS = 60_000;
  private static final PfimbiSpec SPEC = new PfimbiSpec(3, 1, "job1", 2.0);

  private static final NodeRef DN1 = node("dn1", "DISK");
  private static final NodeRef DN2 = node("dn2", "SSD");
  private static final NodeRef DN3 = node("dn3", "DISK");
  private static final NodeRef DN4 = node("dn4", "ARCHIVE");

  private final List<String> log = new ArrayList<>();
  private final FakeNamespace namespace = new FakeNamespace();
  private final FakeBlocks blocks = new FakeBlocks();
  private final FakeNotifier notifier = new FakeNotifier();
  private long nowMs = 1_000_000;
  private BackgroundCoordinator coordinator;

  @BeforeEach
  void setUp() {
    coordinator = new BackgroundCoordinator(namespace, blocks, notifier, () -> nowMs, TIMEOUT_MS);
    blocks.targets.addAll(List.of(DN2, DN3, DN4));
  }

  // ---------------------------------------------------------------------------------------------- admission

  @Test
  void fileWithoutPfimbiSpec_isIgnored() {
    namespace.put(file(PATH, 1, false, Optional.empty(), block(1, "dn1")));

    writtenAndScanned(PATH);

    assertTrue(notifier.sent.isEmpty());
    assertTrue(log.isEmpty(), log.toString());
    assertEquals(new BackgroundCoordinator.Counters(0, 0, 0, 0, 0), coordinator.counters());
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

    coordinator.noteWritten(List.of(PATH, PATH));
    coordinator.scan();
    coordinator.noteWritten(List.of(PATH));
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
    namespace.put(new FileView(PATH, (short) 1, true, (byte) 7, Optional.of(four), List.of(block(1, "dn1"))));

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
    assertEquals(Set.of("release 1", "release 2"), Set.copyOf(log.subList(1, log.size())));
    assertEquals(3, log.size());
    assertTrue(blocks.protectedBlocks.isEmpty());
    assertEquals(new BackgroundCoordinator.Counters(1, 2, 1, 0, 0), coordinator.counters());
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

  // ---------------------------------------------------------------------------------------------- fallback

  @Test
  void tooFewTargets_fallsBack_raisingTheFileBeforeReleasingItsStartedBlocks() {
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    blocks.targetsPerBlock.put(2L, List.of(DN2)); // one target, two missing

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1"), log);
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

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1"), log);
    assertEquals(1, coordinator.counters().filesFellBack());
    assertEquals(0, coordinator.counters().blocksStarted());
    assertTrue(blocks.protectedBlocks.isEmpty());
  }

  @Test
  void refusedNotice_fallsBack_andDoesNotCountAsStarted() {
    notifier.refusal = Optional.of("this DataNode has no SSD volume");
    namespace.put(openFile(block(1, "dn1")));

    writtenAndScanned(PATH);

    assertEquals(List.of("protect 1", "notify 1", "setReplication " + PATH + " 3", "release 1"), log);
    assertEquals(new BackgroundCoordinator.Counters(1, 0, 0, 1, 0), coordinator.counters());
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

    assertEquals(List.of("setReplication " + PATH + " 3", "release 1"), log);
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
    assertEquals(List.of("setReplication " + PATH + " 3", "release 1"), log);
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

  // ---------------------------------------------------------------------------------------------- forgetting

  @Test
  void deletedFile_isForgottenAndItsBlocksReleased_withoutSetReplication() {
    namespace.put(openFile(block(1, "dn1"), block(2, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    namespace.files.remove(PATH);
    coordinator.scan();

    assertEquals(Set.of("release 1", "release 2"), Set.copyOf(log));
    assertEquals(2, log.size());
    assertTrue(namespace.replicationSet.isEmpty());
    assertEquals(new BackgroundCoordinator.Counters(1, 2, 0, 0, 0), coordinator.counters());

    coordinator.scan();
    assertEquals(2, log.size(), "nothing more once forgotten");
  }

  @Test
  void fileRaisedBySomeoneElse_isForgottenAndReleased() {
    namespace.put(openFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    log.clear();

    namespace.put(new FileView(PATH, (short) 3, true, (byte) 7, Optional.of(SPEC), List.of(block(1, "dn1"))));
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
    assertEquals(new BackgroundCoordinator.Counters(0, 0, 0, 0, 0), coordinator.counters());
  }

  @Test
  void trackedFile_isLeftAloneWhileStandby_andResumedWhenActiveAgain() {
    namespace.put(closedFile(block(1, "dn1")));
    writtenAndScanned(PATH);
    blocks.active = false;
    blocks.live.put(1L, 3);

    coordinator.scan();
    assertTrue(namespace.replicationSet.isEmpty());

    blocks.active = true;
    coordinator.scan();
    assertEquals(List.of(PATH + "=3"), namespace.replicationSet);
  }

  // ---------------------------------------------------------------------------------------------- counters

  @Test
  void counters_followFilesThroughTracking_completion_andFallback() {
    namespace.put(closedFile(block(1, "dn1"), block(2, "dn1")));
    namespace.put(new FileView("/job/part-1", (short) 1, false, (byte) 7, Optional.of(SPEC),
        List.of(block(3, "dn1"))));
    namespace.put(new FileView("/plain", (short) 3, false, (byte) 7, Optional.empty(), List.of(block(4, "dn1"))));

    coordinator.noteWritten(List.of(PATH, "/job/part-1", "/plain"));
    coordinator.scan();
    assertEquals(new BackgroundCoordinator.Counters(2, 3, 0, 0, 2), coordinator.counters());

    blocks.live.put(1L, 3);
    blocks.live.put(2L, 3);
    blocks.dead.add("dn2");
    coordinator.scan();
    assertEquals(new BackgroundCoordinator.Counters(2, 3, 1, 1, 0), coordinator.counters());
  }

  // ---------------------------------------------------------------------------------------------- helpers

  private void writtenAndScanned(String path) {
    coordinator.noteWritten(List.of(path));
    coordinator.scan();
  }

  private static NodeRef node(String uuid, String storageType) {
    int n = Integer.parseInt(uuid.substring(2));
    return new NodeRef(uuid, "10.0.0." + n, "host" + n, 9866, 9867, 9864, storageType);
  }

  private static BlockView block(long id, String... holders) {
    return new BlockView(id, 100 + id, 1000 * id, List.of(holders));
  }

  private static FileView file(String path, int replication, boolean open, Optional<PfimbiSpec> spec,
      BlockView... blocks) {
    return new FileView(path, (short) replication, open, (byte) 7, spec, List.of(blocks));
  }

  private static FileView openFile(BlockView... blocks) {
    return file(PATH, 1, true, Optional.of(SPEC), blocks);
  }

  private static FileView closedFile(BlockView... blocks) {
    return file(PATH, 1, false, Optional.of(SPEC), blocks);
  }

  private final class FakeNamespace implements Namespace {
    final Map<String, FileView> files = new HashMap<>();
    final List<String> replicationSet = new ArrayList<>();
    boolean failSetReplication;
    int lookups;

    void put(FileView f) {
      files.put(f.path(), f);
    }

    @Override
    public Optional<FileView> file(String path) {
      lookups++;
      return Optional.ofNullable(files.get(path));
    }

    @Override
    public void setReplication(String path, short replication) throws IOException {
      if (failSetReplication) {
        throw new IOException("NameNode in safe mode");
      }
      log.add("setReplication " + path + " " + replication);
      replicationSet.add(path + "=" + replication);
      FileView f = files.get(path);
      if (f != null) {
        put(new FileView(path, replication, f.underConstruction(), f.storagePolicyId(), f.spec(), f.blocks()));
      }
    }
  }

  private record Choice(String path, long blockId, int count, byte policy) {}

  private final class FakeBlocks implements BlockService {
    boolean active = true;
    final Map<Long, Integer> live = new HashMap<>();
    final List<NodeRef> targets = new ArrayList<>();
    final Map<Long, List<NodeRef>> targetsPerBlock = new HashMap<>();
    final Set<String> dead = new HashSet<>();
    final Set<Long> protectedBlocks = new HashSet<>();
    final List<Choice> choices = new ArrayList<>();

    @Override
    public boolean isActive() {
      return active;
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
      List<NodeRef> from = targetsPerBlock.getOrDefault(blockId, targets);
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
  }

  private record Sent(String ipAddr, BlockAvailable notice) {}

  private final class FakeNotifier implements BackgroundCoordinator.Notifier {
    final List<Sent> sent = new ArrayList<>();
    Optional<String> refusal = Optional.empty();
    IOException failure;

    @Override
    public Optional<String> notify(String ipAddr, BlockAvailable notice) throws IOException {
      log.add("notify " + notice.blockId());
      if (failure != null) {
        throw failure;
      }
      sent.add(new Sent(ipAddr, notice));
      return refusal;
    }
  }
}
