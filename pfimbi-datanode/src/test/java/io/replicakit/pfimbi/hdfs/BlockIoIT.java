/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.replicakit.pfimbi.rpc.UnansweredHosts;
import io.replicakit.testbed.net.SilentHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlockIo} on a real MiniDFSCluster with block access tokens and encrypted data transfer on (so the token and
 * SASL paths run): a DataNode that does not hold a block fetches it from its holder and stores it locally, and the
 * NameNode learns the new location by incremental block report alone.
 *
 * <p>Keeping the NameNode out of it: the redundancy monitor's interval is an hour, so after its first pass at start
 * the NameNode schedules no replication of its own during the test. The file's replication is raised from 1 to 2
 * after the fetch and <em>before</em> {@code writeLocal}: raised later, the NameNode would already have chosen one of
 * the two replicas as excess when the IBR arrived (BlockManager#addStoredBlock) and deleted it on the next heartbeat.
 * The test also checks the block still has one location right before {@code writeLocal}, so the second location can
 * only come from our write.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BlockIoIT {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BlockIoIT.class);

  private static final int BLOCK = 1024 * 1024;
  private static final long IBR_WAIT_MS = 30_000;

  @TempDir
  static Path dir;

  private static MiniDFSCluster cluster;
  private static DistributedFileSystem fs;

  @BeforeAll
  static void startCluster() throws IOException {
    Configuration conf = new Configuration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
    conf.setBoolean(DFSConfigKeys.DFS_ENCRYPT_DATA_TRANSFER_KEY, true);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 3600);
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY, 200); // see sourceThatNeverAnswers_*
    StorageType[][] types = new StorageType[3][];
    Arrays.fill(types, new StorageType[] {StorageType.DISK, StorageType.SSD});
    cluster = new MiniDFSCluster.Builder(conf, dir.toFile())
        .numDataNodes(3).storagesPerDatanode(2).storageTypes(types).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  @Order(1)
  void fetchAndWriteLocal_addASecondReplicaThatTheNameNodeLearnsByIbr() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/blockio/three-blocks");
    byte[] content = write(file, 3 * BLOCK, 42);
    LocatedBlock lb = blocks(file).get(1);
    ExtendedBlock block = lb.getBlock();
    DatanodeInfo holder = single(lb);
    DataNode target = notHolding(holder);
    BlockIo io = new BlockIo(target);

    long t0 = System.nanoTime();
    BlockData fetched = io.fetch(block, holder);
    long fetchMs = ms(t0);
    assertArrayEquals(Arrays.copyOfRange(content, BLOCK, 2 * BLOCK), fetched.data(), "fetched bytes");

    fs.setReplication(file, (short) 2); // see class comment: only so the NameNode keeps both replicas
    assertEquals(1, blocks(file).get(1).getLocations().length, "the NameNode must not have replicated by itself");

    assertFalse(io.storedFinalized(block), "not stored on the target before its copy");
    long t1 = System.nanoTime();
    io.writeLocal(block, fetched, StorageType.SSD);
    long writeMs = ms(t1);
    long t2 = System.nanoTime();
    waitFor(() -> locationsOf(file, 1) == 2, "NameNode to report 2 locations for " + block);
    long ibrMs = ms(t2);
    LOG.info("fetch {} ms, writeLocal {} ms, IBR visible after {} ms more", fetchMs, writeMs, ibrMs);

    LocatedBlock after = blocks(file).get(1);
    int idx = indexOf(after, target.getDatanodeUuid());
    assertTrue(idx >= 0, "new location is the writing DataNode: " + Arrays.toString(after.getLocations()));
    assertEquals(StorageType.SSD, after.getStorageTypes()[idx], "storage type reported to the NameNode");
    assertEquals(StorageType.SSD, target.getFSDataset().getVolume(block).getStorageType(), "volume used");
    String replica = target.getFSDataset().getReplicaString(block.getBlockPoolId(), block.getBlockId());
    assertTrue(replica.contains("FINALIZED"), replica);
    assertTrue(io.storedFinalized(block), "stored after its copy");
    assertFalse(io.storedFinalized(new ExtendedBlock(block.getBlockPoolId(), block.getBlockId(), block.getNumBytes(),
        block.getGenerationStamp() + 1)), "another generation stamp is not this replica");

    // Read the new replica back over the wire (its BlockSender checks data against its own .meta file).
    DataNode holderDn = cluster.getDataNode(holder.getIpcPort());
    BlockData reread = new BlockIo(holderDn).fetch(block, after.getLocations()[idx]);
    assertArrayEquals(fetched.data(), reread.data(), "bytes of the new replica");
    assertArrayEquals(fetched.sums(), reread.sums(), "same checksum type and sums as the source");

    // And a normal client read of the whole file still returns the original bytes.
    byte[] back = new byte[content.length];
    try (var in = fs.open(file)) {
      in.readFully(0, back);
    }
    assertArrayEquals(content, back);
  }

  /** A synced write (Pfimbi's background copies by default) has the receiving DataNode fsync the replica. */
  @Test
  @Order(1)
  void syncedWriteLocal_makesTheReceiverFsyncTheReplica() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/blockio/synced");
    write(file, BLOCK, 7);
    LocatedBlock lb = blocks(file).get(0);
    DataNode target = notHolding(single(lb));
    BlockData fetched = new BlockIo(target).fetch(lb.getBlock(), single(lb));
    fs.setReplication(file, (short) 2);
    long before = fsyncs(target);

    new BlockIo(target).writeLocal(lb.getBlock(), fetched, StorageType.DISK,
        new BlockIo.Pacing(() -> true, bytes -> { }, true));

    assertTrue(fsyncs(target) > before, "the receiver's FsyncCount went from " + before + " to " + fsyncs(target));
    waitFor(() -> locationsOf(file, 0) == 2, "NameNode to report 2 locations");
  }

  private static long fsyncs(DataNode dn) {
    return org.apache.hadoop.test.MetricsAsserts.getLongCounter("FsyncCount",
        org.apache.hadoop.test.MetricsAsserts.getMetrics(dn.getMetrics().name()));
  }

  @Test
  @Order(2)
  void failedWrites_raiseIOException_leaveNoReplica_andTheDataNodeKeepsWorking() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/blockio/failures");
    byte[] content = write(file, 2 * BLOCK + 1000, 7);
    LocatedBlock lb = blocks(file).get(2); // the short last block (1000 bytes)
    ExtendedBlock block = lb.getBlock();
    DatanodeInfo holder = single(lb);
    DataNode target = notHolding(holder);
    BlockIo io = new BlockIo(target);
    BlockData good = io.fetch(block, holder);
    assertArrayEquals(Arrays.copyOfRange(content, 2 * BLOCK, content.length), good.data());

    // Short data: refused before anything is sent.
    IOException shortData = assertThrows(IOException.class,
        () -> io.writeLocal(block, Arrays.copyOf(good.data(), 999), StorageType.DISK));
    LOG.info("short data: {}", shortData);

    // Corrupt data: checksums no longer match; the receiver's checksum check fails and it sends no close-ack.
    byte[] corrupt = good.data().clone();
    corrupt[500] ^= 0x55;
    long t0 = System.nanoTime();
    IOException badSum = assertThrows(IOException.class,
        () -> io.writeLocal(block, BlockData.withChecksums(corrupt, good.checksum(), good.sums()),
            StorageType.DISK));
    LOG.info("corrupt data ({} ms): {}", ms(t0), causes(badSum));
    waitFor(() -> "null".equals(replicaOn(target, block)), "receiver to remove the partial replica");

    // Replica already on the receiving node: the holder refuses to overwrite its own FINALIZED replica.
    DataNode holderDn = cluster.getDataNode(holder.getIpcPort());
    IOException exists = assertThrows(IOException.class,
        () -> new BlockIo(holderDn).writeLocal(block, good, StorageType.DISK));
    LOG.info("existing replica: {}", causes(exists));
    assertTrue(replicaOn(holderDn, block).contains("FINALIZED"), replicaOn(holderDn, block));

    // Both DataNodes still work: the good data is accepted now and reaches the NameNode.
    assertTrue(target.isDatanodeUp() && holderDn.isDatanodeUp());
    fs.setReplication(file, (short) 2);
    io.writeLocal(block, good, StorageType.DISK);
    waitFor(() -> locationsOf(file, 2) == 2, "NameNode to report 2 locations for " + block);
    assertEquals(StorageType.DISK, target.getFSDataset().getVolume(block).getStorageType());
  }

  @Test
  @Order(3)
  void stoppedDataNode_raisesIOException() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/blockio/stopped");
    write(file, 1000, 9);
    LocatedBlock lb = blocks(file).get(0);
    DatanodeInfo holder = single(lb);
    DataNode stopped = notHolding(holder);
    BlockIo io = new BlockIo(stopped);
    BlockData data = io.fetch(lb.getBlock(), holder);
    BlockIo fromHolder = new BlockIo(cluster.getDataNode(holder.getIpcPort()));
    DatanodeInfo stoppedInfo = new org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder()
        .setNodeID(stopped.getDNRegistrationForBP(lb.getBlock().getBlockPoolId())).build();

    cluster.stopDataNode(stopped.getDatanodeId().getXferAddr());
    long t0 = System.nanoTime();
    IOException e = assertThrows(IOException.class, () -> io.writeLocal(lb.getBlock(), data, StorageType.DISK));
    LOG.info("write on stopped DataNode ({} ms): {}", ms(t0), causes(e));
    IOException f = assertThrows(IOException.class, () -> fromHolder.fetch(lb.getBlock(), stoppedInfo));
    LOG.info("fetch from stopped DataNode: {}", causes(f));
  }

  /**
   * A source DataNode that never answers (powered off) or refuses (its process gone) fails the replica-length call
   * after one connect attempt: with the DataNode's own IPC settings Hadoop retried a timed-out connect 45 times
   * (here 45 × 200 ms; 15 minutes at the defaults) and a refused one 10 times a second apart, with the storage
   * type's one fetcher waiting (until session 53).
   */
  @Test
  @Order(4)
  void sourceThatNeverAnswers_failsTheLengthCallAfterOneConnectAttempt() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/blockio/silent-source");
    write(file, 1000, 11);
    LocatedBlock lb = blocks(file).get(0);
    BlockIo io = new BlockIo(notHolding(single(lb)));
    try (SilentHost silent = SilentHost.open()) {
      InetSocketAddress at = silent.address();
      DatanodeInfo source = new DatanodeInfo.DatanodeInfoBuilder().setNodeID(new DatanodeID(
          at.getAddress().getHostAddress(), "silent", "silent-uuid", 1, 1, 1, at.getPort())).build();
      long t0 = System.nanoTime();
      IOException silentFailure = assertThrows(IOException.class, () -> io.replicaLength(lb.getBlock(), source));
      assertTrue(ms(t0) < 5_000, "the call took " + ms(t0) + " ms"); // one 200 ms attempt, not 45
      // what the Replication Manager sees: a timeout, so the source's other queued blocks are not tried for a while
      assertTrue(UnansweredHosts.isUnreachable(silentFailure), causes(silentFailure));
    }
    // a source whose process is gone refuses the connect: one attempt, not Hadoop's default ten, a second apart
    int closedPort;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      closedPort = probe.getLocalPort();
    }
    DatanodeInfo gone = new DatanodeInfo.DatanodeInfoBuilder().setNodeID(new DatanodeID("127.0.0.1", "gone",
        "gone-uuid", 1, 1, 1, closedPort)).build();
    long t1 = System.nanoTime();
    IOException refused = assertThrows(IOException.class, () -> io.replicaLength(lb.getBlock(), gone));
    assertTrue(ms(t1) < 5_000, "the refused call took " + ms(t1) + " ms");
    assertFalse(UnansweredHosts.isUnreachable(refused), causes(refused)); // cost no wait: the next block is tried
  }

  // ---------------------------------------------------------------------------------------------------------------

  private static byte[] write(org.apache.hadoop.fs.Path file, int length, long seed) throws IOException {
    byte[] content = new byte[length];
    new Random(seed).nextBytes(content);
    try (FSDataOutputStream out = fs.create(file, true, 4096, (short) 1, BLOCK)) {
      out.write(content);
    }
    return content;
  }

  private static List<LocatedBlock> blocks(org.apache.hadoop.fs.Path file) throws IOException {
    return fs.getClient().getLocatedBlocks(file.toString(), 0, Long.MAX_VALUE).getLocatedBlocks();
  }

  private static int locationsOf(org.apache.hadoop.fs.Path file, int blockIndex) {
    try {
      return blocks(file).get(blockIndex).getLocations().length;
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }

  private static DatanodeInfo single(LocatedBlock lb) {
    assertEquals(1, lb.getLocations().length, "replication 1: " + Arrays.toString(lb.getLocations()));
    return lb.getLocations()[0];
  }

  private static DataNode notHolding(DatanodeInfo holder) {
    return cluster.getDataNodes().stream()
        .filter(dn -> dn.isDatanodeUp() && !dn.getDatanodeUuid().equals(holder.getDatanodeUuid()))
        .findFirst().orElseThrow();
  }

  private static int indexOf(LocatedBlock lb, String uuid) {
    DatanodeInfo[] locs = lb.getLocations();
    for (int i = 0; i < locs.length; i++) {
      if (locs[i].getDatanodeUuid().equals(uuid)) {
        return i;
      }
    }
    return -1;
  }

  private static String replicaOn(DataNode dn, ExtendedBlock block) {
    return dn.getFSDataset().getReplicaString(block.getBlockPoolId(), block.getBlockId());
  }

  private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + IBR_WAIT_MS;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        fail("timed out after " + IBR_WAIT_MS + " ms waiting for " + what);
      }
      Thread.sleep(20);
    }
  }

  private static long ms(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static String causes(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c).append(" <- ");
    }
    return b.toString();
  }
}
