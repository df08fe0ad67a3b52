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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.write.WriteConfig;
import io.replicakit.write.WriteMode;
import io.replicakit.write.WriteModeFileSystem;
import io.replicakit.write.hdfs.FanOutOutputStream;
import io.replicakit.write.relay.WriteRelayPlugin;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.Op;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeFaultInjector;
import org.apache.hadoop.hdfs.tools.DFSck;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.util.DataChecksum;
import org.apache.hadoop.test.MetricsAsserts;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Broadcast and master/slave writes on a real 6-DataNode, 3-rack MiniDFSCluster with the relay plugin in every
 * DataNode, the writer on a DataNode as in the paper (§III.A): what they write reads back byte for byte through
 * HDFS's stock client (checksums verified), every block has its three replicas, {@code fsck} is healthy; when
 * a DataNode of the block being written dies mid-write, the write still succeeds and the file reaches three
 * replicas again; HDFS's replace-datanode-on-failure policy adds a node to the block being written, or fails the
 * write when none is left (unless best-effort); {@code SYNC_BLOCK} syncs every replica, and closing the file
 * system completes a stream left open, as HDFS's client does. On one shared cluster, started by the cases that run
 * first: a create is made as HDFS's client makes it (path checks, {@code FsCreateModes}, placement flags, the
 * {@code Progressable}), and the relay times out a client that never reads and answers its set-up before anything
 * else.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WriteModeIT {

  private static final int BLOCK = 1024 * 1024;
  private static final String WRITER = "dn01";
  private static final int PACKET = 64 * 1024;
  /** The shared cluster's {@code dfs.datanode.socket.write.timeout}: how long the relay waits to write an ack. */
  private static final int RELAY_WRITE_TIMEOUT_MS = 3_000;

  @TempDir
  Path dir;

  @TempDir
  static Path sharedDir;

  private static EmbeddedCluster shared;

  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void parallelWrite_readsBackThroughStockClient_withThreeReplicas_andHealthyFsck(WriteMode mode) throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(5 * BLOCK + 12_345);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/w/" + mode.key());
      long parallelBefore = WriteModeFileSystem.parallelFiles();
      try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode));
          FSDataOutputStream out = fs.create(file, (short) 3)) {
        assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
        assertEquals(parallelBefore + 1, WriteModeFileSystem.parallelFiles(), "counted as a parallel file");
        out.write(data, 0, 1000);
        out.write(data, 1000, data.length - 1000);
      }
      assertArrayEquals(data, readBack(cluster, file));
      List<LocatedBlock> blocks = located(cluster, file);
      assertEquals(6, blocks.size());
      for (LocatedBlock b : blocks) {
        assertEquals(3, b.getLocations().length, "replicas of " + b.getBlock());
      }
      String fsck = fsck(cluster, file);
      assertTrue(fsck.contains("Status: HEALTHY"), fsck);
    }
  }

  @ParameterizedTest(name = "{0}: replica {1} killed")
  @CsvSource({"BROADCAST, 1", "MASTER_SLAVE, 0", "MASTER_SLAVE, 2"})
  void dataNodeKilledMidBlock_writeSucceeds_readsBack_andReachesThreeReplicas(WriteMode mode, int position)
      throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(4 * BLOCK);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/kill/" + mode.key());
      Configuration conf = writerConf(cluster, mode);
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf);
          FSDataOutputStream out = fs.create(file, (short) 3)) {
        out.write(data, 0, 2 * BLOCK + BLOCK / 2);
        String victim = nodesOfCurrentBlock(cluster, file).get(position);
        cluster.killDataNodes(List.of(victim));
        out.write(data, 2 * BLOCK + BLOCK / 2, data.length - (2 * BLOCK + BLOCK / 2));
      }
      assertArrayEquals(data, readBack(cluster, file));
      cluster.waitForLiveReplicas(file, 3, Duration.ofSeconds(120));
      String fsck = fsck(cluster, file);
      assertTrue(fsck.contains("Status: HEALTHY"), fsck);
    }
  }

  /**
   * HDFS's replace-datanode-on-failure, honoured by the parallel writers: under the default policy a block of three
   * that loses two replicas gets a third node before it goes on (one survivor and one new); under {@code ALWAYS}
   * a block that loses one gets it replaced (three). The NameNode's view of the block being written (set by
   * {@code updatePipeline}) is checked before the file is closed, when re-replication cannot have done it yet.
   */
  @ParameterizedTest(name = "{0}, policy {1}: {2} replica(s) killed, {3} expected while writing")
  @CsvSource({"BROADCAST, DEFAULT, 2, 2", "MASTER_SLAVE, DEFAULT, 2, 2", "BROADCAST, ALWAYS, 1, 3"})
  void replicasKilledMidBlock_replacementPolicy_addsADataNodeBeforeTheBlockEnds(WriteMode mode, String policy,
      int killed, int expected) throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(4 * BLOCK);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/replace/" + mode.key());
      Configuration conf = writerConf(cluster, mode);
      conf.set(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.POLICY_KEY, policy);
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf);
          FSDataOutputStream out = fs.create(file, (short) 3)) {
        int written = 2 * BLOCK + BLOCK / 2;
        out.write(data, 0, written);
        List<String> victims = nodesOfCurrentBlock(cluster, file).subList(1, 1 + killed);
        Set<String> victimUuids = uuids(cluster, victims);
        cluster.killDataNodes(victims);
        // A failure is acted on by the next write: one packet at a time until the NameNode's view drops the victims.
        while (lastBlockNodes(cluster, file).stream().anyMatch(victimUuids::contains)) {
          assertTrue(written + PACKET <= 3 * BLOCK, "the block being written never dropped " + victims);
          out.write(data, written, PACKET);
          written += PACKET;
          Thread.sleep(200);
        }
        assertEquals(expected, lastBlockNodes(cluster, file).size(),
            "replicas of the block being written after losing " + victims);
        out.write(data, written, data.length - written);
      }
      assertArrayEquals(data, readBack(cluster, file));
      cluster.waitForLiveReplicas(file, 3, Duration.ofSeconds(120));
      String fsck = fsck(cluster, file);
      assertTrue(fsck.contains("Status: HEALTHY"), fsck);
    }
  }

  /**
   * A replica lost while the block's last packet is being acknowledged (every replica has finalized; the last acks
   * are held back until the victim is killed): the close recovery takes a new node in under {@code ALWAYS}, copied
   * from a finalized survivor, so the file closes with three finalized replicas at its last generation stamp.
   * Checked the moment {@code close()} returns, before the NameNode could have re-replicated.
   */
  @Test
  void replicaKilledWhileTheLastPacketIsAcknowledged_alwaysPolicy_closesWithANewNode() throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(BLOCK / 2);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/replace-at-close");
      Configuration conf = writerConf(cluster, WriteMode.BROADCAST);
      conf.set(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.POLICY_KEY, "ALWAYS");
      DataNodeFaultInjector previous = DataNodeFaultInjector.get();
      LastAcksHeld held = new LastAcksHeld(3);
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf)) {
        FSDataOutputStream out = fs.create(file, (short) 3);
        out.write(data);
        String victim = nodesOfCurrentBlock(cluster, file).get(1);
        DataNodeFaultInjector.set(held);
        CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> {
          try {
            out.close();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
        assertTrue(held.finalized.await(60, TimeUnit.SECONDS), "every replica finalized its copy");
        cluster.killDataNodes(List.of(victim));
        held.release.countDown();
        closing.get(120, TimeUnit.SECONDS);
        ExtendedBlock block = located(cluster, file).get(0).getBlock();
        assertEquals(3, finalizedHolders(cluster, block), "DataNodes holding " + block + " finalized after losing "
            + victim);
      } finally {
        held.release.countDown();
        DataNodeFaultInjector.set(previous);
      }
      assertArrayEquals(data, readBack(cluster, file));
    }
  }

  /** Holds back each DataNode's ack of a block's last packet (after it finalized) until released. */
  private static final class LastAcksHeld extends DataNodeFaultInjector {
    final CountDownLatch finalized;
    final CountDownLatch release = new CountDownLatch(1);

    LastAcksHeld(int replicas) {
      this.finalized = new CountDownLatch(replicas);
    }

    @Override
    public void delayAckLastPacket() throws IOException {
      finalized.countDown();
      try {
        release.await(120, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("DataNode stopping");
      }
    }
  }

  /** The running DataNodes holding {@code block} finalized at its generation stamp. */
  private static long finalizedHolders(EmbeddedCluster cluster, ExtendedBlock block) {
    return cluster.miniCluster().getDataNodes().stream()
        .filter(dn -> dn.getFSDataset().isValidBlock(block)).count();
  }

  /**
   * When the policy asks for a node and the NameNode has none to give (every DataNode but the writer's killed),
   * the write fails, as HDFS's stream fails it, unless the policy is best-effort: then it goes on with the replica
   * it has and the file reads back.
   */
  @ParameterizedTest(name = "best effort {0}")
  @ValueSource(booleans = {false, true})
  void noDataNodeLeftToAdd_failsTheWrite_unlessBestEffort(boolean bestEffort) throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(3 * BLOCK);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/no-spare/" + bestEffort);
      Configuration conf = writerConf(cluster, WriteMode.BROADCAST);
      conf.setBoolean(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.BEST_EFFORT_KEY, bestEffort);
      int half = BLOCK + BLOCK / 2;
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf)) {
        FSDataOutputStream out = fs.create(file, (short) 3);
        out.write(data, 0, half);
        cluster.killDataNodes(cluster.spec().dataNodes().stream().map(DataNodeSpec::name)
            .filter(n -> !n.equals(WRITER)).toList());
        if (bestEffort) {
          long asked = additionalDatanodeCalls(cluster);
          out.write(data, half, data.length - half);
          out.close();
          assertArrayEquals(data, readBack(cluster, file));
          assertTrue(additionalDatanodeCalls(cluster) > asked, "the policy asked the NameNode for a node");
        } else {
          IOException e = assertThrows(IOException.class, () -> {
            out.write(data, half, data.length - half);
            out.close();
          });
          assertTrue(e.getMessage().contains("no DataNode left to replace a failed replica"), e.toString());
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void syncBlock_syncsEveryReplica_andClosingTheFileSystem_completesAnOpenStream(WriteMode mode) throws Exception {
    try (EmbeddedCluster cluster = start()) {
      byte[] data = data(2 * BLOCK + 777); // a partial packet still buffered when the file system closes
      org.apache.hadoop.fs.Path synced = new org.apache.hadoop.fs.Path("/sync/" + mode.key());
      org.apache.hadoop.fs.Path open = new org.apache.hadoop.fs.Path("/open/" + mode.key());
      FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode));
      long fsyncsBefore = fsyncs(cluster);
      try (FSDataOutputStream out = fs.create(synced, FsPermission.getFileDefault(),
          EnumSet.of(CreateFlag.CREATE, CreateFlag.SYNC_BLOCK), 4096, (short) 3, BLOCK, null)) {
        assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
        out.write(data);
      }
      // HDFS's stream asks each replica to sync a block when it is finalized: three replicas of three blocks.
      long fsyncs = fsyncs(cluster) - fsyncsBefore;
      assertTrue(fsyncs >= 9, "SYNC_BLOCK file: " + fsyncs + " fsyncs on the DataNodes");

      FSDataOutputStream out = fs.create(open, (short) 3);
      out.write(data);
      fs.close(); // closing a DFSClient closes its open streams: they write what they hold and complete their files
      out.close(); // already closed, cleanly: returns, as HDFS's stream does
      assertArrayEquals(data, readBack(cluster, synced));
      assertArrayEquals(data, readBack(cluster, open));
    }
  }

  /**
   * A path of another file system is refused before anything is created, as HDFS's {@code DistributedFileSystem}
   * refuses it ({@code getPathName}: {@code checkPath}, then {@code DFSUtilClient.isValidName}), and nothing
   * appears on this cluster under the path's name.
   */
  @Order(1)
  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void create_pathOfAnotherFileSystem_isRefusedAsHdfsDoes(WriteMode mode) throws Exception {
    EmbeddedCluster cluster = shared();
    org.apache.hadoop.fs.Path local = new org.apache.hadoop.fs.Path("file:///wrong-fs/" + mode.key());
    org.apache.hadoop.fs.Path otherCluster =
        new org.apache.hadoop.fs.Path("hdfs://127.0.0.2:" + freePort() + "/wrong-fs/" + mode.key() + "-other");
    org.apache.hadoop.fs.Path invalid = new org.apache.hadoop.fs.Path("/wrong-fs/" + mode.key() + "/a:b");
    try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode))) {
      for (org.apache.hadoop.fs.Path p : List.of(local, otherCluster)) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fs.create(p).close(),
            p.toString());
        assertTrue(e.getMessage().contains("Wrong FS"), e.toString());
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> fs.create(invalid).close());
      assertTrue(e.getMessage().contains("not a valid DFS filename"), e.toString());
      assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/wrong-fs")), "created on this cluster instead");
    }
  }

  /**
   * Under a directory with a default ACL, a file written in each parallel mode gets the permission and ACL a
   * pipeline file gets: the NameNode builds them from the default ACL and the create's unmasked mode (HDFS-6962,
   * {@code dfs.namenode.posix.acl.inheritance.enabled}), which only reaches it when the create sends HDFS's
   * {@code FsCreateModes}; with the umask already applied the file's mask would be {@code r--}, not {@code rw-}.
   */
  @Order(2)
  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void create_underADefaultAcl_givesTheFileThePermissionAndAclOfAPipelineFile(WriteMode mode) throws Exception {
    EmbeddedCluster cluster = shared();
    org.apache.hadoop.fs.Path acl = new org.apache.hadoop.fs.Path("/acl/" + mode.key());
    try (DistributedFileSystem admin = cluster.fileSystem(ClientPlacement.offCluster())) {
      admin.mkdirs(acl);
      admin.modifyAclEntries(acl, AclEntry.parseAclSpec("default:user::rwx,default:user:alice:rwx,"
          + "default:group::r-x,default:mask::rwx,default:other::r--", true));
    }
    org.apache.hadoop.fs.Path pipelineFile = new org.apache.hadoop.fs.Path(acl, "pipeline");
    org.apache.hadoop.fs.Path parallelFile = new org.apache.hadoop.fs.Path(acl, "parallel");
    try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, WriteMode.PIPELINE));
        FSDataOutputStream out = fs.create(pipelineFile)) {
      out.write(data(1000));
    }
    try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode));
        FSDataOutputStream out = fs.create(parallelFile)) {
      assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
      out.write(data(1000));
    }
    try (DistributedFileSystem admin = cluster.fileSystem(ClientPlacement.offCluster())) {
      FsPermission expected = admin.getFileStatus(pipelineFile).getPermission();
      assertEquals(FsAction.READ_WRITE, expected.getGroupAction(), "the pipeline file's mask, from the unmasked "
          + "mode: " + expected);
      assertEquals(expected, admin.getFileStatus(parallelFile).getPermission());
      assertEquals(admin.getAclStatus(pipelineFile).getEntries(), admin.getAclStatus(parallelFile).getEntries());
    }
  }

  /**
   * {@code CreateFlag.NO_LOCAL_WRITE} keeps every replica off the writer's own DataNode, where HDFS otherwise puts
   * the first one: HDFS's stream turns it into {@code AddBlockFlag.NO_LOCAL_WRITE} on each {@code addBlock}, the
   * only call where the NameNode applies it.
   */
  @Order(3)
  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void create_noLocalWrite_placesNoReplicaOfAnyBlockOnTheWritersDataNode(WriteMode mode) throws Exception {
    EmbeddedCluster cluster = shared();
    byte[] data = data(3 * BLOCK + 4321);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/no-local/" + mode.key());
    try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode));
        FSDataOutputStream out = fs.create(file, FsPermission.getFileDefault(),
            EnumSet.of(CreateFlag.CREATE, CreateFlag.NO_LOCAL_WRITE), 4096, (short) 3, BLOCK, null)) {
      assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
      out.write(data);
    }
    assertArrayEquals(data, readBack(cluster, file));
    String writer = cluster.dataNodeUuid(WRITER).orElseThrow();
    List<LocatedBlock> blocks = located(cluster, file);
    assertEquals(4, blocks.size());
    for (LocatedBlock b : blocks) {
      List<String> holders = Arrays.stream(b.getLocations()).map(DatanodeInfo::getDatanodeUuid).toList();
      assertEquals(3, holders.size(), "replicas of " + b.getBlock());
      assertFalse(holders.contains(writer), b.getBlock() + " has a replica on the writer's node " + WRITER);
    }
  }

  /**
   * The {@code Progressable} given to {@code create} is told of every packet sent, as HDFS's {@code DataStreamer}
   * tells it (MapReduce counts on it to see a task writing a long output as alive).
   */
  @Order(4)
  @ParameterizedTest
  @EnumSource(value = WriteMode.class, names = {"BROADCAST", "MASTER_SLAVE"})
  void create_withAProgressable_tellsItOfEveryPacketSent(WriteMode mode) throws Exception {
    EmbeddedCluster cluster = shared();
    byte[] data = data(BLOCK + BLOCK / 2);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/progress/" + mode.key());
    AtomicLong told = new AtomicLong();
    try (FileSystem fs = FileSystem.get(cluster.uri(), writerConf(cluster, mode));
        FSDataOutputStream out = fs.create(file, true, 4096, (short) 3, BLOCK, told::incrementAndGet)) {
      assertInstanceOf(FanOutOutputStream.class, out.getWrappedStream(), "written by ReplicaKit's stream");
      out.write(data);
    }
    assertArrayEquals(data, readBack(cluster, file));
    // Packets carry a little under PACKET bytes each, and each block ends with an empty one.
    assertTrue(told.get() >= data.length / PACKET + 2, "progress told " + told.get() + " times");
  }

  /**
   * A client of the relay that sends packets but never reads their acks is hung up on once a write of its acks
   * waited {@code dfs.datanode.socket.write.timeout}, as a DataNode hangs up on it ({@code DataXceiver} sets that
   * timeout on its channel peer), freeing the relay's thread, its replicas' connections and its slot. The client
   * sends one data packet, then keep-alives (each acknowledged by the relay itself) until it cannot send: master/slave
   * only, the one mode with a relay.
   */
  @Order(5)
  @Test
  void relay_clientThatNeverReadsItsAcks_isHungUpOnWithinTheWriteTimeout() throws Exception {
    EmbeddedCluster cluster = shared();
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode(WRITER))) {
      ClientProtocol nameNode = fs.getClient().getNamenode();
      String client = fs.getClient().getClientName();
      String src = "/never-reads-acks";
      HdfsFileStatus stat = nameNode.create(src, FsPermission.getFileDefault(), client,
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE)), true, (short) 3, 64L * BLOCK,
          CryptoProtocolVersion.supported(), null, null);
      LocatedBlock lb = nameNode.addBlock(src, client, null, null, stat.getFileId(), null, null);
      int n = lb.getLocations().length;
      DataChecksum checksum = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
      InetSocketAddress relay = new InetSocketAddress(lb.getLocations()[0].getIpAddr(),
          WriteConfig.RELAY_ADDRESS.get(cluster.clientConf(ClientPlacement.offCluster())).getPort());
      try (Socket socket = new Socket()) {
        socket.setReceiveBufferSize(4096);
        socket.connect(relay, 10_000);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 64 * 1024));
        // As HDFS's client, the whole pipeline: the Sender leaves out the first node, the one it talks to.
        new Sender(out).writeBlock(lb.getBlock(), lb.getStorageTypes()[0], lb.getBlockToken(), client,
            lb.getLocations(), lb.getStorageTypes(), null, BlockConstructionStage.PIPELINE_SETUP_CREATE, n, 0, 0,
            lb.getBlock().getGenerationStamp(), checksum, CachingStrategy.newDefaultStrategy(), false, false, null,
            lb.getStorageIDs()[0], lb.getStorageIDs());
        out.flush();
        BlockOpResponseProto setup =
            BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(socket.getInputStream()));
        assertEquals(Status.SUCCESS, setup.getStatus(), setup.toString());
        byte[] chunk = data(512);
        byte[] sums = new byte[checksum.getChecksumSize(chunk.length)];
        checksum.calculateChunkedSums(chunk, 0, chunk.length, sums, 0);
        FutureTask<Long> sending = new FutureTask<>(() -> {
          long keepAlives = 0;
          try {
            out.write(packet(0, sums, chunk));
            while (true) { // never reads an ack
              out.write(packet(-1, new byte[0], new byte[0]));
              keepAlives++;
            }
          } catch (IOException e) {
            return keepAlives; // the relay hung up
          }
        });
        Thread sender = new Thread(sending, "never-reads-acks");
        sender.setDaemon(true);
        sender.start();
        try {
          long keepAlives = sending.get(2 * RELAY_WRITE_TIMEOUT_MS + 30_000, TimeUnit.MILLISECONDS);
          assertTrue(keepAlives > 0, "keep-alives sent before the relay hung up: " + keepAlives);
        } catch (TimeoutException e) {
          throw new AssertionError("the relay still holds a connection whose client never reads its acks", e);
        }
      }
    }
  }

  /**
   * A replica whose leg fails after its set-up, while another leg is still being set up, is named in the relay's
   * answer to the set-up ({@code ERROR}, {@code firstBadLink}), the first thing the client reads, as HDFS's first
   * DataNode answers for a mirror that failed its set-up. The two other replicas are stand-ins on local sockets: the
   * first answers {@code SUCCESS} and hangs up, the second answers only when released, once the client saw nothing
   * for two seconds after the hang-up (or saw bytes: the relay wrote ahead of its answer). The relay's own replica is
   * its real DataNode's. Master/slave only, the one mode with a relay.
   */
  @Order(6)
  @Test
  void relay_replicaFailingWhileAnotherIsSetUp_isNamedInTheSetUpAnswer_beforeAnyAck() throws Exception {
    EmbeddedCluster cluster = shared();
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode(WRITER));
        ServerSocket hangsUp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        ServerSocket slow = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ClientProtocol nameNode = fs.getClient().getNamenode();
      String client = fs.getClient().getClientName();
      String src = "/set-up-race";
      HdfsFileStatus stat = nameNode.create(src, FsPermission.getFileDefault(), client,
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE)), true, (short) 3, BLOCK,
          CryptoProtocolVersion.supported(), null, null);
      LocatedBlock lb = nameNode.addBlock(src, client, null, null, stat.getFileId(), null, null);
      DatanodeInfo[] standIns = {standIn(hangsUp), standIn(slow)};
      CountDownLatch hungUp = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      List<Socket> accepted = new CopyOnWriteArrayList<>();
      ExecutorService standInThreads = Executors.newFixedThreadPool(2); // the common pool may have one thread
      Future<?> first = standInThreads.submit(() -> {
        try {
          Socket s = hangsUp.accept();
          accepted.add(s);
          readRequest(s);
          BlockOpResponseProto.newBuilder().setStatus(Status.SUCCESS).setFirstBadLink("").build()
              .writeDelimitedTo(s.getOutputStream());
          s.getOutputStream().flush();
          s.shutdownOutput(); // the relay's leg reads the end of its acks
          hungUp.countDown();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      Future<?> second = standInThreads.submit(() -> {
        try {
          Socket s = slow.accept();
          accepted.add(s);
          readRequest(s);
          release.await(60, TimeUnit.SECONDS);
          BlockOpResponseProto.newBuilder().setStatus(Status.SUCCESS).setFirstBadLink("").build()
              .writeDelimitedTo(s.getOutputStream());
          s.getOutputStream().flush();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      InetSocketAddress relay = new InetSocketAddress(lb.getLocations()[0].getIpAddr(),
          WriteConfig.RELAY_ADDRESS.get(cluster.clientConf(ClientPlacement.offCluster())).getPort());
      try (Socket socket = new Socket()) {
        socket.connect(relay, 10_000);
        socket.setSoTimeout(60_000);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        // The pipeline as HDFS's client names it (the Sender leaves out the first node, the one it talks to).
        new Sender(out).writeBlock(lb.getBlock(), lb.getStorageTypes()[0], lb.getBlockToken(), client,
            new DatanodeInfo[] {lb.getLocations()[0], standIns[0], standIns[1]},
            new StorageType[] {lb.getStorageTypes()[0], StorageType.DEFAULT, StorageType.DEFAULT}, null,
            BlockConstructionStage.PIPELINE_SETUP_CREATE, 3, 0, 0, lb.getBlock().getGenerationStamp(),
            DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512), CachingStrategy.newDefaultStrategy(),
            false, false, null, lb.getStorageIDs()[0],
            new String[] {lb.getStorageIDs()[0], "stand-in-1", "stand-in-2"});
        out.flush();
        assertTrue(hungUp.await(30, TimeUnit.SECONDS), "the relay set up a leg to the first stand-in");
        awaitAckReaderEnded(standIns[0]);
        release.countDown();
        BlockOpResponseProto answer =
            BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(socket.getInputStream()));
        assertEquals(Status.ERROR, answer.getStatus(), answer.toString());
        assertEquals(standIns[0].getXferAddr(), answer.getFirstBadLink(), answer.toString());
        first.get(30, TimeUnit.SECONDS);
        second.get(30, TimeUnit.SECONDS);
      } finally {
        release.countDown();
        for (Socket s : accepted) {
          s.close();
        }
        hangsUp.close(); // ends a stand-in still waiting for its connection
        slow.close();
        standInThreads.shutdownNow();
      }
    }
  }

  /** Reads a {@code WRITE_BLOCK} request: protocol version, op, and the request itself. */
  private static void readRequest(Socket s) throws IOException {
    DataInputStream in = new DataInputStream(s.getInputStream());
    in.readShort();
    assertEquals(Op.WRITE_BLOCK, Op.read(in));
    PBHelperClient.vintPrefixed(in).readAllBytes();
  }

  /** A DataNode's identity for a local socket standing in for one. */
  private static DatanodeInfo standIn(ServerSocket socket) {
    return new DatanodeInfo.DatanodeInfoBuilder().setNodeID(new DatanodeID("127.0.0.1", "localhost",
        UUID.randomUUID().toString(), socket.getLocalPort(), 0, 0, 0)).build();
  }

  /** A packet of the data-transfer protocol at offset 0: a keep-alive for seqno -1. */
  private static byte[] packet(long seqno, byte[] sums, byte[] chunk) {
    PacketHeader header = new PacketHeader(4 + sums.length + chunk.length, 0, seqno, false, chunk.length, false);
    ByteBuffer wire = ByteBuffer.allocate(header.getSerializedSize() + sums.length + chunk.length);
    header.putInBuffer(wire);
    wire.put(sums).put(chunk);
    return wire.array();
  }

  /**
   * The cluster of the cases that only look at what a create asks of the NameNode (ACLs on) and at the relay's
   * timeouts (a short write timeout): started once, by the first of them, which run first ({@link Order}); the
   * first case that starts a cluster of its own stops it, so that two clusters never run at once.
   */
  private static synchronized EmbeddedCluster shared() throws IOException {
    if (shared == null) {
      shared = start(sharedDir, Map.of(DFSConfigKeys.DFS_NAMENODE_ACLS_ENABLED_KEY, "true",
          DFSConfigKeys.DFS_DATANODE_SOCKET_WRITE_TIMEOUT_KEY, Integer.toString(RELAY_WRITE_TIMEOUT_MS)));
    }
    return shared;
  }

  @AfterAll
  static synchronized void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /** The NameNode's count of {@code getAdditionalDatanode} calls. */
  private static long additionalDatanodeCalls(EmbeddedCluster cluster) {
    return MetricsAsserts.getLongCounter("GetAdditionalDatanodeOps", MetricsAsserts.getMetrics("NameNodeActivity"));
  }

  /** FsyncCount summed over the cluster's DataNodes. */
  private static long fsyncs(EmbeddedCluster cluster) {
    long total = 0;
    for (DataNode dn : cluster.miniCluster().getDataNodes()) {
      total += MetricsAsserts.getLongCounter("FsyncCount", MetricsAsserts.getMetrics(dn.getMetrics().name()));
    }
    return total;
  }

  private EmbeddedCluster start() throws IOException {
    stopShared();
    return start(dir, Map.of());
  }

  private static EmbeddedCluster start(Path in, Map<String, String> settings) throws IOException {
    ClusterOptions options = ClusterOptions.in(in)
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, WriteRelayPlugin.class.getName())
        .with(WriteConfig.RELAY_ADDRESS.name(), "0.0.0.0:" + freePort())
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Integer.toString(BLOCK))
        .with(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, "1")
        .with(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, "1");
    for (Map.Entry<String, String> e : settings.entrySet()) {
      options = options.with(e.getKey(), e.getValue());
    }
    return EmbeddedCluster.start(ClusterSpecs.load("six-disks"), options);
  }

  private static Configuration writerConf(EmbeddedCluster cluster, WriteMode mode) {
    Configuration conf = cluster.clientConf(ClientPlacement.onNode(WRITER));
    conf.set("fs.hdfs.impl", WriteModeFileSystem.class.getName());
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    conf.set(WriteConfig.MODE.name(), mode.key());
    return conf;
  }

  private static Set<String> uuids(EmbeddedCluster cluster, List<String> nodeNames) {
    Set<String> out = new HashSet<>();
    nodeNames.forEach(n -> out.add(cluster.dataNodeUuid(n).orElseThrow()));
    return out;
  }

  /**
   * The testbed names of the block being written's DataNodes, the writer's own first: HDFS places a writer's first
   * replica on its node and its pipeline starts there, so that is where master/slave's master is. The rest in the
   * NameNode's listing order, which is shuffled among nodes equally far from the asking client; so read the list
   * once.
   */
  private static List<String> nodesOfCurrentBlock(EmbeddedCluster cluster, org.apache.hadoop.fs.Path file)
      throws IOException {
    List<String> names = new ArrayList<>();
    for (String uuid : lastBlockNodes(cluster, file)) {
      names.add(cluster.spec().dataNodes().stream().map(DataNodeSpec::name)
          .filter(n -> cluster.dataNodeUuid(n).orElse("").equals(uuid)).findFirst()
          .orElseThrow(() -> new AssertionError("no testbed node for " + uuid)));
    }
    assertTrue(names.remove(WRITER), "the writer's node holds the first replica: " + names);
    names.add(0, WRITER);
    return names;
  }

  private static String fsck(EmbeddedCluster cluster, org.apache.hadoop.fs.Path file) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      ToolRunner.run(new DFSck(cluster.clientConf(ClientPlacement.offCluster()), out),
          new String[] {file.toString(), "-files", "-blocks"});
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * Waits until the relay's ack reader of its leg to {@code node} has ended, which it does right after the relay
   * recorded that leg's failure (the stand-in hung up): a wait on the relay's own progress, not a fixed time, so a
   * loaded machine cannot release the second stand-in before the failure is known. A reader never seen within
   * 10 s of the hang-up had ended before the first look.
   */
  private static void awaitAckReaderEnded(DatanodeInfo node) throws InterruptedException {
    String prefix = "replicakit-write-" + node.getXferAddr() + "-leg";
    long unseenUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    boolean seen = false;
    while (System.nanoTime() < deadline) {
      boolean alive = Thread.getAllStackTraces().keySet().stream()
          .anyMatch(t -> t.getName().startsWith(prefix) && t.getName().endsWith("-ack"));
      if (alive) {
        seen = true;
      } else if (seen || System.nanoTime() > unseenUntil) {
        return;
      }
      Thread.sleep(5);
    }
    throw new AssertionError("the relay's ack reader of its leg to " + node.getXferAddr() + " did not end");
  }
}
