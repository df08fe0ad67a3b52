/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.metrics.config.RegistrySettings;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import io.replicakit.metrics.registry.NodeDirectory;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SampleBounds;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.metrics.wire.MetricsCodec;
import io.replicakit.metrics.wire.Rejection;
import io.replicakit.testbed.net.SilentHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The real Hadoop IPC server and client on loopback; no cluster. */
class MetricsServerTest {

  private static final NodeDirectory ALL_LIVE = new NodeDirectory() {
    @Override
    public NodeStatus status(String datanodeUuid) {
      return datanodeUuid.startsWith("dn-") ? NodeStatus.LIVE : NodeStatus.UNKNOWN;
    }

    @Override
    public Optional<NodeAddress> address(String datanodeUuid) {
      return Optional.of(new NodeAddress("host-" + datanodeUuid, "127.0.0.1:9866"));
    }

    @Override
    public Optional<String> ipAddress(String datanodeUuid) {
      return Optional.of(datanodeUuid.equals("dn-elsewhere") ? "127.0.0.2" : "127.0.0.1");
    }
  };

  private final MetricsCodec codec = new MetricsCodec(64 * 1024);
  private final SystemStateRegistry registry = new SystemStateRegistry(System::currentTimeMillis, 3,
      ALL_LIVE::status);
  private MetricsServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /**
   * A NameNode whose host does not answer (connects time out, as to a powered-off or firewalled host): the report
   * fails after one connect attempt bounded by the call's timeout, so the reporter's own backoff takes over. Until
   * session 51 Hadoop IPC retried the timed-out connect 45 times of 20 s whatever the retry policy, and the
   * reporter, which sends to each NameNode in turn, gave the other NameNode of an HA pair no sample for 15 minutes.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void nameNodeHostThatNeverAnswers_failsTheReportAfterOneBoundedConnect() throws Exception {
    try (SilentHost silent = SilentHost.open();
        MetricsClient client = MetricsClient.connect(new Configuration(false), silent.address(), 1_000)) {
      long start = System.nanoTime();
      assertThrows(IOException.class, () -> client.report(codec.toProto(sample("dn-1", 0, 1.0))));
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      // Not a timing benchmark: the bound only tells one bounded attempt (about 1 s) from Hadoop's default
      // connect timeout of 20 s, which even a single unbounded attempt would reach.
      assertTrue(ms < 20_000, "the report took " + ms + " ms");
    }
  }

  /**
   * In a DataNode, HDFS's own NameNode connection makes Hadoop's IPC client for the standard socket factory first,
   * with the 20 s default connect timeout, and a client reads its timeout once: the reporter's bound must still hold,
   * so its proxies use a socket factory of their own (until session 53 a powered-off NameNode host cost each report
   * 20 s inside a DataNode).
   */
  @Test
  void ipcClientAlreadyMadeWithTheDefaultTimeout_doesNotLengthenTheBoundedConnect() throws Exception {
    Configuration defaults = new Configuration(false);
    RPC.setProtocolEngine(defaults, DatanodeMetricsProtocolPB.class, ProtobufRpcEngine2.class);
    try (SilentHost silent = SilentHost.open()) {
      DatanodeMetricsProtocolPB hdfsLike = RPC.getProtocolProxy(DatanodeMetricsProtocolPB.class,
          RPC.getProtocolVersion(DatanodeMetricsProtocolPB.class), silent.address(),
          UserGroupInformation.getCurrentUser(), defaults, NetUtils.getDefaultSocketFactory(defaults), 0,
          null).getProxy();
      try (MetricsClient client = MetricsClient.connect(new Configuration(false), silent.address(), 1_000)) {
        long start = System.nanoTime();
        assertThrows(IOException.class, () -> client.report(codec.toProto(sample("dn-1", 0, 1.0))));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        // one attempt of about 1 s, against the shared client's 20 s
        assertTrue(ms < 10_000, "the report took " + ms + " ms");
      } finally {
        RPC.stopProxy(hdfsLike);
      }
    }
  }

  /**
   * A request far above {@code message.max.bytes} is refused by Hadoop's IPC layer before it is read: the server
   * closes the connection. Until session 51 the server read and parsed requests of up to Hadoop's default 128 MB
   * (from anyone, before any check of its own) and only then refused them as oversized.
   */
  @Test
  void requestFarAboveTheMessageLimit_isRefusedBeforeItIsRead() throws Exception {
    server = start(new Configuration(false));
    DatanodeSystemMetricsProto huge = codec.toProto(sample("dn-1", 0, 1.0)).toBuilder()
        .setDatanodeUuid("x".repeat(1024 * 1024)).build();
    try (MetricsClient client = client(new Configuration(false))) {
      assertThrows(IOException.class, () -> client.report(huge));
    }
    assertEquals(0, registry.rejectedCount(), "never reached the server's own checks");
  }

  @Test
  void report_isAcceptedAndListed() throws Exception {
    server = start(new Configuration(false));
    try (MetricsClient client = client(new Configuration(false))) {
      ReportResponseProto response = client.report(codec.toProto(sample("dn-1", 0, 42.0)));
      assertTrue(response.getAccepted(), response.getReason());
      ListNodesResponseProto nodes = client.listNodes();
      assertEquals(1, nodes.getNodesCount());
      assertEquals("dn-1", nodes.getNodes(0).getSample().getDatanodeUuid());
      assertEquals("host-dn-1", nodes.getNodes(0).getHostName());
      assertEquals(42.0, nodes.getNodes(0).getSample().getVolumes(0).getUtilizationPct());
      assertEquals(1, nodes.getAccepted());
    }
  }

  @Test
  void badSamples_areRejectedAndCounted_andTheServerKeepsServing() throws Exception {
    server = start(new Configuration(false));
    try (MetricsClient client = client(new Configuration(false))) {
      DatanodeSystemMetricsProto invalid = codec.toProto(sample("dn-1", 0, 42.0)).toBuilder()
          .setVolumes(0, codec.toProto(sample("dn-1", 0, 42.0)).getVolumes(0).toBuilder().setUtilizationPct(180))
          .build();
      ReportResponseProto rejected = client.report(invalid);
      assertFalse(rejected.getAccepted());
      assertTrue(rejected.getReason().startsWith("INVALID: volume 1: utilization_pct must be in 0..100"),
          rejected.getReason());
      assertFalse(client.report(codec.toProto(sample("intruder", 0, 1.0))).getAccepted());
      assertTrue(client.report(codec.toProto(sample("dn-1", 1, 5.0))).getAccepted());
      assertFalse(client.report(codec.toProto(sample("dn-1", 1, 5.0))).getAccepted(), "a replay is out of order");
    }
    assertEquals(1, registry.rejectedCount(Rejection.INVALID));
    assertEquals(1, registry.rejectedCount(Rejection.UNKNOWN_NODE));
    assertEquals(1, registry.rejectedCount(Rejection.OUT_OF_ORDER));
    assertEquals(1, registry.acceptedCount());
  }

  @Test
  void serviceAcl_letsOnlyListedUsersReport() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setBoolean(CommonConfigurationKeys.HADOOP_SECURITY_AUTHORIZATION, true);
    conf.set(MetricsPolicyProvider.REPORT_ACL_KEY, "hdfs-datanode");
    conf.set(MetricsPolicyProvider.QUERY_ACL_KEY, "*");
    server = start(conf);
    DatanodeSystemMetricsProto sample = codec.toProto(sample("dn-1", 0, 10.0));

    IOException denied = assertThrows(IOException.class, () -> as("intruder", () -> {
      try (MetricsClient client = client(conf)) {
        return client.report(sample);
      }
    }));
    assertTrue(denied.getMessage().contains("not authorized"), denied.getMessage());
    assertEquals(0, registry.acceptedCount(), "nothing from an unauthorized user reaches the registry");

    ReportResponseProto allowed = as("hdfs-datanode", () -> {
      try (MetricsClient client = client(conf)) {
        return client.report(sample);
      }
    });
    assertTrue(allowed.getAccepted());
    try (MetricsClient client = client(conf)) {
      assertEquals(1, client.listNodes().getNodesCount(), "the query ACL (*) lets the NameNode's user list");
    }
  }

  /**
   * Listing every DataNode's address and load is, in HDFS, {@code hdfs dfsadmin -report}: superusers only. Until
   * session 51 the listing was guarded by its service ACL alone, whose default lets every user in.
   */
  @Test
  void listNodes_byAUserWhoIsNotASuperuser_isRefusedAsHdfsRefusesItsDatanodeReport() throws Exception {
    server = start(new Configuration(false));
    IOException denied = assertThrows(IOException.class, () -> as("operator", () -> {
      try (MetricsClient client = client(new Configuration(false))) {
        return client.listNodes();
      }
    }));
    assertTrue(denied.getMessage().contains("Superuser privilege is required"), denied.getMessage());
    try (MetricsClient client = client(new Configuration(false))) {
      assertEquals(0, client.listNodes().getNodesCount(), "the NameNode's own user may list");
    }
  }

  @Test
  void listNodes_withHdfsPermissionsOff_isOpenToEveryUser() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setBoolean(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, false);
    server = start(conf);
    int listed = as("operator", () -> {
      try (MetricsClient client = client(conf)) {
        return client.listNodes().getNodesCount();
      }
    });
    assertEquals(0, listed);
  }

  @Test
  void reportForAnotherDataNodesUuid_isRefusedAsWrongSender() throws Exception {
    server = start(new Configuration(false));
    try (MetricsClient client = client(new Configuration(false))) {
      ReportResponseProto spoofed = client.report(codec.toProto(sample("dn-elsewhere", 0, 99.0)));
      assertFalse(spoofed.getAccepted());
      assertEquals("WRONG_SENDER: a report for DataNode dn-elsewhere must come from its registered address "
          + "127.0.0.2, not 127.0.0.1", spoofed.getReason());
    }
    assertEquals(1, registry.rejectedCount(Rejection.WRONG_SENDER));
    assertTrue(registry.all().isEmpty(), "nothing of the spoofed sample is kept");
  }

  @Test
  void sampleBeyondTheNameNodesBounds_isRefusedWithTheReason() throws Exception {
    SystemStateRegistry bounded = new SystemStateRegistry(
        new SystemStateRegistry.Clocks(() -> System.nanoTime() / 1_000_000, System::currentTimeMillis), 3,
        SampleBounds.forInterval(1000), ALL_LIVE::status);
    RegistrySettings settings = new RegistrySettings(new InetSocketAddress("127.0.0.1", 0), 2, 3, 64 * 1024, 1000);
    server = MetricsServer.start(new Configuration(false), settings, bounded, ALL_LIVE);
    SystemSample normal = sample("dn-1", 0, 5.0);
    try (MetricsClient client = client(new Configuration(false))) {
      ReportResponseProto day = client.report(codec.toProto(withInterval(normal, 24 * 3600 * 1000)));
      assertEquals("INVALID: interval_ms 86400000 is above the NameNode's limit of 10000 ms (10 × its own report "
          + "interval)", day.getReason());
      long future = System.currentTimeMillis() + 365L * 24 * 3600 * 1000;
      ReportResponseProto ahead = client.report(codec.toProto(withEpoch(normal, future)));
      assertFalse(ahead.getAccepted());
      assertTrue(ahead.getReason().startsWith("INVALID: epoch " + future + " is "), ahead.getReason());
      long before = System.currentTimeMillis();
      assertTrue(client.report(codec.toProto(normal)).getAccepted(), "the real sample is not shut out");
      long received = client.listNodes().getNodes(0).getReceivedTimeMs();
      assertTrue(received >= before - 1_000 && received <= System.currentTimeMillis() + 1_000,
          "the listing gives the arrival on the wall clock, not the registry's monotonic one: " + received);
    }
    assertEquals(2, bounded.rejectedCount(Rejection.INVALID));
  }

  private static SystemSample withInterval(SystemSample s, int intervalMs) {
    return new SystemSample(s.datanodeUuid(), s.epoch(), s.sequence(), s.sampleTimeMs(), intervalMs, s.host(),
        s.volumes());
  }

  private static SystemSample withEpoch(SystemSample s, long epoch) {
    return new SystemSample(s.datanodeUuid(), epoch, s.sequence(), s.sampleTimeMs(), s.intervalMs(), s.host(),
        s.volumes());
  }

  private MetricsServer start(Configuration conf) throws IOException {
    RegistrySettings settings = new RegistrySettings(new InetSocketAddress("127.0.0.1", 0), 2, 3, 64 * 1024, 1000);
    return MetricsServer.start(conf, settings, registry, ALL_LIVE);
  }

  private MetricsClient client(Configuration conf) throws IOException {
    return MetricsClient.connect(conf, server.address(), 5000);
  }

  private static <T> T as(String user, PrivilegedExceptionAction<T> action) throws Exception {
    try {
      return UserGroupInformation.createRemoteUser(user).doAs(action);
    } catch (java.lang.reflect.UndeclaredThrowableException e) {
      throw (Exception) e.getCause();
    }
  }

  private static SystemSample sample(String uuid, long sequence, double utilization) {
    return new SystemSample(uuid, 1_700_000_000_000L, sequence, 1_700_000_000_500L, 1000,
        new HostMetrics(80.0, 50.0, 1L << 34),
        List.of(new VolumeMetrics("DS-1", "SSD", "/dev/sdb", 1.5, 100, 200, utilization, 0.5)));
  }
}
