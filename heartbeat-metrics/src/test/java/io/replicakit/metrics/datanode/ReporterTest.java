/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import io.replicakit.metrics.sample.Sampler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ReporterTest {

  private static final long INTERVAL = 1_000;
  private static final long MAX_BACKOFF = 8_000;
  private static final long START_WALL = 1_700_000_000_000L;
  private static final InetSocketAddress NN1 = InetSocketAddress.createUnresolved("nn1", 9_871);
  private static final InetSocketAddress NN2 = InetSocketAddress.createUnresolved("nn2", 9_871);
  private static final String UUID = "0b6c1b8e-3a84-4f0c-9c7e-1a2b3c4d5e6f";

  /** One second of CPU per read, 30% idle. */
  private static final class FakeHost implements HostSource {
    long reads;
    boolean failing;

    @Override
    public HostCounters read() {
      if (failing) {
        throw new IllegalStateException("no /proc");
      }
      reads++;
      return new HostCounters(1_000 * reads, 300 * reads, 8L << 30, 2L << 30, reads * 1_000_000_000L);
    }
  }

  private static final class FakeVolumes implements VolumeSource {
    long reads;

    @Override
    public List<VolumeCounters> read(List<VolumeRef> volumes) {
      reads++;
      return volumes.stream().map(v -> new VolumeCounters(v, "/dev/sdb", 10 * reads, 4096 * reads,
          8192 * reads, 100_000_000L * reads, VolumeCounters.UNKNOWN, 1, reads * 1_000_000_000L)).toList();
    }
  }

  private static final class FakeNode implements Reporter.NodeView {
    String uuid = "";
    List<VolumeRef> volumes = List.of(new VolumeRef("DS-1", "DISK", "/data/1"),
        new VolumeRef("DS-2", "SSD", "/data/2"));

    @Override
    public String uuid() {
      return uuid;
    }

    @Override
    public List<VolumeRef> volumes() {
      return volumes;
    }
  }

  /** One metrics server as a channel sees it. */
  private static final class FakeServer {
    boolean up = true;
    boolean refuseConnect;
    String rejectReason; // null: accept
    final List<DatanodeSystemMetricsProto> received = new ArrayList<>();
    int attempts;
  }

  /** Opens channels to fake servers and remembers every channel it made. */
  private static final class FakeChannels implements Reporter.ChannelFactory {
    final Map<InetSocketAddress, FakeServer> servers = new HashMap<>();
    final Map<InetSocketAddress, List<FakeChannel>> opened = new HashMap<>();

    FakeServer server(InetSocketAddress address) {
      return servers.computeIfAbsent(address, a -> new FakeServer());
    }

    int opens(InetSocketAddress address) {
      return opened.getOrDefault(address, List.of()).size();
    }

    @Override
    public Reporter.Channel open(InetSocketAddress address) throws IOException {
      FakeServer server = server(address);
      FakeChannel channel = new FakeChannel(server);
      opened.computeIfAbsent(address, a -> new ArrayList<>()).add(channel);
      if (server.refuseConnect) {
        throw new IOException("connection refused: " + address);
      }
      return channel;
    }
  }

  private static final class FakeChannel implements Reporter.Channel {
    final FakeServer server;
    boolean closed;

    FakeChannel(FakeServer server) {
      this.server = server;
    }

    @Override
    public ReportResponseProto send(DatanodeSystemMetricsProto sample) throws IOException {
      if (closed) {
        throw new AssertionError("send on a closed channel");
      }
      server.attempts++;
      if (!server.up) {
        throw new IOException("server down");
      }
      server.received.add(sample);
      return server.rejectReason == null
          ? ReportResponseProto.newBuilder().setAccepted(true).build()
          : ReportResponseProto.newBuilder().setAccepted(false).setReason(server.rejectReason).build();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final AtomicLong wall = new AtomicLong(START_WALL);
  private final AtomicLong mono = new AtomicLong(0);
  private final FakeHost host = new FakeHost();
  private final FakeVolumes volumes = new FakeVolumes();
  private final FakeNode node = new FakeNode();
  private final FakeChannels channels = new FakeChannels();

  private Reporter reporter(List<InetSocketAddress> servers, int maxMessageBytes) {
    return new Reporter(new Sampler(host, volumes), node, servers, channels,
        new Reporter.Timing(INTERVAL, MAX_BACKOFF, wall::get, mono::get), maxMessageBytes);
  }

  private Reporter reporter(InetSocketAddress... servers) {
    return reporter(List.of(servers), 64 * 1024);
  }

  /** Runs a round at monotonic time {@code atMs}, the wall clock moving along. */
  private void roundAt(Reporter r, long atMs) {
    wall.addAndGet(atMs - mono.get());
    mono.set(atMs);
    r.round();
  }

  @Test
  void beforeTheDataNodeRegisters_nothingIsSent_butSamplesAreCounted() {
    Reporter r = reporter(NN1);

    roundAt(r, 0);
    roundAt(r, 1_000);

    Reporter.Stats stats = r.stats();
    assertEquals(2, stats.samples());
    assertEquals(0, stats.sent());
    assertEquals(0, channels.opens(NN1), "no connection before there is something to send");
    assertEquals(2, host.reads);
  }

  @Test
  void firstSampleAfterRegistration_startsAtSequenceZero_withRatesPrimedByEarlierRounds() {
    Reporter r = reporter(NN1);
    roundAt(r, 0);
    node.uuid = UUID;

    roundAt(r, 1_000);

    List<DatanodeSystemMetricsProto> got = channels.server(NN1).received;
    assertEquals(1, got.size());
    assertEquals(0, got.get(0).getSequence());
    assertEquals(30.0, got.get(0).getHost().getCpuIdlePct(), 1e-9);
    assertTrue(got.get(0).getVolumes(0).hasReadKbPerSec());
  }

  /**
   * A DataNode started with its clock an hour fast, then set right (NTP): the samples start a new epoch at the
   * corrected time, instead of keeping a start an hour ahead of the NameNode's clock, which it refuses.
   */
  @Test
  void wallClockSetBackBelowTheStart_startsANewEpoch_fromSequenceZero() {
    node.uuid = UUID;
    Reporter r = reporter(NN1);
    roundAt(r, 0);
    roundAt(r, 1_000);
    wall.addAndGet(-3_000); // a boot-time step of seconds: the NameNode tolerates it, the epoch stays
    roundAt(r, 2_000);
    wall.addAndGet(-3_600_000);
    roundAt(r, 3_000);
    roundAt(r, 4_000);

    List<DatanodeSystemMetricsProto> got = channels.server(NN1).received;
    long corrected = START_WALL + 3_000 - 3_000 - 3_600_000;
    assertEquals(List.of(START_WALL, START_WALL, START_WALL, corrected, corrected),
        got.stream().map(DatanodeSystemMetricsProto::getEpoch).toList());
    assertEquals(List.of(0L, 1L, 2L, 0L, 1L), got.stream().map(DatanodeSystemMetricsProto::getSequence).toList());
    assertEquals(corrected, r.epoch());
  }

  @Test
  void sequenceIncreasesByOnePerRound_andEpochIsConstant() {
    node.uuid = UUID;
    Reporter r = reporter(NN1);
    long epoch = r.epoch();

    roundAt(r, 0);
    roundAt(r, 1_000);
    roundAt(r, 2_000);

    List<DatanodeSystemMetricsProto> got = channels.server(NN1).received;
    assertEquals(START_WALL, epoch, "epoch is the wall clock when the reporter started");
    assertEquals(List.of(0L, 1L, 2L), got.stream().map(DatanodeSystemMetricsProto::getSequence).toList());
    assertEquals(List.of(epoch, epoch, epoch), got.stream().map(DatanodeSystemMetricsProto::getEpoch).toList());
    assertEquals(List.of(START_WALL, START_WALL + 1_000, START_WALL + 2_000),
        got.stream().map(DatanodeSystemMetricsProto::getSampleTimeMs).toList());
    got.forEach(p -> {
      assertEquals(UUID, p.getDatanodeUuid());
      assertEquals(INTERVAL, p.getIntervalMs());
      assertEquals(List.of("DS-1", "DS-2"), p.getVolumesList().stream().map(v -> v.getStorageId()).toList());
    });
    assertEquals(3, r.stats().sent());
    assertEquals(1, channels.opens(NN1), "one connection reused");
  }

  @Test
  void failingServer_isCountedAndBackedOff_thenRetried_andSuccessResetsTheBackoff() {
    node.uuid = UUID;
    FakeServer nn = channels.server(NN1);
    nn.up = false;
    Reporter r = reporter(NN1);

    roundAt(r, 0); // fails: next attempt at 1000
    assertEquals(1, r.stats().failures());
    assertEquals(1, channels.opens(NN1));

    roundAt(r, 500); // within the backoff: not even opened
    assertEquals(1, channels.opens(NN1));
    assertEquals(1, nn.attempts);
    assertEquals(1, r.stats().failures());

    roundAt(r, 1_000); // fails again: next attempt 2000 later, at 3000
    assertEquals(2, r.stats().failures());
    assertEquals(2, channels.opens(NN1));

    roundAt(r, 2_000);
    roundAt(r, 2_999);
    assertEquals(2, channels.opens(NN1));
    assertEquals(2, nn.attempts);

    nn.up = true;
    roundAt(r, 3_000);
    assertEquals(1, r.stats().sent());
    assertEquals(1, nn.received.size());

    roundAt(r, 3_001); // success reset the backoff: every round sends again
    assertEquals(2, r.stats().sent());

    nn.up = false;
    roundAt(r, 3_500); // a new streak starts again at the initial wait
    roundAt(r, 4_499);
    assertEquals(3, r.stats().failures());
    assertEquals(5, nn.attempts);
    roundAt(r, 4_500);
    assertEquals(4, r.stats().failures());
    assertEquals(6, nn.attempts);

    Reporter.Stats stats = r.stats();
    assertEquals(10, stats.samples());
    assertEquals(0, stats.rejected());
  }

  @Test
  void backoff_isCappedAtTheConfiguredMaximum() {
    node.uuid = UUID;
    channels.server(NN1).up = false;
    Reporter r = reporter(NN1);
    long t = 0;
    for (int i = 0; i < 6; i++) { // waits 1, 2, 4, 8, 8, 8 s
      roundAt(r, t);
      t += Math.min(INTERVAL << i, MAX_BACKOFF);
    }
    assertEquals(6, channels.server(NN1).attempts);

    roundAt(r, t - 1);
    assertEquals(6, channels.server(NN1).attempts);
    roundAt(r, t);
    assertEquals(7, channels.server(NN1).attempts);
  }

  @Test
  void channelIsClosedAndReopened_afterAFailure() {
    node.uuid = UUID;
    FakeServer nn = channels.server(NN1);
    Reporter r = reporter(NN1);
    roundAt(r, 0);
    FakeChannel first = channels.opened.get(NN1).get(0);

    nn.up = false;
    roundAt(r, 1_000);
    assertTrue(first.closed, "the broken connection is closed");

    nn.up = true;
    roundAt(r, 2_000);

    assertEquals(2, channels.opens(NN1), "the factory was asked for a new channel");
    assertFalse(channels.opened.get(NN1).get(1).closed);
    assertEquals(2, r.stats().sent());
    assertEquals(1, r.stats().failures());
  }

  @Test
  void refusedConnection_countsAsAFailure() {
    node.uuid = UUID;
    channels.server(NN1).refuseConnect = true;
    Reporter r = reporter(NN1);

    roundAt(r, 0);

    assertEquals(1, r.stats().failures());
    assertEquals(0, channels.server(NN1).attempts);

    channels.server(NN1).refuseConnect = false;
    roundAt(r, 1_000);
    assertEquals(1, r.stats().sent());
  }

  @Test
  void channelThrowingARuntimeException_countsAsAFailure_andTheRoundDoesNotThrow() {
    node.uuid = UUID;
    Reporter.ChannelFactory broken = address -> new Reporter.Channel() {
      @Override
      public ReportResponseProto send(DatanodeSystemMetricsProto sample) {
        throw new IllegalStateException("bug in the RPC layer");
      }

      @Override
      public void close() {}
    };
    Reporter r = new Reporter(new Sampler(host, volumes), node, List.of(NN1), broken,
        new Reporter.Timing(INTERVAL, MAX_BACKOFF, wall::get, mono::get), 64 * 1024);

    r.round();

    assertEquals(1, r.stats().failures());
  }

  @Test
  void rejectionResponse_isCountedAsRejected_andDoesNotBackOff() {
    node.uuid = UUID;
    FakeServer nn = channels.server(NN1);
    nn.rejectReason = "UNKNOWN_NODE";
    Reporter r = reporter(NN1);

    roundAt(r, 0);
    roundAt(r, 1);

    Reporter.Stats stats = r.stats();
    assertEquals(2, stats.rejected());
    assertEquals(0, stats.sent());
    assertEquals(0, stats.failures());
    assertEquals(2, nn.attempts);
    assertEquals(1, channels.opens(NN1));
  }

  @Test
  void oneServerDown_doesNotStopTheOtherFromReceiving() {
    node.uuid = UUID;
    channels.server(NN1).up = false;
    Reporter r = reporter(NN1, NN2);

    roundAt(r, 0);
    roundAt(r, 500);
    roundAt(r, 1_000);

    assertEquals(List.of(0L, 1L, 2L),
        channels.server(NN2).received.stream().map(DatanodeSystemMetricsProto::getSequence).toList());
    assertEquals(3, r.stats().sent());
    assertEquals(2, r.stats().failures(), "NN1 tried at 0 and 1000, waiting at 500");
    assertEquals(2, channels.server(NN1).attempts);
  }

  @Test
  void messageLargerThanTheMaximum_isNotSent_andCountedOversized() {
    node.uuid = UUID;
    Reporter r = reporter(List.of(NN1), 50);

    roundAt(r, 0);
    roundAt(r, 1_000);

    Reporter.Stats stats = r.stats();
    assertEquals(2, stats.oversized());
    assertEquals(0, stats.sent());
    assertTrue(stats.lastMessageBytes() > 50, "last message " + stats.lastMessageBytes() + " bytes");
    assertEquals(0, channels.opens(NN1));
  }

  @Test
  void failingMetricsSource_isCounted_andTheSampleIsStillSentWithMissingMetrics() {
    node.uuid = UUID;
    host.failing = true;
    Reporter r = reporter(NN1);

    roundAt(r, 0);

    assertEquals(1, r.stats().sourceErrors());
    DatanodeSystemMetricsProto got = channels.server(NN1).received.get(0);
    assertFalse(got.getHost().hasCpuIdlePct());
    assertFalse(got.getHost().hasMemoryFreePct());
    assertEquals(1, r.stats().sent());
  }

  @Test
  void close_closesOpenChannels() {
    node.uuid = UUID;
    Reporter r = reporter(NN1, NN2);
    roundAt(r, 0);

    r.close();

    assertTrue(channels.opened.get(NN1).get(0).closed);
    assertTrue(channels.opened.get(NN2).get(0).closed);
  }

  /**
   * The DataNode stops its plugin while a round is connecting (a NameNode slow to answer): the channel that
   * connection opens is closed with the reporter, not left open by the round after {@code close} returned (until
   * session 51 it was: the round set the channel after {@code close} had found none).
   */
  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void closeWhileARoundConnects_closesTheChannelThatRoundOpens() throws Exception {
    node.uuid = UUID;
    CountDownLatch connecting = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    Reporter.ChannelFactory slow = address -> {
      connecting.countDown();
      try {
        answer.await();
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
      return channels.open(address);
    };
    Reporter r = new Reporter(new Sampler(host, volumes), node, List.of(NN1), slow,
        new Reporter.Timing(INTERVAL, MAX_BACKOFF, wall::get, mono::get), 64 * 1024);
    Thread round = new Thread(r::round);
    round.start();
    connecting.await();
    Thread closer = new Thread(r::close);
    closer.start();
    while (closer.getState() != Thread.State.BLOCKED && closer.getState() != Thread.State.TERMINATED) {
      Thread.sleep(1);
    }
    answer.countDown();
    round.join();
    closer.join();

    assertTrue(channels.opened.get(NN1).get(0).closed, "the channel the round opened is closed");
  }

  @Test
  void roundAfterClose_opensNoChannel_andSendsNothing() {
    node.uuid = UUID;
    Reporter r = reporter(NN1);
    r.close();

    roundAt(r, 0);

    assertEquals(0, channels.opens(NN1));
    assertEquals(0, r.stats().sent());
  }

  @Test
  void intervalLongerThanTheBackoffCeiling_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> new Reporter(new Sampler(host, volumes), node,
        List.of(NN1), channels, new Reporter.Timing(10_000, 5_000, wall::get, mono::get), 1024));
  }
}
