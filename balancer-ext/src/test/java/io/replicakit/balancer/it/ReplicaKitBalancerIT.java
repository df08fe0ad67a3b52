/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.balancer.BalancerTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.SafeModeAction;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.balancer.HdfsBalancerCli;
import org.apache.hadoop.hdfs.server.datanode.SimulatedFSDataset;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ReplicaKit's balancer against a real NameNode and DataNodes (MiniDFSCluster with HDFS's simulated dataset, as
 * HDFS's own Balancer tests run): it balances a cluster that grew by an empty rack, raises blocks into the new
 * rack, and answers a second instance and bad arguments as HDFS's Balancer does.
 */
class ReplicaKitBalancerIT {

  private static final long BLOCK = 64 * 1024;
  private static final long CAPACITY = 16L << 20;
  /** What {@link #grownCluster} writes: files of so many blocks, each block three times. */
  private static final int FILES = 8;
  private static final int BLOCKS_PER_FILE = 16;
  private static final short REPLICATION = 3;
  private static final Path LOCK = new Path("/system/balancer.id");

  private static Configuration conf() {
    Configuration conf = new HdfsConfiguration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 1024);
    conf.setInt(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, 512);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_BALANCER_MOVEDWINWIDTH_KEY, 2000);
    SimulatedFSDataset.setFactory(conf);
    return conf;
  }

  /** Three nodes in two racks hold every block (two replicas in r1, one in r2); then r3 joins with two empty. */
  private static MiniDFSCluster grownCluster(Configuration conf) throws Exception {
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(3)
        .racks(new String[] {"/r1", "/r1", "/r2"}).simulatedCapacities(new long[] {CAPACITY, CAPACITY, CAPACITY})
        .build();
    cluster.waitActive();
    DistributedFileSystem fs = cluster.getFileSystem();
    for (int i = 0; i < FILES; i++) {
      DFSTestUtil.createFile(fs, new Path("/data/f" + i), BLOCKS_PER_FILE * BLOCK, REPLICATION, i);
    }
    cluster.startDataNodes(conf, 2, true, null, new String[] {"/r3", "/r3"}, null,
        new long[] {CAPACITY, CAPACITY});
    cluster.waitActive();
    awaitReported(fs, 5, FILES * BLOCKS_PER_FILE * BLOCK * REPLICATION);
    return cluster;
  }

  /**
   * Waits until the NameNode's report shows {@code nodes} live DataNodes holding {@code dfsUsed} bytes, as HDFS's
   * TestBalancer waits for the heartbeats before it balances. The first iteration classifies the nodes by that
   * report. Started at once, it saw less than was written (a CI run: 5.15 MB beyond the threshold where the data
   * gives 6.4 MB; locally a spread of 21.6 % where it is 24.5 %), so one of the full nodes sent too few blocks while
   * the others gave every remaining block its third rack; that node, holding its rack's only replica of each of its
   * blocks, was then left beyond the threshold with no move that keeps the blocks' racks, and the balancer ended
   * with NO_MOVE_PROGRESS, as it should in that state.
   */
  private static void awaitReported(DistributedFileSystem fs, int nodes, long dfsUsed) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    long seen = -1;
    while (System.nanoTime() < deadline) {
      DatanodeInfo[] live = fs.getClient().datanodeReport(DatanodeReportType.LIVE);
      seen = 0;
      for (DatanodeInfo d : live) {
        seen += d.getDfsUsed();
      }
      if (live.length == nodes && seen == dfsUsed) {
        return;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the NameNode reports " + seen + " bytes used, " + dfsUsed + " written");
  }

  /** Live threads of plain executor pools ({@code pool-N-thread-M}): what HDFS's dispatcher gives each target. */
  private static Set<Thread> poolThreads() {
    Set<Thread> pools = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().matches("pool-\\d+-thread-\\d+")) {
        pools.add(t);
      }
    }
    return pools;
  }

  /**
   * The balancer's iterations leave no pool thread running: each shuts its targets' mover pools down, as HDFS's
   * Balancer does after an iteration (their threads are not daemons; left running, every iteration adds some).
   */
  private static void assertNoPoolThreadLeftBut(Set<Thread> before) throws InterruptedException {
    Set<Thread> left = Set.of();
    for (int i = 0; i < 100; i++) {
      left = poolThreads();
      left.removeAll(before);
      if (left.isEmpty()) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("pool threads still running after the balancer: " + left);
  }

  @Test
  void anEmptyNewRack_isFilledToTheThreshold_andBlocksGainARack_neverLoseOne() throws Exception {
    Configuration conf = conf();
    try (MiniDFSCluster cluster = grownCluster(conf)) {
      DistributedFileSystem fs = cluster.getFileSystem();
      Map<String, Integer> before = racksPerBlock(fs);
      assertTrue(before.values().stream().allMatch(r -> r == 2), "written in two racks: " + before.values());

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Set<Thread> poolsBefore = poolThreads();
      Configuration client = new Configuration(cluster.getConfiguration(0));
      int code = ToolRunner.run(client, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
          new String[] {"-threshold", "10"});
      String report = out.toString(StandardCharsets.UTF_8);

      assertEquals(0, code, report);
      assertTrue(report.contains("The cluster is balanced. Exiting..."), report);
      // the lock is gone and no longer marked for deletion at exit, where it could be another balancer's by then
      assertFalse(fs.exists(LOCK));
      assertFalse(FileSystem.get(FileSystem.getDefaultUri(client), client).cancelDeleteOnExit(LOCK),
          "the balancer's file system would delete /system/balancer.id when it closes");
      assertNoPoolThreadLeftBut(poolsBefore);
      awaitWithinThreshold(fs, 10);
      Map<String, Integer> after = racksPerBlock(fs);
      before.forEach((block, racks) -> assertTrue(after.get(block) >= racks, block + " lost a rack"));
      long raised = after.values().stream().filter(r -> r == 3).count();
      assertTrue(raised > 0, "no block gained the new rack: " + after.values());
    }
  }

  /**
   * Automated triggering: started as a service before anyone asks for balancing, it sees nodes beyond the
   * threshold (the new rack joined empty) and balances by itself.
   */
  @Test
  void asService_balancesByItself_whenANodeIsBeyondTheThreshold() throws Exception {
    Configuration conf = conf();
    try (MiniDFSCluster cluster = grownCluster(conf)) {
      Configuration client = new Configuration(cluster.getConfiguration(0));
      client.set("replicakit.balancer.trigger.interval", "1000");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Thread service = new Thread(() -> {
        try {
          ToolRunner.run(client, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
              new String[] {"-threshold", "10", "-asService"});
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, "balancer-service");
      service.start();
      try {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!out.toString(StandardCharsets.UTF_8).contains("The cluster is balanced. Exiting...")) {
          assertTrue(System.nanoTime() < deadline && service.isAlive(), "no balancing round ended: " + out);
          Thread.sleep(200);
        }
      } finally {
        service.interrupt();
        service.join(30_000);
      }
      awaitWithinThreshold(cluster.getFileSystem(), 10);
    }
  }

  /**
   * The two refusals of HDFS's Balancer on an unbalanced cluster: another balancer holds the lock (-4, its message),
   * and an upgrade is not finalized (-7: the DataNodes keep what a move deletes, so nothing would be freed); no
   * block moves.
   */
  @Test
  void anotherBalancerRunning_orAnUnfinishedUpgrade_getHdfsBalancersMessagesAndExitCodes() throws Exception {
    Configuration conf = conf();
    try (MiniDFSCluster cluster = grownCluster(conf)) {
      DistributedFileSystem fs = cluster.getFileSystem();
      Configuration client = new Configuration(cluster.getConfiguration(0));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (FSDataOutputStream lock = fs.create(LOCK)) {
        lock.hflush(); // another balancer holds the lock file open
        int hdfs = HdfsBalancerCli.run(client, "-threshold", "10");
        int ours = ToolRunner.run(client, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
            new String[] {"-threshold", "10"});
        assertEquals(hdfs, ours);
        assertEquals(-4, ours, "IO_EXCEPTION, as HDFS's Balancer exits");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("Another Balancer is running"), out.toString());
      }
      fs.delete(LOCK, false);

      fs.setSafeMode(SafeModeAction.ENTER); // a NameNode without HA saves its image to prepare
      fs.rollingUpgrade(HdfsConstants.RollingUpgradeAction.PREPARE);
      fs.setSafeMode(SafeModeAction.LEAVE);
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int hdfs = HdfsBalancerCli.run(client, "-threshold", "10");
      int ours = ToolRunner.run(client, new BalancerTool(System.out, new PrintStream(err, true,
          StandardCharsets.UTF_8)), new String[] {"-threshold", "10"});
      assertEquals(hdfs, ours);
      assertEquals(-7, ours, "UNFINALIZED_UPGRADE, as HDFS's Balancer exits");
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("upgrade is not finalized"), err.toString());
      // a move to the empty new rack would give its block a third rack
      assertTrue(racksPerBlock(fs).values().stream().allMatch(r -> r == 2), "a block moved during the upgrade");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"-threshold 0", "-threshold 101", "-threshold", "-threshold x", "-bogus"})
  void badArguments_getHdfsBalancersMessages_andExitCode(String line) throws Exception {
    String[] args = line.split(" ");
    Configuration conf = new HdfsConfiguration();
    conf.set("fs.defaultFS", "hdfs://localhost:1"); // never reached: the arguments are checked first
    IllegalArgumentException hdfs = assertThrows(IllegalArgumentException.class,
        () -> HdfsBalancerCli.run(conf, args));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = ToolRunner.run(conf, new BalancerTool(System.out, new PrintStream(err, true,
        StandardCharsets.UTF_8)), args);
    // HDFS's Balancer.main turns the parser's exception into exit code -1.
    assertEquals(-1, code);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains(hdfs.getMessage()),
        "HDFS says \"" + hdfs.getMessage() + "\"; ours: " + err);
  }

  private static Map<String, Integer> racksPerBlock(DistributedFileSystem fs) throws Exception {
    Map<String, Integer> racks = new HashMap<>();
    for (FileStatus f : fs.listStatus(new Path("/data"))) {
      for (BlockLocation b : fs.getFileBlockLocations(f, 0, f.getLen())) {
        Set<String> r = new HashSet<>();
        for (String path : b.getTopologyPaths()) {
          r.add(path.substring(0, path.lastIndexOf('/')));
        }
        racks.put(f.getPath().getName() + "@" + b.getOffset(), r.size());
      }
    }
    return racks;
  }

  /** Waits for the excess replicas' deletion to show in the NameNode's report, then checks the threshold. */
  private static void awaitWithinThreshold(DistributedFileSystem fs, double threshold) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    List<String> off = new ArrayList<>();
    while (System.nanoTime() < deadline) {
      DatanodeInfo[] nodes = fs.getClient().datanodeReport(DatanodeReportType.LIVE);
      double used = 0;
      double capacity = 0;
      for (DatanodeInfo d : nodes) {
        used += d.getCapacity() - d.getRemaining();
        capacity += d.getCapacity();
      }
      double mean = used * 100 / capacity;
      off.clear();
      for (DatanodeInfo d : nodes) {
        double u = (d.getCapacity() - d.getRemaining()) * 100.0 / d.getCapacity();
        if (Math.abs(u - mean) > threshold) {
          off.add(d.getXferAddr() + " " + d.getNetworkLocation() + " at " + u + " % (mean " + mean + ")");
        }
      }
      if (off.isEmpty()) {
        return;
      }
      Thread.sleep(500);
    }
    throw new AssertionError("not within " + threshold + " points of the mean: " + off);
  }
}
