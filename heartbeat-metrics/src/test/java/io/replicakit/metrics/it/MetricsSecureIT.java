/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.common.state.SystemStates;
import io.replicakit.metrics.rpc.MetricsClient;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.metrics.wire.MetricsCodec;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.secure.KerberosRealm;
import io.replicakit.testbed.secure.SecureHdfs;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics side channel in a Kerberos cluster (MiniKdc; block tokens, SASL data transfer, HTTPS,
 * {@code hadoop.security.authorization=true}, {@code hadoop.rpc.protection=privacy}): the DataNodes' reports
 * arrive, and nobody else gets a sample in.
 */
class MetricsSecureIT {

  /** A CPU idle figure no real DataNode reports, to recognise a forged sample in the registry. */
  private static final double FORGED_IDLE = 12.345;

  @TempDir
  static Path dir;

  private static KerberosRealm realm;
  private static KerberosRealm.Principal intruder;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    realm = KerberosRealm.start(dir.resolve("kdc"));
    intruder = realm.newPrincipal("mallory");
    cluster = EmbeddedCluster.start(SecureHdfs.spec(2),
        SecureHdfs.secure(MetricsClusters.withPlugins(dir.resolve("cluster")), realm, MetricsSecureIT.class));
  }

  @AfterAll
  static void stopCluster() throws Exception {
    SecureHdfs.stop(cluster, realm);
  }

  @Test
  void dataNodePrincipal_reportsReachTheRegistry_overPrivacy() throws Exception {
    assertEquals("privacy", conf().get(CommonConfigurationKeys.HADOOP_RPC_PROTECTION));
    for (String name : List.of("dn01", "dn02")) {
      String uuid = uuid(name);
      awaitFresh(uuid, 15_000);
      assertTrue(SystemStates.current().fresh(uuid).orElseThrow().sample().host().hasMemory());
    }
  }

  @Test
  void otherPrincipal_isRefused() throws Exception {
    UserGroupInformation mallory = KerberosRealm.login(intruder);
    IOException refused = assertThrows(IOException.class, () -> report(mallory, conf(), forgedFor("dn01")));
    assertTrue(refused.getMessage().contains("is not authorized for protocol"), refused.getMessage());
    assertNoForgedSample("dn01");
  }

  @Test
  void unauthenticatedSimpleClient_isRefused() throws Exception {
    UserGroupInformation anonymous = UserGroupInformation.createRemoteUser("hdfs");
    IOException refused = assertThrows(IOException.class, () -> report(anonymous, conf(), forgedFor("dn01")));
    assertTrue(refused.getMessage().contains("authenticat"), refused.getMessage());
    assertNoForgedSample("dn01");
  }

  @Test
  void dataNodePrincipalWithoutPrivacy_isRefused() throws Exception {
    Configuration weaker = new Configuration(conf());
    weaker.set(CommonConfigurationKeys.HADOOP_RPC_PROTECTION, "authentication");
    UserGroupInformation dataNode = KerberosRealm.login(realm.service());
    assertThrows(IOException.class, () -> report(dataNode, weaker, forgedFor("dn02")));
    assertNoForgedSample("dn02");
  }

  private static Configuration conf() {
    return cluster.miniCluster().getConfiguration(0);
  }

  private static String uuid(String name) {
    return cluster.dataNode(name).orElseThrow().getDatanodeUuid();
  }

  /** A plausible sample for a real DataNode, as an attacker would send it. */
  private static DatanodeSystemMetricsProto forgedFor(String name) {
    long now = System.currentTimeMillis();
    SystemSample sample = new SystemSample(uuid(name), now + 60_000, 0, now, 1000,
        new HostMetrics(FORGED_IDLE, 99.0, 1L << 30), List.of());
    return new MetricsCodec(64 * 1024).toProto(sample);
  }

  private static void report(UserGroupInformation user, Configuration conf, DatanodeSystemMetricsProto sample)
      throws Exception {
    InetSocketAddress server = NetUtils.createSocketAddr(conf.get(MetricsConfig.SERVER_ADDRESS_KEY));
    PrivilegedExceptionAction<Void> call = () -> {
      try (MetricsClient client = MetricsClient.connect(conf, server, 5_000)) {
        client.report(sample);
      }
      return null;
    };
    try {
      user.doAs(call);
    } catch (java.lang.reflect.UndeclaredThrowableException e) {
      throw (Exception) e.getCause();
    }
  }

  private static void assertNoForgedSample(String name) {
    SystemStates.current().all().stream().filter(s -> s.datanodeUuid().equals(uuid(name)))
        .forEach(s -> assertTrue(s.sample().host().cpuIdlePct() != FORGED_IDLE, "a forged sample got in"));
  }

  private static void awaitFresh(String uuid, long timeoutMs) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (SystemStates.current().fresh(uuid).isEmpty()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("no fresh sample of " + uuid + " within " + timeoutMs + " ms: "
            + SystemStates.current().all());
      }
      Thread.sleep(100);
    }
  }
}
