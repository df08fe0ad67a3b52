/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableResponseProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.FailedBlockProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusResponseProto;
import io.replicakit.testbed.net.SilentHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.retry.RetryPolicies;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real Hadoop IPC on 127.0.0.1, server on an ephemeral port, simple authentication. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class RmServerClientTest {

  private static final String LOCALHOST = "127.0.0.1";
  private static final NodeRef SOURCE = new NodeRef("uuid-1", LOCALHOST, "localhost", 9866, 9867, 9864, "DISK");
  private static final NodeRef NEXT = new NodeRef("uuid-3", "10.0.0.3", "host3", 9866, 9867, 9864, "SSD");
  private static final BlockAvailable NOTICE = new BlockAvailable("BP-1", 1_073_741_825L, 1001, 4096, SOURCE,
      "job1", 2.0, 2, "DISK", List.of(NEXT));

  private static final long INCARNATION = 0x5eed_1234_5678L;

  private final Configuration conf = new Configuration();
  private final List<BlockAvailable> received = new CopyOnWriteArrayList<>();
  private volatile Optional<String> answer = Optional.empty();
  private RmServer server;
  private RmClient client;

  @BeforeEach
  void start() throws IOException {
    server = RmServer.start(conf, new InetSocketAddress(LOCALHOST, 0), 1, new NoticeHandler() {
      @Override
      public Optional<String> accept(BlockAvailable notice) {
        received.add(notice);
        return answer;
      }

      @Override
      public List<ManagerStatusProto> status() {
        return List.of(ManagerStatusProto.newBuilder().setStorageType("DISK").setQueued(3).setBuffered(1)
            .setBufferedBytes(4096).setFetched(5).setWritten(4).setFailed(0).setActivity(1.5).setThreshold(2)
            .build());
      }

      @Override
      public List<FailedBlockProto> failedBlocks() {
        return List.of(
            FailedBlockProto.newBuilder().setBlockId(11).setReason("write failed: disk full").build(),
            FailedBlockProto.newBuilder().setBlockId(5).setBlockPoolId("BP-2").setReason("another pool's").build(),
            FailedBlockProto.newBuilder().setBlockId(7).setBlockPoolId("BP-1").setReason("fetch failed: source gone")
                .build());
      }

      @Override
      public long incarnation() {
        return INCARNATION;
      }
    });
    client = new RmClient(conf, server.address().getPort(), 5_000);
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  /**
   * A Replication Manager whose host does not answer (a listener that never accepts, its backlog full: connects
   * time out, as to a powered-off host): the call fails after one connect timeout, at most the call's timeout,
   * instead of after Hadoop IPC's 45 retries of 20 s.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void hostThatNeverAnswers_failsTheCallAfterOneConnectTimeout() throws Exception {
    try (SilentHost silent = SilentHost.open()) {
      RmClient unanswered = new RmClient(new Configuration(), silent.address().getPort(), 1_000);
      try {
        long start = System.nanoTime();
        assertThrows(IOException.class, () -> unanswered.status("127.0.0.1"));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        // Not a timing benchmark: the bound only tells one bounded attempt (about 1 s) from Hadoop's default
        // connect timeout of 20 s, which even a single unbounded attempt would reach.
        assertTrue(ms < 20_000, "the call took " + ms + " ms");
      } finally {
        unanswered.close();
      }
    }
  }

  /**
   * A host that timed out is not called again while its skip lasts: the next calls fail at once (an upstream
   * DataNode forwarding many blocks to a powered-off node, or the coordinator's round, waited the full timeout per
   * call before), and it is called again once the skip ends.
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void hostThatTimedOut_isNotCalledAgainUntilItsSkipEnds() throws Exception {
    AtomicLong now = new AtomicLong();
    try (SilentHost silent = SilentHost.open()) {
      RmClient unanswered = new RmClient(new Configuration(), silent.address().getPort(), 1_000,
          new UnansweredHosts(30_000, now::get));
      try {
        IOException first = assertThrows(IOException.class, () -> unanswered.notify("127.0.0.1", NOTICE));
        assertFalse(first.getMessage().startsWith("not called"), first.toString());
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
          IOException skipped = assertThrows(IOException.class, () -> unanswered.notify("127.0.0.1", NOTICE));
          assertTrue(skipped.getMessage().startsWith("not called: 127.0.0.1 did not answer"), skipped.toString());
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        // Not a timing benchmark: 20 calls that each waited for the 1 s timeout would take 20 s.
        assertTrue(ms < 10_000, "20 skipped calls took " + ms + " ms");
        now.addAndGet(30_000);
        IOException again = assertThrows(IOException.class, () -> unanswered.status("127.0.0.1"));
        assertFalse(again.getMessage().startsWith("not called"), "called again after the skip: " + again);
      } finally {
        unanswered.close();
      }
    }
  }

  @Test
  void serverOnPortZero_listensOnAnEphemeralPort() {
    assertTrue(server.address().getPort() > 0);
  }

  @Test
  void acceptedNotice_roundTripsToTheHandler() throws IOException {
    assertEquals(Optional.empty(), client.notify(LOCALHOST, NOTICE));

    assertEquals(List.of(NOTICE), received);
  }

  @Test
  void everyAnswer_namesTheDataNodeProcessThatGaveIt() throws IOException {
    assertEquals(new ManagerAnswer(Optional.empty(), INCARNATION), client.offer(LOCALHOST, NOTICE));
    FailureReport report = client.failureReport(LOCALHOST, "BP-1");
    assertEquals(INCARNATION, report.incarnation());
    assertEquals(List.of(11L, 7L), List.copyOf(report.failed().keySet()), "the pool's failures, oldest first");
  }

  @Test
  void refusal_comesBackAsItsReason() throws IOException {
    answer = Optional.of("block 1073741825 is already queued");

    assertEquals(Optional.of("block 1073741825 is already queued"), client.notify(LOCALHOST, NOTICE));
    assertEquals(1, received.size());
  }

  @Test
  void manyNotices_overOneCachedProxy() throws IOException {
    for (int i = 0; i < 20; i++) {
      BlockAvailable n = new BlockAvailable("BP-1", i, 1, 1, SOURCE, "job1", 1.0, 2, "DISK", List.of());
      assertEquals(Optional.empty(), client.notify(LOCALHOST, n));
    }
    assertEquals(20, received.size());
  }

  @Test
  void notice_theClientCannotCatchBeforeSending_isRefusedByTheServer_notThrown() throws IOException {
    // position 1 cannot come from the codec's callers by accident, but the record allows it: the server decides
    BlockAvailable positionOne = new BlockAvailable("BP-1", 7, 1, 1, SOURCE, "job1", 1.0, 1, "DISK", List.of());

    Optional<String> refused = client.notify(LOCALHOST, positionOne);

    assertTrue(refused.isPresent());
    assertTrue(refused.get().contains("position"), refused.get());
    assertTrue(received.isEmpty(), "never reaches the handler");
  }

  @Test
  void malformedProto_fromARawProxy_isRefusedWithAReason_notThrown() throws Exception {
    ReplicationManagerProtocolPB raw = rawProxy();
    try {
      BlockAvailableProto bad = NoticeCodec.toProto(NOTICE).toBuilder()
          .setSource(NoticeCodec.toProto(SOURCE).toBuilder().setXferPort(0))
          .setStorageType("TAPE")
          .build();

      BlockAvailableResponseProto response = raw.blockAvailable(null, bad);

      assertFalse(response.getAccepted());
      assertTrue(response.getReason().contains("storage type"), response.getReason());
      assertTrue(received.isEmpty());

      BlockAvailableResponseProto good = raw.blockAvailable(null, NoticeCodec.toProto(NOTICE));
      assertTrue(good.getAccepted(), "the server keeps serving after a bad notice");
    } finally {
      RPC.stopProxy(raw);
    }
  }

  @Test
  void serverRestartedOnItsPort_theNextNoticeStillArrives() throws IOException {
    assertEquals(Optional.empty(), client.notify(LOCALHOST, NOTICE)); // a cached connection to this process
    int port = server.address().getPort();
    NoticeHandler handler = acceptAll();
    server.close();
    server = restartOn(port, handler);

    assertEquals(Optional.empty(), client.notify(LOCALHOST, NOTICE),
        "a DataNode restart must not cost a notice (the NameNode would fall back for nothing)");
  }

  @Test
  void onlyADeadConnection_isTriedAgain() {
    assertTrue(RmClient.staleConnection(new java.io.EOFException("End of File Exception")));
    assertTrue(RmClient.staleConnection(new java.net.SocketException("Connection reset")));
    assertFalse(RmClient.staleConnection(new java.net.ConnectException("Connection refused")));
    assertFalse(RmClient.staleConnection(new java.net.SocketTimeoutException("read timed out")));
    assertFalse(RmClient.staleConnection(new org.apache.hadoop.ipc.RemoteException("x", "refused by ACL")));
  }

  /**
   * Hadoop's RPC server closes its listening socket from the listener thread's selector, after {@code stop()}
   * returns, so the port can stay bound for a moment (CI saw a BindException); a restarted DataNode process would
   * only ever bind after the old one is gone. Retry for up to ten seconds.
   */
  private RmServer restartOn(int port, NoticeHandler handler) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      try {
        return RmServer.start(conf, new InetSocketAddress(LOCALHOST, port), 1, handler);
      } catch (java.net.BindException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        sleepBriefly();
      }
    }
  }

  private static void sleepBriefly() throws IOException {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for the port");
    }
  }

  private NoticeHandler acceptAll() {
    return new NoticeHandler() {
      @Override
      public Optional<String> accept(BlockAvailable notice) {
        received.add(notice);
        return Optional.empty();
      }

      @Override
      public List<ManagerStatusProto> status() {
        return List.of();
      }
    };
  }

  @Test
  void status_reachesTheClient() throws IOException {
    StatusResponseProto status = client.status(LOCALHOST);

    assertEquals(1, status.getManagersCount());
    assertEquals("DISK", status.getManagers(0).getStorageType());
    assertEquals(3, status.getManagers(0).getQueued());
  }

  @Test
  void failedBlocks_reachTheClient_asIdToReason_inTheServersOrder_ofItsPoolOrNoneNamed() throws IOException {
    Map<Long, String> failed = client.failedBlocks(LOCALHOST, "BP-1");

    assertEquals(List.of(11L, 7L), List.copyOf(failed.keySet()));
    assertEquals("write failed: disk full", failed.get(11L));
    assertEquals("fetch failed: source gone", failed.get(7L));
  }

  @Test
  void stoppedServer_raisesIOException_forAnExistingProxy_andForANewOne() throws IOException {
    assertEquals(Optional.empty(), client.notify(LOCALHOST, NOTICE)); // proxy cached
    server.close();

    assertThrows(IOException.class, () -> client.notify(LOCALHOST, NOTICE));
    assertThrows(IOException.class, () -> client.notify(LOCALHOST, NOTICE), "after the proxy was dropped");
    assertThrows(IOException.class, () -> client.status(LOCALHOST));
  }

  @Test
  void nothingListening_raisesIOException() {
    try (RmClient nowhere = new RmClient(conf, server.address().getPort(), 2_000)) {
      server.close();

      assertThrows(IOException.class, () -> nowhere.notify(LOCALHOST, NOTICE));
    }
  }

  private ReplicationManagerProtocolPB rawProxy() throws IOException {
    Configuration c = new Configuration(conf);
    RPC.setProtocolEngine(c, ReplicationManagerProtocolPB.class, ProtobufRpcEngine2.class);
    return RPC.getProtocolProxy(ReplicationManagerProtocolPB.class,
        RPC.getProtocolVersion(ReplicationManagerProtocolPB.class), server.address(),
        UserGroupInformation.getCurrentUser(), c, NetUtils.getDefaultSocketFactory(c), 5_000,
        RetryPolicies.TRY_ONCE_THEN_FAIL).getProxy();
  }
}
