/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.process.DaemonCommand;
import io.replicakit.testbed.process.DaemonEnv;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.NodeLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TestDFSIO as {@code hadoop jar ...-tests.jar TestDFSIO} runs it: its own {@code main} in a client JVM started
 * through the cluster's launcher, with the client's {@code HADOOP_CONF_DIR}. On YARN its maps run in containers on
 * the NodeManagers; with the local job runner they run in the client JVM, at the client's place (a rack's client
 * host: "written through a node in R1").
 */
final class DfsioProcess implements DfsioRunner.Job {

  /** The longest one TestDFSIO job may run (the paper profile's reads take minutes). */
  static final Duration JOB_TIMEOUT = Duration.ofHours(2);
  private static final int CLIENT_HEAP_MB = 512;
  static final String HISTORY_ADDRESS_KEY = "mapreduce.jobhistory.address";

  /** What must hold before a YARN job is submitted (every node the ResourceManager lists is up). */
  @FunctionalInterface
  interface Precondition {
    void await() throws IOException;
  }

  private final DaemonId client;
  private final DaemonEnv env;
  private final NodeLauncher launcher;
  private final boolean onYarn;
  private final Precondition beforeYarnJob;
  private final AtomicInteger runs;

  DfsioProcess(DaemonId client, DaemonEnv env, NodeLauncher launcher, boolean onYarn, Precondition beforeYarnJob,
      AtomicInteger runs) {
    this.client = client;
    this.env = env;
    this.launcher = launcher;
    this.onYarn = onYarn;
    this.beforeYarnJob = beforeYarnJob;
    this.runs = runs;
  }

  @Override
  public int run(DfsioRequest request, Map<String, String> settings, Path resultFile) throws IOException {
    if (onYarn) {
      beforeYarnJob.await();
    }
    DaemonProcess process = DaemonProcess.start(command(request, settings, resultFile), launcher);
    try {
      int exit = process.awaitExit(JOB_TIMEOUT);
      if (exit != 0) {
        throw new IOException("TestDFSIO " + request.op() + " in " + client.name() + " exited with " + exit
            + "; see " + process.describeLogs());
      }
      return exit;
    } catch (TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /** TestDFSIO's main with {@code -D} settings first (Hadoop's generic options), then its own arguments. */
  DaemonCommand command(DfsioRequest request, Map<String, String> settings, Path resultFile) {
    List<String> args = new ArrayList<>();
    args.add("-Dmapreduce.framework.name=" + (onYarn ? "yarn" : "local"));
    if (onYarn) {
      // No JobHistoryServer runs. A job whose AM has exited before the client's last poll is looked up there unless
      // the address is empty, which only a -D can say (Hadoop's Configuration ignores an empty <value> in a site
      // file and keeps mapred-default's 0.0.0.0:10020); the client then retries it for 20 s and fails a job that
      // succeeded. Empty, it takes the finished job's state from the ResourceManager.
      args.add("-D" + HISTORY_ADDRESS_KEY + "=");
    }
    settings.forEach((key, value) -> args.add("-D" + key + "=" + value));
    args.addAll(request.arguments(resultFile.toString()));
    String logName = "dfsio-" + client.name() + "-" + runs.incrementAndGet() + "-"
        + request.op().name().toLowerCase(Locale.ROOT);
    List<String> jvmOptions = new ArrayList<>();
    jvmOptions.add("-Xmx" + CLIENT_HEAP_MB + "m");
    jvmOptions.addAll(env.jvmOptions());
    return new DaemonCommand(client, YarnInstall.DFSIO_MAIN, args, logName,
        new DaemonEnv(env.install(), env.confDir(), env.hadoopHome(), env.logDir(), env.tmpDir(), jvmOptions, 0));
  }
}
