/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.write.hdfs.WriteInternals;
import io.replicakit.write.hdfs.WriteSession;
import java.io.IOException;
import java.net.URI;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Options.ChecksumOpt;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsCreateModes;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HDFS's {@code DistributedFileSystem} whose new files are written in the {@link WriteMode} of
 * {@code replicakit.write.mode} (under {@code replicakit.write.paths}, if set). Everything else (reads, listing,
 * renames, append, and files in {@code pipeline} mode) is HDFS's own code.
 *
 * <p><b>Why a file system.</b> The write path is entirely the client's: the NameNode only hands out blocks and
 * targets, and the DataNodes accept a block from whoever speaks DataTransferProtocol. HDFS chooses the class for
 * {@code hdfs://} by {@code fs.hdfs.impl}, so setting that key (per job, per client, or cluster-wide) makes any
 * program that uses the {@code FileSystem} API, TestDFSIO and MapReduce included, write in parallel unchanged,
 * with no change to HDFS's client jar. HBase's fan-out WAL writer takes the same position for the same reason.
 *
 * <p><b>Faults.</b> A fault of ReplicaKit's code while creating a file (anything but an {@link IOException}, which
 * is the NameNode's answer and is passed on) is logged with throttling and counted ({@link #fallbacks()}), and the
 * file is written with HDFS's stream instead. Failures of replicas during a write are recovered as HDFS's
 * pipeline recovers them ({@link io.replicakit.write.hdfs.FanOutOutputStream}).
 */
public class WriteModeFileSystem extends DistributedFileSystem {

  private static final Logger LOG = LoggerFactory.getLogger(WriteModeFileSystem.class);
  private static final ThrottledLog FAULT_LOG = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow);
  private static final AtomicLong FALLBACKS = new AtomicLong();
  private static final AtomicLong PARALLEL_FILES = new AtomicLong();

  private WriteSession session;

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    WriteConfig.KEYS.requireValid(conf);
    WriteConfig.KEYS.warnUnknown(conf, LOG);
    super.initialize(uri, conf);
    try {
      WriteInternals.API.check();
      session = new WriteSession(getClient(), conf);
    } catch (RuntimeException | LinkageError e) {
      // A Hadoop whose internals do not fit the writers: every file is written by HDFS's own stream.
      FALLBACKS.incrementAndGet();
      LOG.error("ReplicaKit's parallel writers cannot run on this Hadoop; writing every file with HDFS's pipeline",
          e);
      session = null;
    }
  }

  /**
   * Files of this JVM written with HDFS's stream because ReplicaKit's code failed to create them, plus file
   * systems that found the writers unable to run at all.
   */
  public static long fallbacks() {
    return FALLBACKS.get();
  }

  /**
   * Files this JVM's file systems opened with a parallel writer (broadcast or master/slave), since the class was
   * loaded: with {@link #fallbacks()}, how an experiment tells that a variant's files were written the way it names.
   */
  public static long parallelFiles() {
    return PARALLEL_FILES.get();
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, EnumSet<CreateFlag> cflags, int bufferSize,
      short replication, long blockSize, Progressable progress, ChecksumOpt checksumOpt) throws IOException {
    Parallel p = createParallel(f, permission, cflags, replication, blockSize, progress, checksumOpt, true);
    return p.stream() != null ? p.stream()
        : super.create(f, permission, p.flags(), bufferSize, replication, blockSize, progress, checksumOpt);
  }

  @Override
  public FSDataOutputStream createNonRecursive(Path f, FsPermission permission, EnumSet<CreateFlag> flag,
      int bufferSize, short replication, long blockSize, Progressable progress) throws IOException {
    Parallel p = createParallel(f, permission, flag, replication, blockSize, progress, null, false);
    return p.stream() != null ? p.stream()
        : super.createNonRecursive(f, permission, p.flags(), bufferSize, replication, blockSize, progress);
  }

  /**
   * A parallel stream, or the flags with which HDFS's own stream is to create the file instead: the caller's, plus
   * {@code OVERWRITE} when this call already created the (empty) file.
   */
  private record Parallel(FSDataOutputStream stream, EnumSet<CreateFlag> flags) {}

  private Parallel createParallel(Path f, FsPermission permission, EnumSet<CreateFlag> flags, short replication,
      long blockSize, Progressable progress, ChecksumOpt checksumOpt, boolean createParent) throws IOException {
    String src = pathName(fixRelativePart(f));
    WriteMode mode = WriteConfig.modeFor(getConf(), src);
    if (session == null || mode == WriteMode.PIPELINE || flags.contains(CreateFlag.APPEND)) {
      return new Parallel(null, flags);
    }
    WriteSession.Opened opened;
    try {
      opened = session.create(src, createModes(permission), flags, createParent, replication, blockSize,
          session.checksum(checksumOpt), mode, progress);
    } catch (RuntimeException | LinkageError e) {
      opened = new WriteSession.Opened(null, false, e);
    }
    if (opened.fault() != null) {
      FALLBACKS.incrementAndGet();
      FAULT_LOG.warn(LOG, "ReplicaKit's " + mode + " writer failed to create " + src
          + "; writing it with HDFS's pipeline", opened.fault());
    }
    if (opened.stream() != null) {
      PARALLEL_FILES.incrementAndGet();
      statistics.incrementWriteOps(1);
      return new Parallel(new FSDataOutputStream(opened.stream(), statistics), flags);
    }
    EnumSet<CreateFlag> fallback = EnumSet.copyOf(flags);
    if (opened.created()) {
      fallback.add(CreateFlag.OVERWRITE);
    }
    return new Parallel(null, fallback);
  }

  /**
   * The path on this cluster that {@code absolute} names, refused as HDFS's {@code DistributedFileSystem
   * #getPathName} refuses it: a path of another file system ({@code file:///x}, {@code hdfs://otherCluster/x}) with
   * {@code IllegalArgumentException} "Wrong FS" ({@code FileSystem#checkPath}), and a name HDFS cannot store
   * ({@code DFSUtilClient#isValidName}: {@code ..}, {@code :} and the like) with "not a valid DFS filename". Taking
   * the URI's path alone would create {@code /x} on this cluster.
   */
  private String pathName(Path absolute) {
    checkPath(absolute);
    String result = absolute.toUri().getPath();
    if (!DFSUtilClient.isValidName(result)) {
      throw new IllegalArgumentException("Pathname " + result + " from " + absolute
          + " is not a valid DFS filename.");
    }
    return result;
  }

  /**
   * The mode sent to the NameNode, as {@code DFSClient#applyUMask} builds it: the masked mode together with the
   * caller's unmasked one ({@code FsCreateModes}; {@code FileSystem#create} already passes one, which is kept as
   * it is). The NameNode uses the unmasked mode, not the umask, for a file whose directory has a default ACL
   * (HDFS-6962, {@code dfs.namenode.posix.acl.inheritance.enabled}, on by default); a plain masked mode makes it
   * fall back to the old, umask-applied inheritance.
   */
  private FsPermission createModes(FsPermission permission) {
    FsPermission perm = permission == null ? FsPermission.getFileDefault() : permission;
    return FsCreateModes.applyUMask(perm, getClient().getConf().getUMask());
  }

  @Override
  public void close() throws IOException {
    if (session != null) {
      session.close();
    }
    super.close();
  }
}
