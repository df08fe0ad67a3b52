/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.it;

import static io.replicakit.write.it.WriteFiles.data;
import static io.replicakit.write.it.WriteFiles.freePort;
import static io.replicakit.write.it.WriteFiles.lastBlockNodes;
import static io.replicakit.write.it.WriteFiles.located;
import static io.replicakit.write.it.WriteFiles.readBack;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.secure.KerberosRealm;
import io.replicakit.testbed.secure.SecureHdfs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.write.WriteConfig;
import io.replicakit.write.WriteMode;
import io.replicakit.write.WriteModeFileSystem;
import io.replicakit.write.hdfs.FanOutOutputStream;
import io.replicakit.write.relay.WriteRelayPlugin;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.net.Peer;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The parallel writers in a Kerberos cluster (MiniKdc; block access tokens, SASL on data transfer with integrity,
 * RPC privacy, service-level authorization), four DataNodes in four racks, the master/slave relay in every
 * DataNode: a user's broadcast and master/slave files read back identical with three replicas; a replica replaced
 * mid-block is copied over SASL with the NameNode's token (the DataNode that test kills is restarted after it); and
 * the relay, a
 * network entry point of its own, refuses what the DataNode's own data-transfer port refuses, answering the same
 * way: a connection that skips the SASL handshake, a block token whose password is forged, and a valid token that
 * grants reading but not writing.
 */
class WriteModeSecureIT {

  private static final int BLOCK = 1024 * 1024;
  private static final int PACKET = 64 * 1024;
  private static final String DIR = "/secure-writes";

  @TempDir
  static Path dir;

  private static KerberosRealm realm;
  private static KerberosRealm.Principal alice;
  private static EmbeddedCluster cluster;
  private static int relayPort;

  @BeforeAll
  static void startCluster() throws Exception {
    realm = KerberosRealm.start(dir.resolve("kdc"));
    alice = realm.newPrincipal("alice");
    relayPort = freePort();
    ClusterOptions options = ClusterOptions.in(dir.resolve("cluster"))
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, WriteRelayPlugin.class.getName())
        .with(WriteConfig.RELAY_ADDRESS.name(), "0.0.0.0:" + relayPort)
        .with(WriteConfig.ABORT_ON_ERROR.name(), "true")
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Integer.toString(BLOCK));
    cluster = EmbeddedCluster.start(SecureHdfs.spec(4),
        SecureHdfs.secure(options, realm, WriteModeSecureIT.class));
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      org.apache.hadoop.fs.Path writes = new org.apache.hadoop.fs.Path(DIR);
      fs.mkdirs(writes);
      fs.setPermission(writes, new FsPermission((short) 0777));
    }
  }

  @AfterAll
  static void stopCluster() throws Exception {
    SecureHdfs.stop(cluster, realm);
  }

  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void parallelWrite_byAKerberosUser_overSaslDataTransfer_readsBackIdentical_withThreeReplicas(WriteMode mode)
      throws Exception {
    assertEquals(SecureHdfs.DATA_TRANSFER_PROTECTION, conf().get(DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY));
    byte[] data = data(2 * BLOCK + 54_321);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(DIR + "/" + mode.key());
    UserGroupInformation user = KerberosRealm.login(alice);
    as(user, () -> {
      try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(mode));
          FSDataOutputStream out = fs.create(file, (short) 3)) {
        assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
        out.write(data, 0, 777);
        out.write(data, 777, data.length - 777);
      }
      return null;
    });
    assertArrayEquals(data, as(user, () -> readBack(cluster, file)), "read back through HDFS's stock client");
    assertEquals(alice.name().split("[/@]")[0], as(user, () -> owner(file)));
    // The NameNode hears of each finalized replica in an incremental report a moment after the close; 2 s is
    // less than its re-replication would take (its redundancy monitor runs every 3 s), so these are the write's.
    cluster.waitForLiveReplicas(file, 3, Duration.ofSeconds(2));
    for (LocatedBlock b : located(cluster, file)) {
      assertEquals(3, b.getLocations().length, "replicas of " + b.getBlock());
    }
  }

  /**
   * A replica replaced mid-block ({@code ALWAYS} policy, one of the block's DataNodes killed) on a secure cluster:
   * the survivor's copy to the new node is asked for over SASL with the NameNode's COPY token, as HDFS's stream asks
   * it, and the file reads back identical.
   */
  @Test
  void replicaReplacedMidBlock_overSaslWithTheNameNodesCopyToken_readsBackIdentical() throws Exception {
    byte[] data = data(2 * BLOCK);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(DIR + "/replaced");
    Configuration conf = writerConf(WriteMode.BROADCAST);
    conf.set(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.POLICY_KEY, "ALWAYS");
    UserGroupInformation user = KerberosRealm.login(alice);
    List<String> killed = new ArrayList<>();
    try {
      as(user, () -> writeLosingAReplica(conf, file, data, killed));
    } finally {
      for (String name : killed) {
        cluster.restartDataNode(name); // the cluster is the class's: leave it as the other tests expect it
      }
    }
    assertArrayEquals(data, as(user, () -> readBack(cluster, file)), "read back through HDFS's stock client");
  }

  /** Writes {@code data}, killing a DataNode of its block mid-block (its name added to {@code killed}). */
  private static Void writeLosingAReplica(Configuration conf, org.apache.hadoop.fs.Path file, byte[] data,
      List<String> killed) throws Exception {
    try (FileSystem fs = FileSystem.get(cluster.uri(), conf);
        FSDataOutputStream out = fs.create(file, (short) 3)) {
      int written = BLOCK / 2;
      out.write(data, 0, written);
      String victim = lastBlockNodes(cluster, file).get(0);
      killed.add(nameOf(victim));
      cluster.killDataNodes(killed);
      while (lastBlockNodes(cluster, file).contains(victim)) {
        assertTrue(written + PACKET <= BLOCK, "the block being written never dropped " + victim);
        out.write(data, written, PACKET);
        written += PACKET;
        Thread.sleep(200);
      }
      assertEquals(3, lastBlockNodes(cluster, file).size(), "a node added for " + victim);
      out.write(data, written, data.length - written);
    }
    return null;
  }

  @Test
  void connectionWithoutSaslHandshake_isDroppedByTheRelay_asByTheDataNode() throws Exception {
    LocatedBlock block = storedBlock("/no-sasl");
    DatanodeInfo master = block.getLocations()[0];
    for (int port : new int[] {master.getXferPort(), relayPort}) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(master.getIpAddr(), port), 10_000);
        socket.setSoTimeout(30_000);
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        DataInputStream in = new DataInputStream(socket.getInputStream());
        // Dropped while the request is still being sent (a broken pipe) or after it (end of stream): either way
        // no answer. One verify failed on the first when the check was only on the answer.
        assertThrows(IOException.class, () -> {
          sendWriteBlock(out, block, block.getBlockToken());
          response(in);
        }, "port " + port + " answered a request that skipped the SASL handshake");
      }
    }
    assertStillIntact("/no-sasl", block);
  }

  @Test
  void forgedBlockTokenPassword_failsTheSaslHandshake_atTheRelay_asAtTheDataNode() throws Exception {
    LocatedBlock block = storedBlock("/forged");
    Token<BlockTokenIdentifier> real = block.getBlockToken();
    byte[] password = real.getPassword().clone();
    password[0] ^= 0x5a;
    Token<BlockTokenIdentifier> forged =
        new Token<>(real.getIdentifier(), password, real.getKind(), real.getService());
    DatanodeInfo master = block.getLocations()[0];
    for (int port : new int[] {master.getXferPort(), relayPort}) {
      int at = port;
      assertThrows(IOException.class, () -> {
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
            Peer peer = saslPeer(fs.getClient(), master, at, forged)) {
          sendWriteBlock(new DataOutputStream(peer.getOutputStream()), block, forged);
          response(new DataInputStream(peer.getInputStream()));
        }
      }, "port " + port + " accepted a forged block token");
    }
    assertStillIntact("/forged", block);
  }

  @Test
  void readOnlyBlockToken_forAWrite_isRefusedWithAccessTokenError_byTheRelay_asByTheDataNode() throws Exception {
    LocatedBlock block = storedBlock("/read-token");
    BlockTokenIdentifier id = block.getBlockToken().decodeIdentifier();
    assertEquals(List.of(BlockTokenIdentifier.AccessMode.READ), List.copyOf(id.getAccessModes()),
        "a closed file's listing grants reading only");
    DatanodeInfo master = block.getLocations()[0];
    for (int port : new int[] {master.getXferPort(), relayPort}) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
          Peer peer = saslPeer(fs.getClient(), master, port, block.getBlockToken())) {
        sendWriteBlock(new DataOutputStream(peer.getOutputStream()), block, block.getBlockToken());
        BlockOpResponseProto reply = response(new DataInputStream(peer.getInputStream()));
        assertEquals(Status.ERROR_ACCESS_TOKEN, reply.getStatus(), "port " + port + ": " + reply.getMessage());
      }
    }
    assertStillIntact("/read-token", block);
  }

  private static String nameOf(String uuid) {
    return cluster.spec().dataNodes().stream().map(DataNodeSpec::name)
        .filter(n -> cluster.dataNodeUuid(n).orElse("").equals(uuid)).findFirst().orElseThrow();
  }

  private static Configuration conf() {
    return cluster.miniCluster().getConfiguration(0);
  }

  private static Configuration writerConf(WriteMode mode) {
    Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
    conf.set("fs.hdfs.impl", WriteModeFileSystem.class.getName());
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    conf.set(WriteConfig.MODE.name(), mode.key());
    return conf;
  }

  /** A closed one-block file written by HDFS's own client with three replicas, and its block (READ token). */
  private static LocatedBlock storedBlock(String name) throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(DIR + name);
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      try (FSDataOutputStream out = fs.create(file, (short) 3)) {
        out.write(data(BLOCK / 2));
      }
    }
    cluster.waitForLiveReplicas(file, 3, Duration.ofSeconds(2));
    List<LocatedBlock> blocks = located(cluster, file);
    assertEquals(1, blocks.size());
    assertEquals(3, blocks.get(0).getLocations().length);
    return blocks.get(0);
  }

  /** The file reads back as written, its block at the same generation stamp with its three replicas. */
  private static void assertStillIntact(String name, LocatedBlock before) throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(DIR + name);
    assertArrayEquals(data(BLOCK / 2), readBack(cluster, file));
    LocatedBlock after = located(cluster, file).get(0);
    assertEquals(before.getBlock(), after.getBlock(), "the same block");
    assertEquals(before.getBlock().getGenerationStamp(), after.getBlock().getGenerationStamp(),
        "the same generation stamp");
    assertEquals(3, after.getLocations().length);
  }

  /**
   * A data-transfer connection to {@code node}'s {@code port}, SASL-negotiated with {@code token} by a stock
   * client's {@code SaslDataTransferClient}, as HDFS's writer opens one.
   */
  private static Peer saslPeer(DFSClient client, DatanodeInfo node, int port, Token<BlockTokenIdentifier> token)
      throws IOException {
    Socket socket = new Socket();
    try {
      NetUtils.connect(socket, new InetSocketAddress(node.getIpAddr(), port), 10_000);
      socket.setSoTimeout(30_000);
      DatanodeID atPort = new DatanodeID(node.getIpAddr(), node.getHostName(), node.getDatanodeUuid(), port,
          node.getInfoPort(), node.getInfoSecurePort(), node.getIpcPort());
      return DFSUtilClient.peerFromSocketAndKey(client.getSaslDataTransferClient(), socket, client, token, atPort,
          30_000);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeSocket(socket);
      throw e;
    }
  }

  /**
   * A client's request to write {@code block} as the first of its replicas, the others its targets: what a
   * pipeline's first DataNode or a master/slave relay receives.
   */
  private static void sendWriteBlock(DataOutputStream out, LocatedBlock block, Token<BlockTokenIdentifier> token)
      throws IOException {
    DatanodeInfo[] targets = Arrays.copyOfRange(block.getLocations(), 1, block.getLocations().length);
    StorageType[] types = new StorageType[targets.length];
    Arrays.fill(types, StorageType.DEFAULT);
    String[] ids = Arrays.copyOfRange(block.getStorageIDs(), 1, block.getStorageIDs().length);
    new Sender(out).writeBlock(block.getBlock(), StorageType.DEFAULT, token, "DFSClient_intruder", targets, types,
        null, BlockConstructionStage.PIPELINE_SETUP_CREATE, targets.length + 1, 0, 0, 0,
        DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512), CachingStrategy.newDefaultStrategy(), false,
        false, null, block.getStorageIDs()[0], ids);
    out.flush();
  }

  private static BlockOpResponseProto response(DataInputStream in) throws IOException {
    return BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(in));
  }

  private static String owner(org.apache.hadoop.fs.Path file) throws IOException {
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.clientConf(ClientPlacement.offCluster()))) {
      return fs.getFileStatus(file).getOwner();
    }
  }

  private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
    try {
      return user.doAs(action);
    } catch (java.lang.reflect.UndeclaredThrowableException e) {
      throw (Exception) e.getCause();
    }
  }
}
