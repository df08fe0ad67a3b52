/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.namenode;

import io.replicakit.common.MetricsRegistration;
import io.replicakit.common.PluginStartup;
import io.replicakit.common.config.ReadTopologyCheck;
import io.replicakit.common.rpc.OwnLookups;
import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.pfimbi.config.CoordinationSettings;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.coordinator.BackgroundCoordinator;
import io.replicakit.pfimbi.coordinator.CoordinatorCounters;
import io.replicakit.pfimbi.coordinator.FaultLog;
import io.replicakit.pfimbi.hdfs.NameNodeAdaptor;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.FailureReport;
import io.replicakit.pfimbi.rpc.ManagerAnswer;
import io.replicakit.pfimbi.rpc.RmClient;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.util.MBeans;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pfimbi in the NameNode ({@code dfs.namenode.plugins}): runs the {@link BackgroundCoordinator} every
 * {@code replicakit.pfimbi.scan.interval.ms} on the files that allocated blocks since the last scan, and sweeps the
 * marked directories when the NameNode becomes active and then periodically. Needs the placement wrapper
 * ({@code dfs.block.replicator.classname = org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy}):
 * without it background copies would be deleted as excess, so the coordinator does not start, as for invalid
 * {@code replicakit.pfimbi.*} values or a Hadoop whose internals do not fit {@link NameNodeAdaptor} (checked
 * first): the NameNode keeps running without it (ERROR line, counted by {@link PluginStartup}) unless
 * {@code replicakit.pfimbi.abort.on.error} is true.
 *
 * <p>A round that fails, with an exception or an {@link Error}, is counted ({@code ScanFaults}), logged with
 * throttling, and the next round runs as scheduled: a scheduled task that throws would otherwise be cancelled in
 * silence and leave every file in flight at its synchronous replication.
 */
public final class PfimbiNameNodePlugin implements ServicePlugin, PfimbiCoordinatorMXBean {

  private static final Logger LOG = LoggerFactory.getLogger(PfimbiNameNodePlugin.class);
  private static final int NOTIFY_TIMEOUT_MS = 10_000;
  /** The feature's name in {@link PluginStartup}'s counters. */
  static final String FEATURE = "PfimbiCoordinator";

  private NameNodeAdaptor adaptor;
  private boolean internalsChecked;
  private ScheduledExecutorService scanner;
  private DistributedFileSystem fs;
  private RmClient rmClient;
  private volatile BackgroundCoordinator coordinator;
  private ObjectName mbean;
  private String metricsSource;
  private final FaultLog faults = new FaultLog(LOG);
  private final LongAdder scanFaults = new LongAdder();

  @Override
  public void start(Object service) {
    NameNodeAdaptor adaptor = NameNodeAdaptor.of(service);
    this.adaptor = adaptor;
    Configuration conf = adaptor.conf();
    boolean abort = PluginStartup.abortOnError(conf, PfimbiConfig.ABORT_ON_ERROR_KEY);
    try {
      NameNodeAdaptor.checkInternals();
      internalsChecked = true;
      PfimbiConfig.KEYS.warnUnknown(conf, LOG);
      ReadTopologyCheck.warn(conf, LOG);
      CoordinationSettings settings = PfimbiConfig.settings(conf).coordination();
      if (!adaptor.placementPolicyIsWrapped()) {
        throw new IllegalArgumentException(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY + " must be "
            + "org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy when the Pfimbi NameNode plugin "
            + "runs (it keeps background copies from being deleted as excess)");
      }
      startCoordinator(adaptor, conf, settings);
    } catch (IllegalArgumentException | UnsupportedHadoopException | IOException | LinkageError e) {
      stop();
      PluginStartup.failed(FEATURE, PfimbiConfig.ABORT_ON_ERROR_KEY, abort, LOG,
          "ReplicaKit Pfimbi coordinator cannot start (files written with Pfimbi stay at their synchronous "
              + "replication until it runs; bin/replicakit pfimbi-check lists and repairs them)", e);
    }
  }

  private void startCoordinator(NameNodeAdaptor adaptor, Configuration conf, CoordinationSettings settings)
      throws IOException {
    fs = selfClient(adaptor.uri(), conf);
    rmClient = new RmClient(conf, settings.rpcAddress().getPort(), NOTIFY_TIMEOUT_MS);
    coordinator = new BackgroundCoordinator(new DfsNamespace(fs.getClient(), adaptor::fullPath,
        PfimbiConfig.nameNodeMaxReplication(conf)), adaptor,
        managers(rmClient), adaptor, Time::monotonicNow, settings);
    adaptor.noteWritesByInode();
    scanner = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(() -> {
        // its block listings are lookups, not reads, to a read-selection topology on this NameNode
        OwnLookups.markThisThread("pfimbi-coordinator");
        r.run();
      }, "replicakit-pfimbi-coordinator");
      t.setDaemon(true);
      return t;
    });
    scanner.scheduleWithFixedDelay(this::scan, settings.scanIntervalMs(), settings.scanIntervalMs(),
        TimeUnit.MILLISECONDS);
    mbean = MBeans.register("NameNode", "ReplicaKitPfimbi", this);
    metricsSource = MetricsRegistration.register(CoordinatorMetricsSource.NAME, "ReplicaKit Pfimbi coordinator",
        new CoordinatorMetricsSource(this));
    LOG.info("ReplicaKit Pfimbi coordinator started: scan every {} ms, sweep of {} every {} ms, Replication "
        + "Managers on port {}", settings.scanIntervalMs(), settings.sweep().roots(), settings.sweep().intervalMs(),
        settings.rpcAddress().getPort());
  }

  private static BackgroundCoordinator.ReplicationManagers managers(RmClient client) {
    return new BackgroundCoordinator.ReplicationManagers() {
      @Override
      public ManagerAnswer notify(String ipAddr, BlockAvailable notice) throws IOException {
        return client.offer(ipAddr, notice);
      }

      @Override
      public FailureReport recentFailures(String ipAddr, String blockPoolId) throws IOException {
        return client.failureReport(ipAddr, blockPoolId);
      }
    };
  }

  /** A client of this NameNode, as the NameNode's own user: the coordinator's namespace calls go through it. */
  private static DistributedFileSystem selfClient(URI uri, Configuration conf) throws IOException {
    Configuration clientConf = new Configuration(conf);
    clientConf.setBoolean("fs.hdfs.impl.disable.cache", true);
    return (DistributedFileSystem) FileSystem.newInstance(uri, clientConf);
  }

  private void scan() {
    try {
      NameNodeAdaptor.Writes writes = adaptor.drainWrites();
      coordinator.noteWritten(writes.writtenAt());
      coordinator.noteWrittenPaths(writes.paths());
      coordinator.scan();
    } catch (Throwable t) { // an Error too: a throwing scheduled task would never run again
      scanFaults.increment();
      faults.warn("scan", "Pfimbi coordinator round failed; the next round runs as scheduled: {}", t.toString());
      LOG.debug("Pfimbi coordinator round failed", t);
    }
  }

  @Override
  public void stop() {
    if (scanner != null) {
      scanner.shutdownNow();
      try {
        scanner.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (coordinator != null) {
      coordinator.clear();
    }
    if (internalsChecked) {
      adaptor.forgetNotes();
    }
    if (mbean != null) {
      MBeans.unregister(mbean);
      mbean = null;
    }
    if (metricsSource != null) {
      DefaultMetricsSystem.instance().unregisterSource(metricsSource);
      metricsSource = null;
    }
    if (rmClient != null) {
      rmClient.close();
    }
    if (fs != null) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing the coordinator's client", e);
      }
    }
  }

  @Override
  public void close() {
    stop();
  }

  private CoordinatorCounters.Snapshot counters() {
    BackgroundCoordinator c = coordinator;
    return c == null ? new CoordinatorCounters().snapshot() : c.counters();
  }

  @Override
  public long getFilesTracked() {
    return counters().filesTracked();
  }

  @Override
  public long getBlocksStarted() {
    return counters().blocksStarted();
  }

  @Override
  public long getFilesCompleted() {
    return counters().filesCompleted();
  }

  @Override
  public long getFilesFellBack() {
    return counters().filesFellBack();
  }

  @Override
  public long getFilesRefused() {
    return counters().filesRefused();
  }

  @Override
  public int getFilesInProgress() {
    return counters().filesInProgress();
  }

  @Override
  public long getFilesRecovered() {
    return counters().filesRecovered();
  }

  @Override
  public long getSweepsCompleted() {
    return counters().sweepsCompleted();
  }

  @Override
  public long getLastSweepFilesBelowTarget() {
    return counters().lastSweepFilesBelowTarget();
  }

  @Override
  public long getRoundsHeldForBlockReports() {
    return counters().roundsHeldForBlockReports();
  }

  @Override
  public long getBlockReportWaitsExpired() {
    return counters().blockReportWaitsExpired();
  }

  @Override
  public int getProtectedBlocks() {
    return adaptor.protectedBlocks();
  }

  @Override
  public long getExcessDeletionsVetoed() {
    return adaptor.excessDeletionsVetoed();
  }

  @Override
  public long getDroppedPaths() {
    return adaptor.droppedPaths();
  }

  @Override
  public long getScanFaults() {
    return scanFaults.sum();
  }

  @Override
  public long getHookFaults() {
    return adaptor.hookFaults();
  }
}
