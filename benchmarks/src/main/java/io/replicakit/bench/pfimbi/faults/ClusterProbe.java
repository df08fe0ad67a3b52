/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.pfimbi.PfimbiClusterRecipe;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.device.VolumeStats;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.JMException;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/**
 * What the campaign looks at, from outside Pfimbi: files and blocks through the stock client (replication, block
 * locations on DataNodes that are up, the bytes read back), the Replication Managers' queues over their status
 * RPC, the emulated devices' write counters, and the coordinator's JMX counters.
 */
final class ClusterProbe implements AutoCloseable {

  static final String COORDINATOR_BEAN = "Hadoop:service=NameNode,name=ReplicaKitPfimbi";
  private static final int READ_CHUNK = 64 * 1024;

  /**
   * A DataNode's background work as the probe saw it.
   *
   * @param queued notices waiting for buffer space (or being fetched)
   * @param buffered blocks in memory waiting for the regulator
   * @param heldBytes buffer space held by blocks being fetched, waiting, or being written to the disk
   * @param deviceWriteBytes bytes its emulated devices have written so far
   */
  record NodeActivity(String node, int queued, int buffered, long heldBytes, long deviceWriteBytes) {
    boolean pending() {
      return queued + buffered > 0;
    }
  }

  private final Cluster cluster;
  private DistributedFileSystem fs;
  private final Configuration conf;

  ClusterProbe(Cluster cluster) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.fileSystem(ClientPlacement.offCluster());
    this.conf = cluster.clientConf(ClientPlacement.offCluster());
  }

  /** Replaces the probe's client after a NameNode restart (see {@link #settle}). */
  void reconnect() throws IOException, InterruptedException {
    fs.close();
    fs = cluster.fileSystem(ClientPlacement.offCluster());
    settle(fs);
  }

  /**
   * Makes a client usable after a NameNode restart. Hadoop's IPC clients share connections across file systems, and
   * an idle connection does not notice that the old NameNode closed it: the next call fails once with an
   * EOFException (a non-HA client does not retry it), which also drops the connection. A harmless call, repeated
   * for a few seconds, takes that failure so the campaign's own calls do not.
   */
  static void settle(DistributedFileSystem fs) throws IOException, InterruptedException {
    IOException last = null;
    for (int attempt = 0; attempt < 50; attempt++) {
      try {
        fs.getFileStatus(new Path("/"));
        return;
      } catch (IOException e) {
        last = e;
        Thread.sleep(100);
      }
    }
    throw last;
  }

  /** Replication and live replicas only (no read): what the recovery wait polls. */
  FileState replication(WrittenFile file) throws IOException {
    return inspect(file, false);
  }

  /** Replication, live replicas, and every byte read back and compared. */
  FileState check(WrittenFile file) throws IOException {
    return inspect(file, true);
  }

  private FileState inspect(WrittenFile file, boolean read) throws IOException {
    int replication;
    List<LocatedBlock> located;
    try {
      replication = fs.getFileStatus(new Path(file.path())).getReplication();
      located = fs.getClient().getLocatedBlocks(file.path(), 0, Long.MAX_VALUE).getLocatedBlocks();
    } catch (FileNotFoundException e) {
      return FileState.missing(file.path(), file.target(), file.blocks());
    }
    Set<String> up = upIps();
    List<FileState.BlockState> blocks = new ArrayList<>();
    boolean matches = located.stream().mapToLong(b -> b.getBlockSize()).sum() == file.length();
    try (FSDataInputStream in = read ? fs.open(new Path(file.path())) : null) {
      for (LocatedBlock block : located) {
        int live = (int) java.util.Arrays.stream(block.getLocations()).filter(d -> up.contains(d.getIpAddr())).count();
        Boolean same = read ? readBlock(in, file.seed(), block) : Boolean.TRUE;
        blocks.add(new FileState.BlockState(live, same != null));
        matches &= same == null || same;
      }
    }
    return new FileState(file.path(), file.target(), replication, blocks, matches);
  }

  /** Whether the block's bytes are the ones written; null when it could not be read. */
  private static Boolean readBlock(FSDataInputStream in, long seed, LocatedBlock block) {
    byte[] buf = new byte[READ_CHUNK];
    boolean same = true;
    try {
      for (long pos = block.getStartOffset(); pos < block.getStartOffset() + block.getBlockSize(); ) {
        int len = (int) Math.min(buf.length, block.getStartOffset() + block.getBlockSize() - pos);
        in.readFully(pos, buf, 0, len);
        same &= Content.matches(seed, pos, buf, len);
        pos += len;
      }
      return same;
    } catch (IOException e) {
      return null;
    }
  }

  /** IP addresses of the DataNodes that are up (live for the NameNode and not stopped by the harness). */
  Set<String> upIps() throws IOException {
    return cluster.liveDataNodes().stream().map(n -> cluster.spec().dataNode(n).address())
        .collect(Collectors.toSet());
  }

  /** Whether the DataNode at {@code ip} holds the only replica of some block of these files. */
  boolean soleHolder(String ip, List<WrittenFile> files) throws IOException {
    for (WrittenFile f : files) {
      for (LocatedBlock b : fs.getClient().getLocatedBlocks(f.path(), 0, Long.MAX_VALUE).getLocatedBlocks()) {
        DatanodeInfo[] locations = b.getLocations();
        if (locations.length < 2 && java.util.Arrays.stream(locations).anyMatch(d -> d.getIpAddr().equals(ip))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Each named DataNode's Replication Manager queues (summed over storage types) and device write bytes. A node whose
   * status call fails is left out of this poll: after a DataNode restart the first call over Hadoop's shared IPC
   * connection to it fails once with an EOFException (the old connection), and the next poll reaches it.
   */
  List<NodeActivity> activity(List<String> nodes) throws IOException {
    List<NodeActivity> result = new ArrayList<>();
    try (RmClient client = new RmClient(conf, PfimbiClusterRecipe.managerPort(conf), 2_000)) {
      for (String node : nodes) {
        try {
          result.add(activity(client, node));
        } catch (IOException e) {
          // not this poll; see above
        }
      }
    }
    return result;
  }

  private NodeActivity activity(RmClient client, String node) throws IOException {
    int queued = 0;
    int buffered = 0;
    long held = 0;
    for (ManagerStatusProto m : client.status(cluster.spec().dataNode(node).address()).getManagersList()) {
      queued += m.getQueued();
      buffered += m.getBuffered();
      held += m.getBufferedBytes();
    }
    return new NodeActivity(node, queued, buffered, held, writeBytes(node));
  }

  private long writeBytes(String node) {
    return cluster.devices(node).stats().stream().mapToLong(VolumeStats::writeBytes).sum();
  }

  /** The coordinator's count of files fallen back to HDFS re-replication; -1 when its bean is not registered. */
  long fellBack() {
    return coordinatorLong("FilesFellBack");
  }

  /** Files the coordinator is tracking now; -1 when its bean is not registered. */
  long inProgress() {
    return coordinatorLong("FilesInProgress");
  }

  private static long coordinatorLong(String attribute) {
    try {
      Object value = ManagementFactory.getPlatformMBeanServer()
          .getAttribute(new ObjectName(COORDINATOR_BEAN), attribute);
      return ((Number) value).longValue();
    } catch (JMException e) {
      return -1;
    }
  }

  @Override
  public void close() throws IOException {
    fs.close();
  }
}
