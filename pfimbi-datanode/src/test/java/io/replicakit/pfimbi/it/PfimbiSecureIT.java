/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NodeRef;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.secure.KerberosRealm;
import io.replicakit.testbed.secure.SecureHdfs;
import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pfimbi in a Kerberos cluster (MiniKdc; block tokens, SASL data transfer, HTTPS,
 * {@code hadoop.security.authorization=true}, {@code hadoop.rpc.protection=privacy}), on three DataNodes in three
 * racks: the NameNode's notices are accepted and a Pfimbi(3,1) file reaches three replicas; other callers are
 * refused, and a DataNode principal's notice that lies about a block's length costs no replica.
 */
class PfimbiSecureIT {

  private static final PfimbiSpec SPEC = PfimbiSpec.parse("n=3;s=1;flow=secure;weight=1");

  @TempDir
  static Path dir;

  private static KerberosRealm realm;
  private static KerberosRealm.Principal intruder;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    realm = KerberosRealm.start(dir.resolve("kdc"));
    intruder = realm.newPrincipal("mallory");
    cluster = EmbeddedCluster.start(SecureHdfs.spec(3),
        SecureHdfs.secure(PfimbiClusters.withPfimbi(dir.resolve("cluster")), realm, PfimbiSecureIT.class));
  }

  @AfterAll
  static void stopCluster() throws Exception {
    SecureHdfs.stop(cluster, realm);
  }

  @Test
  void nameNodeNotices_areAccepted_andThePfimbiFileReachesFullReplication_overPrivacy() throws Exception {
    assertEquals("privacy", conf().get("hadoop.rpc.protection"));
    org.apache.hadoop.fs.Path file = PfimbiClusters.write(cluster, "/secure/jobs", SPEC, 2);
    PfimbiClusters.awaitReplicas(cluster, file, 3, Duration.ofSeconds(60));
  }

  @Test
  void otherPrincipal_isRefused() throws Exception {
    LocatedBlock block = singleReplicaBlock("/secure/other");
    UserGroupInformation mallory = KerberosRealm.login(intruder);
    Optional<String> refusal = notify(mallory, conf(), target(block), noticeFor(block, block.getBlockSize()));
    assertTrue(refusal.orElseThrow().startsWith("Pfimbi notice refused: " + intruder.name()), refusal.get());
    assertEquals(1, locations("/secure/other"), "no copy was made");
    IOException status = assertThrows(IOException.class, () -> failed(mallory, target(block)));
    assertTrue(status.getMessage().contains("Pfimbi status refused: " + intruder.name()), status.getMessage());
  }

  @Test
  void unauthenticatedSimpleClient_isRefused() throws Exception {
    LocatedBlock block = singleReplicaBlock("/secure/simple");
    UserGroupInformation anonymous = UserGroupInformation.createRemoteUser("hdfs");
    IOException refused = assertThrows(IOException.class,
        () -> notify(anonymous, conf(), target(block), noticeFor(block, block.getBlockSize())));
    assertTrue(refused.getMessage().contains("authenticat"), refused.getMessage());
  }

  @Test
  void noticeUnderstatingTheBlockLength_isDroppedAndCounted() throws Exception {
    LocatedBlock block = singleReplicaBlock("/secure/short");
    DatanodeInfo target = target(block);
    UserGroupInformation dataNode = KerberosRealm.login(realm.service());
    long failedBefore = failed(dataNode, target);
    Optional<String> refusal = notify(dataNode, conf(), target, noticeFor(block, block.getBlockSize() / 2));
    assertEquals(Optional.empty(), refusal, "the notice itself is well formed and queued");
    long deadline = System.currentTimeMillis() + 20_000;
    while (failed(dataNode, target) == failedBefore) {
      assertTrue(System.currentTimeMillis() < deadline, "the copy was neither dropped nor counted");
      Thread.sleep(200);
    }
    Thread.sleep(3_000); // a stored truncated replica would reach the NameNode within an IBR, about a heartbeat
    assertEquals(1, locations("/secure/short"), "no truncated replica was stored");
  }

  @Test
  void noticeForAForeignBlockPool_isRefused() throws Exception {
    LocatedBlock block = singleReplicaBlock("/secure/foreign");
    BlockAvailable real = noticeFor(block, block.getBlockSize());
    BlockAvailable foreign = new BlockAvailable("BP-1-10.9.9.9-1", real.blockId(), real.generationStamp(),
        real.numBytes(), real.source(), real.flow(), real.flowWeight(), real.position(), real.storageType(),
        real.downstream());
    UserGroupInformation dataNode = KerberosRealm.login(realm.service());
    Optional<String> refusal = notify(dataNode, conf(), target(block), foreign);
    assertEquals("block pool BP-1-10.9.9.9-1 is not served by this DataNode", refusal.orElseThrow());
  }

  private static Configuration conf() {
    return cluster.miniCluster().getConfiguration(0);
  }

  /** A one-block file written as in plain HDFS with one replica (no Pfimbi attribute), and its block. */
  private static LocatedBlock singleReplicaBlock(String path) throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      byte[] data = new byte[PfimbiClusters.BLOCK / 2];
      Arrays.fill(data, (byte) 7);
      try (FSDataOutputStream out = fs.create(file, (short) 1)) {
        out.write(data);
      }
      return PfimbiClusters.located(fs, file).get(0);
    }
  }

  private static int locations(String path) throws IOException {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      return PfimbiClusters.located(fs, new org.apache.hadoop.fs.Path(path)).get(0).getLocations().length;
    }
  }

  /** A DataNode that does not hold {@code block}. */
  private static DatanodeInfo target(LocatedBlock block) throws IOException {
    String holder = block.getLocations()[0].getDatanodeUuid();
    return Arrays.stream(cluster.miniCluster().getNameNode().getRpcServer()
            .getDatanodeReport(org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE))
        .filter(d -> !d.getDatanodeUuid().equals(holder)).findFirst().orElseThrow();
  }

  private static BlockAvailable noticeFor(LocatedBlock block, long claimedBytes) {
    DatanodeInfo s = block.getLocations()[0];
    NodeRef source = new NodeRef(s.getDatanodeUuid(), s.getIpAddr(), s.getHostName(), s.getXferPort(),
        s.getIpcPort(), s.getInfoPort(), "DISK");
    return new BlockAvailable(block.getBlock().getBlockPoolId(), block.getBlock().getBlockId(),
        block.getBlock().getGenerationStamp(), claimedBytes, source, "attack", 1.0, 2, "DISK", List.of());
  }

  private static int rmPort() {
    return NetUtils.createSocketAddr(conf().get(PfimbiConfig.RPC_ADDRESS_KEY)).getPort();
  }

  private static Optional<String> notify(UserGroupInformation user, Configuration conf, DatanodeInfo target,
      BlockAvailable notice) throws Exception {
    return as(user, () -> {
      try (RmClient client = new RmClient(conf, rmPort(), 10_000)) {
        return client.notify(target.getIpAddr(), notice);
      }
    });
  }

  private static long failed(UserGroupInformation user, DatanodeInfo target) throws Exception {
    return as(user, () -> {
      try (RmClient client = new RmClient(conf(), rmPort(), 10_000)) {
        return client.status(target.getIpAddr()).getManagersList().stream()
            .mapToLong(ManagerStatusProto::getFailed).sum();
      }
    });
  }

  private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
    try {
      return user.doAs(action);
    } catch (java.lang.reflect.UndeclaredThrowableException e) {
      throw (Exception) e.getCause();
    }
  }
}
