/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * Which DataNodes are up and whether blocks have enough replicas on them, asked through HDFS's public client API,
 * so both cluster modes answer alike. A node the harness stopped stays live for the NameNode until its heartbeats
 * expire; callers pass the addresses of such nodes as down.
 */
final class LiveReplicas {

  private LiveReplicas() {}

  /** Transfer addresses ({@code ip:port}) of the DataNodes live for the NameNode and not in {@code downIps}. */
  static Set<String> liveTransferAddresses(DistributedFileSystem fs, Set<String> downIps) throws IOException {
    DatanodeInfo[] live = fs.getDataNodeStats(DatanodeReportType.LIVE);
    return Arrays.stream(live).filter(dn -> !downIps.contains(dn.getIpAddr()))
        .map(DatanodeInfo::getXferAddr).collect(Collectors.toSet());
  }

  /** The IP addresses of transfer addresses. */
  static Set<String> ips(Set<String> transferAddresses) {
    return transferAddresses.stream().map(xfer -> xfer.substring(0, xfer.lastIndexOf(':')))
        .collect(Collectors.toSet());
  }

  /** Polls until every block under {@code path} has {@code replicas} replicas on nodes up; see {@link Cluster}. */
  static Duration await(DistributedFileSystem fs, Set<String> downIps, Path path, int replicas, Duration timeout)
      throws IOException, TimeoutException, InterruptedException {
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    while (true) {
      ReplicaCount count = count(fs, liveTransferAddresses(fs, downIps), path, replicas);
      if (count.shortBlocks() == 0) {
        return Duration.ofNanos(System.nanoTime() - start);
      }
      if (System.nanoTime() > deadline) {
        throw new TimeoutException(count.shortBlocks() + " of " + count.blocks() + " blocks under " + path
            + " still have fewer than " + replicas + " live replicas after " + timeout);
      }
      Thread.sleep(250);
    }
  }

  private record ReplicaCount(int blocks, int shortBlocks) {}

  private static ReplicaCount count(DistributedFileSystem fs, Set<String> live, Path path, int replicas)
      throws IOException {
    int blocks = 0;
    int shortBlocks = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(path, true);
    while (files.hasNext()) {
      for (BlockLocation block : files.next().getBlockLocations()) {
        blocks++;
        if (Arrays.stream(block.getNames()).filter(live::contains).count() < replicas) {
          shortBlocks++;
        }
      }
    }
    return new ReplicaCount(blocks, shortBlocks);
  }
}
