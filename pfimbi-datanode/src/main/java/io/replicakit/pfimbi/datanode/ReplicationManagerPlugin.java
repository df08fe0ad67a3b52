/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.datanode;

import io.replicakit.common.PluginStartup;
import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.pfimbi.activity.DiskCounters;
import io.replicakit.pfimbi.activity.KMeansThreshold;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.config.PfimbiSettings;
import io.replicakit.pfimbi.flow.CreditBuffer;
import io.replicakit.pfimbi.flow.FlowRegulator;
import io.replicakit.pfimbi.flow.ForegroundWindow;
import io.replicakit.pfimbi.hdfs.DataNodeAdaptor;
import io.replicakit.pfimbi.manager.ActivitySampler;
import io.replicakit.pfimbi.manager.DirtyData;
import io.replicakit.pfimbi.manager.DirtyPages;
import io.replicakit.pfimbi.manager.FailedBlocks;
import io.replicakit.pfimbi.manager.ReplicationManager;
import io.replicakit.pfimbi.proto.PfimbiProtos.FailedBlockProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NoticeCheck;
import io.replicakit.pfimbi.rpc.ManagerAnswer;
import io.replicakit.pfimbi.rpc.NoticeHandler;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.pfimbi.rpc.RmServer;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pfimbi's Replication Managers in a DataNode ({@code dfs.datanode.plugins}), one per storage type the DataNode
 * has (thesis §4.7: disks of one type are used in turn, so their activity is averaged and they share one
 * buffer). Serves the Replication Manager protocol on {@code replicakit.pfimbi.rpc.address}, samples disk
 * activity every {@code replicakit.pfimbi.activity.interval.ms}, and moves block data through
 * {@link DataNodeAdaptor}, its one door into HDFS internals.
 *
 * <p>A background block becomes an ordinary finalized replica that reaches the NameNode in the DataNode's next
 * incremental block report. Pfimbi is an optional feature of the DataNode: when it cannot start (invalid
 * {@code replicakit.pfimbi.*} value, side-channel port taken, a Hadoop whose internals do not fit
 * {@link DataNodeAdaptor}) the DataNode keeps running without it, logged at ERROR and counted
 * ({@link PluginStartup}), unless {@code replicakit.pfimbi.abort.on.error} is true. A fault at run time only drops
 * the background copy it concerns, which the NameNode learns through the status call; faults of the sampler and
 * the managers' threads are contained ({@link FaultGuard}) and counted in the metrics2 source
 * {@value ReplicationManagerMetricsSource#NAME}.
 */
public final class ReplicationManagerPlugin implements ServicePlugin, NoticeHandler {

  /** The feature's name in {@link PluginStartup}'s counters. */
  public static final String FEATURE = "PfimbiReplicationManager";

  private static final Logger LOG = LoggerFactory.getLogger(ReplicationManagerPlugin.class);
  private static final int NOTIFY_TIMEOUT_MS = 10_000;
  private static final int HANDLERS = 2;

  private final Map<String, ReplicationManager<?>> managers = new ConcurrentHashMap<>();
  /**
   * This plugin's, so this DataNode process's, incarnation: its managers keep what they accepted in memory only, and
   * a NameNode that sees another incarnation answer from the same host falls back the blocks it had handed the
   * previous one instead of waiting {@code background.timeout.ms} for them.
   */
  private final long incarnation = newIncarnation();
  /** Set once by {@link #stop}, under this plugin's lock, as {@link #newManager} reads it. */
  private boolean stopped;
  private PfimbiSettings settings;
  private DataNodeAdaptor node;
  private volatile RmServer server;
  private RmClient forwarder;
  private NoticeCheck noticeCheck;
  private VolumeSource volumeSource;
  private ScheduledExecutorService sampler;
  private volatile ReplicationManagerMetricsSource metrics;
  private final FaultGuard sampleGuard = new FaultGuard("Pfimbi disk activity sampler", LOG,
      new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow), FaultGuard.DEFAULT_DISABLE_AFTER,
      this::samplerDisabled);

  @Override
  public void start(Object service) {
    boolean abort = false;
    try {
      node = DataNodeAdaptor.of(service);
      Configuration conf = node.conf();
      abort = PluginStartup.abortOnError(conf, PfimbiConfig.ABORT_ON_ERROR_KEY);
      DataNodeAdaptor.checkInternals();
      PfimbiConfig.KEYS.warnUnknown(conf, LOG);
      settings = PfimbiConfig.settings(conf);
      noticeCheck = new NoticeCheck(node::uuid, DataNodeAdaptor.MAX_BLOCK_BYTES);
      volumeSource = openVolumeSource(conf);
      forwarder = new RmClient(conf, settings.coordination().rpcAddress().getPort(), NOTIFY_TIMEOUT_MS);
      server = RmServer.start(conf, node.bindAddress(settings.coordination().rpcAddress()), HANDLERS, this);
      metrics = new ReplicationManagerMetricsSource(this::statuses, sampleGuard::faults,
          () -> sampleGuard.disabled() ? 1 : 0).register();
      startSampler(conf);
      LOG.info("ReplicaKit Pfimbi Replication Manager listening on {}", server.address());
    } catch (RuntimeException | IOException | LinkageError e) {
      stop();
      PluginStartup.failed(FEATURE, PfimbiConfig.ABORT_ON_ERROR_KEY, abort, LOG,
          "ReplicaKit Pfimbi Replication Manager cannot start", e);
    }
  }

  /** The name the metrics2 source is registered under while the plugin runs, for monitoring and tests. */
  public Optional<String> metricsSourceName() {
    ReplicationManagerMetricsSource m = metrics;
    return m == null ? Optional.empty() : Optional.ofNullable(m.name());
  }

  /** Whether the Replication Manager endpoint is up (false after a start-up failure). */
  public boolean running() {
    return server != null;
  }

  private VolumeSource openVolumeSource(Configuration conf) {
    String name = settings.activity().source();
    SourceProvider provider = SourceProvider.named(name).orElseThrow(() -> new IllegalArgumentException(
        PfimbiConfig.ACTIVITY_SOURCE_KEY + ": no counter source named '" + name + "'"));
    return provider.openVolumes(new SourceSettings(conf::getTrimmed)).orElseThrow(() ->
        new IllegalArgumentException(PfimbiConfig.ACTIVITY_SOURCE_KEY + ": '" + name + "' has no volume counters"));
  }

  private void startSampler(Configuration conf) {
    DirtyData dirty = dirtySource();
    long blockBytes = conf.getLongBytes(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT);
    ActivitySampler activity = new ActivitySampler(volumeSource, node::volumes, this::targets,
        settings.activity().metric(), dirty, System::nanoTime, Math.max(1, blockBytes));
    sampler = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "replicakit-pfimbi-activity");
      t.setDaemon(true);
      return t;
    });
    long interval = settings.activity().intervalMs();
    sampler.scheduleWithFixedDelay(() -> sample(activity), interval, interval, TimeUnit.MILLISECONDS);
  }

  private DirtyData dirtySource() {
    if (!settings.activity().dirtyData()) {
      return DirtyData.NONE;
    }
    if (volumeSource.dirtyBytes() != VolumeCounters.UNKNOWN) {
      return DirtyData.of(volumeSource::dirtyBytes, volumeSource::dirtyBackgroundBytes);
    }
    DirtyPages dirty = new DirtyPages();
    if (dirty.sample().dirtyBytes() == DiskCounters.UNKNOWN) {
      LOG.warn("Pfimbi: no dirty page-cache figure on this host (/proc/meminfo); MemDisk counts disk throughput "
          + "only");
      return DirtyData.NONE;
    }
    return dirty;
  }

  /**
   * One activity sample, guarded: if sampling fails (a bug, an {@link Error}), the managers are told the activity is
   * unknown (they then write as if no sample said the disk is busy) rather than keeping an old "busy" forever.
   */
  private void sample(ActivitySampler activity) {
    try {
      sampleGuard.run(() -> {
        try {
          activity.run();
        } catch (Throwable t) {
          activityUnknown();
          throw t;
        }
      });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void activityUnknown() {
    managers.values().forEach(rm -> rm.onActivity(OptionalDouble.empty(), 0, false));
  }

  /**
   * The sampler failed too often in a row: it stops for good and the managers run without activity, writing
   * background blocks as soon as they are buffered (as HDFS's own re-replication would), which is logged at
   * ERROR by the guard and shown by the {@code SamplerDisabled} metric.
   */
  private void samplerDisabled() {
    activityUnknown();
    if (sampler != null) {
      sampler.shutdown();
    }
  }

  private Map<String, ActivitySampler.Target> targets() {
    Map<String, ActivitySampler.Target> t = new ConcurrentHashMap<>();
    managers.forEach((type, rm) -> t.put(type, new ActivitySampler.Target() {
      @Override
      public void onActivity(OptionalDouble a, long foregroundBlocks, boolean dirtyPressure) {
        rm.onActivity(a, foregroundBlocks, dirtyPressure);
      }

      @Override
      public long writtenBytes() {
        return rm.writtenBytes();
      }
    }));
    return t;
  }

  /** Queues a notice that passes {@link NoticeCheck}; refused ones are answered, never thrown. */
  @Override
  public Optional<String> accept(BlockAvailable notice) {
    Optional<String> refusal = noticeCheck.refusal(notice);
    if (refusal.isPresent()) {
      LOG.info("Pfimbi: refused a notice for block {} from {}: {}", notice.blockId(), notice.source(),
          refusal.get());
      return refusal;
    }
    ReplicationManager<?> rm = managers.get(notice.storageType());
    if (rm == null) {
      rm = newManager(notice.storageType());
      if (rm == null) {
        return Optional.of(stopping() ? "this DataNode's Replication Manager is stopping"
            : "this DataNode has no " + notice.storageType() + " volume");
      }
    }
    return rm.accept(notice);
  }

  /**
   * A manager for a storage type this DataNode has, created on its first notice (volumes open late); none once the
   * plugin stops (an RPC handler may still be in a call when the server stops: it must not start threads then).
   */
  private synchronized ReplicationManager<?> newManager(String storageType) {
    if (stopped) {
      return null;
    }
    ReplicationManager<?> existing = managers.get(storageType);
    if (existing != null) {
      return existing;
    }
    if (node.volumes().stream().noneMatch(v -> v.storageType().equals(storageType))) {
      return null;
    }
    KMeansThreshold threshold = new KMeansThreshold(settings.activity().kmeansAlpha());
    ReplicationManager<?> rm = new ReplicationManager<>(storageType,
        settings.scheduler().newScheduler(),
        new CreditBuffer(settings.flow().bufferBlocks(), settings.flow().bufferBytes()),
        new FlowRegulator(threshold, settings.flow().guaranteedShareForegroundBlocks(),
            settings.flow().idleSamples()),
        new ForegroundWindow(settings.flow().foregroundWindowMs()),
        node.transfers(storageType), this::forward, settings.activity().intervalMs(), limits(storageType));
    rm.start();
    managers.put(storageType, rm);
    settings.flow().heapWarning(managers.size(), Runtime.getRuntime().maxMemory())
        .ifPresent(w -> LOG.warn("ReplicaKit Pfimbi: {}", w));
    return rm;
  }

  private synchronized boolean stopping() {
    return stopped;
  }

  private ReplicationManager.Limits limits(String storageType) {
    return new ReplicationManager.Limits(settings.flow().maxQueuedNotices(), FailedBlocks.DEFAULT_CAPACITY,
        () -> node.space(storageType), FaultGuard.DEFAULT_DISABLE_AFTER, Time::monotonicNow);
  }

  private void forward(BlockAvailable written) throws IOException {
    BlockAvailable next = written.forwardedFrom(node.self(written.blockPoolId(), written.storageType()));
    String target = written.downstream().get(0).ipAddr();
    Optional<String> refused = forwarder.notify(target, next);
    if (refused.isPresent()) {
      throw new IOException(written.downstream().get(0) + " refused block " + written.blockId() + ": "
          + refused.get());
    }
  }

  @Override
  public List<ManagerStatusProto> status() {
    List<ManagerStatusProto> all = new ArrayList<>();
    statuses().values().forEach(s -> all.add(ManagerStatusProto.newBuilder()
        .setStorageType(s.storageType())
        .setQueued(s.queued())
        .setBuffered(s.buffered())
        .setBufferedBytes(s.bufferedBytes())
        .setFetched(s.fetched())
        .setWritten(s.written())
        .setFailed(s.failed())
        .setActivity(Double.isNaN(s.activity()) ? -1 : s.activity())
        .setThreshold(s.threshold())
        .setWrittenBytes(s.writtenBytes())
        .setFetchFailures(s.fetchFailures())
        .setWriteFailures(s.writeFailures())
        .setForwardFailures(s.forwardFailures())
        .setRefused(s.refused())
        .setDropped(s.dropped())
        .setRefusedNoSpace(s.refusedNoSpace())
        .setFaults(s.faults())
        .setDisabled(s.disabled())
        .build()));
    return all;
  }

  @Override
  public long incarnation() {
    return incarnation;
  }

  private static long newIncarnation() {
    long id;
    do {
      id = new SecureRandom().nextLong();
    } while (id == ManagerAnswer.UNKNOWN);
    return id;
  }

  /** Every manager's recent failures, by storage type; each manager keeps its newest 1024. */
  @Override
  public List<FailedBlockProto> failedBlocks() {
    List<FailedBlockProto> all = new ArrayList<>();
    managers.forEach((type, rm) -> rm.failedBlocks().forEach((block, reason) -> all.add(FailedBlockProto
        .newBuilder().setBlockId(block.blockId()).setBlockPoolId(block.blockPoolId()).setReason(reason)
        .setStorageType(type).build())));
    return all;
  }

  private Map<String, ReplicationManager.Status> statuses() {
    Map<String, ReplicationManager.Status> all = new TreeMap<>();
    managers.forEach((type, rm) -> all.put(type, rm.status()));
    return all;
  }

  @Override
  public void stop() {
    if (metrics != null) {
      metrics.unregister();
      metrics = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
    if (sampler != null) {
      sampler.shutdownNow();
    }
    List<ReplicationManager<?>> running;
    synchronized (this) {
      stopped = true;
      running = new ArrayList<>(managers.values());
      managers.clear();
    }
    running.forEach(ReplicationManager::close);
    if (forwarder != null) {
      forwarder.close();
      forwarder = null;
    }
    if (volumeSource != null) {
      volumeSource.close();
      volumeSource = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
