/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.datanode;

import io.replicakit.common.MetricsRegistration;
import io.replicakit.pfimbi.manager.ReplicationManager;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The DataNode's Replication Managers as a metrics2 source, hence also a JMX bean
 * ({@code Hadoop:service=DataNode,name=ReplicaKitPfimbiReplicationManagers}): what an operator needs to see that
 * background replication works or why it does not. One record; each manager's metrics carry its storage type in
 * the name ({@code DiskQueuedNotices}, {@code SsdWriteFailures}) so that JMX, which flattens a source's records,
 * keeps them apart. Plus the activity sampler's caught faults.
 */
final class ReplicationManagerMetricsSource implements MetricsSource {

  static final String NAME = "ReplicaKitPfimbiReplicationManagers";

  private static final MetricsInfo RECORD = Interns.info(NAME, "ReplicaKit Pfimbi Replication Managers");
  private static final MetricsInfo SAMPLER_FAULTS =
      Interns.info("SamplerFaults", "Faults caught in the disk activity sampler");
  private static final MetricsInfo SAMPLER_DISABLED =
      Interns.info("SamplerDisabled", "1 when the sampler was disabled after persistent faults");

  private final Supplier<Map<String, ReplicationManager.Status>> managers;
  private final LongSupplier samplerFaults;
  private final LongSupplier samplerDisabled;
  private volatile String name;

  /**
   * @param managers the current managers' status by storage type
   * @param samplerFaults faults the sampler's guard caught
   * @param samplerDisabled 1 when the sampler is disabled, else 0
   */
  ReplicationManagerMetricsSource(Supplier<Map<String, ReplicationManager.Status>> managers,
      LongSupplier samplerFaults, LongSupplier samplerDisabled) {
    this.managers = managers;
    this.samplerFaults = samplerFaults;
    this.samplerDisabled = samplerDisabled;
  }

  /** Registers under a name unique in this JVM (embedded clusters run several DataNodes in one). */
  ReplicationManagerMetricsSource register() {
    name = MetricsRegistration.register(NAME, RECORD.description(), this);
    return this;
  }

  String name() {
    return name;
  }

  void unregister() {
    if (name != null) {
      DefaultMetricsSystem.instance().unregisterSource(name);
      name = null;
    }
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder record = collector.addRecord(RECORD).setContext("dfs")
        .addCounter(SAMPLER_FAULTS, samplerFaults.getAsLong())
        .addGauge(SAMPLER_DISABLED, samplerDisabled.getAsLong());
    new TreeMap<>(managers.get()).forEach((type, s) -> add(record, prefix(type), s));
  }

  private static void add(MetricsRecordBuilder r, String p, ReplicationManager.Status s) {
    r.addGauge(info(p, "QueuedNotices", "notices waiting for a buffer credit"), (long) s.queued())
        .addGauge(info(p, "BufferedBlocks", "blocks in memory waiting for the disk"), (long) s.buffered())
        .addGauge(info(p, "BufferedBytes", "bytes reserved in the buffer"), s.bufferedBytes())
        .addCounter(info(p, "BlocksFetched", "blocks fetched from upstream"), s.fetched())
        .addCounter(info(p, "BlocksWritten", "blocks written in background"), s.written())
        .addCounter(info(p, "BytesWritten", "bytes written in background"), s.writtenBytes())
        .addCounter(info(p, "BlocksSynced", "background blocks synced to disk as they were written"), s.synced())
        .addCounter(info(p, "FetchFailures", "fetches that failed (source gone, network)"), s.fetchFailures())
        .addCounter(info(p, "WriteFailures", "local writes that failed (disk full, I/O error)"), s.writeFailures())
        .addCounter(info(p, "ForwardFailures", "notices to the next node that failed"), s.forwardFailures())
        .addCounter(info(p, "NoticesRefused", "notices refused at accept time, any reason"), s.refused())
        .addCounter(info(p, "NoticesDroppedQueueFull", "notices refused because the queue was full"),
            s.dropped())
        .addCounter(info(p, "NoticesRefusedNoSpace", "notices refused for lack of space"), s.refusedNoSpace())
        .addCounter(info(p, "NoticesRenewed", "notices for a block already held here, which took over its plan"),
            s.renoticed())
        .addCounter(info(p, "BlocksAlreadyStored", "blocks found stored here already, forwarded without a copy"),
            s.alreadyStored())
        .addCounter(info(p, "FaultsCaught", "Errors and bugs caught in the worker threads"), s.faults())
        .addGauge(info(p, "Disabled", "1 when disabled after persistent faults"), s.disabled() ? 1L : 0L);
  }

  private static MetricsInfo info(String prefix, String metric, String description) {
    return Interns.info(prefix + metric, prefix + ": " + description);
  }

  /** {@code DISK} → {@code Disk}, {@code RAM_DISK} → {@code RamDisk}. */
  static String prefix(String storageType) {
    StringBuilder b = new StringBuilder();
    for (String part : storageType.toLowerCase(Locale.ROOT).split("_")) {
      if (!part.isEmpty()) {
        b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return b.toString();
  }
}
