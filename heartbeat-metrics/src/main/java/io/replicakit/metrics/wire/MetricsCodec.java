/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.wire;

import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.HostMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.VolumeMetricsProto;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleConsumer;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.thirdparty.protobuf.InvalidProtocolBufferException;

/**
 * Translates samples to and from {@code system_metrics.proto}, and decides whether a received message is
 * acceptable. Everything the NameNode stores has passed {@link #fromProto}: identifiers are bounded and well
 * formed, percentages lie in 0..100, rates are finite and non-negative, storage types are HDFS's, and no
 * storage ID repeats. A {@code NaN} metric travels as an absent field.
 */
public final class MetricsCodec {

  /**
   * Volumes one sample may carry: far more than any DataNode has (HDFS's own limit is the disks a host holds), so
   * that one entry of the NameNode's registry stays small; until session 53 only the message size bounded them
   * (about 5,900 minimal volumes in 64 KB, 1 MB of heap).
   */
  public static final int MAX_VOLUMES = 1024;

  /** DataNode UUIDs are UUID strings; storage IDs are {@code DS-<uuid>}. Both are bounded to keep keys small. */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
  /** Device names end up in logs, JMX and tables: printable, bounded. */
  private static final Pattern DEVICE = Pattern.compile("[^\\p{Cntrl}]{0,256}");
  private static final long MIN_INTERVAL_MS = 1;
  private static final long MAX_INTERVAL_MS = 24L * 3600 * 1000;

  private final int maxMessageBytes;

  public MetricsCodec(int maxMessageBytes) {
    this.maxMessageBytes = maxMessageBytes;
  }

  public DatanodeSystemMetricsProto toProto(SystemSample sample) {
    DatanodeSystemMetricsProto.Builder b = DatanodeSystemMetricsProto.newBuilder()
        .setDatanodeUuid(sample.datanodeUuid())
        .setEpoch(sample.epoch())
        .setSequence(sample.sequence())
        .setSampleTimeMs(sample.sampleTimeMs())
        .setIntervalMs(sample.intervalMs())
        .setHost(hostProto(sample.host()));
    sample.volumes().forEach(v -> b.addVolumes(volumeProto(v)));
    return b.build();
  }

  /** Decodes raw bytes: the size is checked before parsing, so an oversized message costs nothing to reject. */
  public Decoded decode(byte[] bytes) {
    if (bytes.length > maxMessageBytes) {
      return Decoded.rejected(Rejection.OVERSIZED, bytes.length + " bytes > " + maxMessageBytes);
    }
    DatanodeSystemMetricsProto proto;
    try {
      proto = DatanodeSystemMetricsProto.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      return Decoded.rejected(Rejection.MALFORMED, String.valueOf(e.getMessage()));
    }
    return fromProto(proto);
  }

  /** Validates a parsed message (Hadoop's RPC layer has already parsed it) and converts it. */
  public Decoded fromProto(DatanodeSystemMetricsProto proto) {
    if (!proto.isInitialized()) {
      return Decoded.rejected(Rejection.MALFORMED, "missing required fields");
    }
    int size = proto.getSerializedSize();
    if (size > maxMessageBytes) {
      return Decoded.rejected(Rejection.OVERSIZED, size + " bytes > " + maxMessageBytes);
    }
    List<String> problems = new ArrayList<>();
    checkHeader(proto, problems);
    HostMetrics host = proto.hasHost() ? host(proto.getHost(), problems) : HostMetrics.MISSING;
    List<VolumeMetrics> volumes = volumes(proto.getVolumesList(), problems);
    if (!problems.isEmpty()) {
      return Decoded.rejected(Rejection.INVALID, String.join("; ", problems));
    }
    return Decoded.ok(new SystemSample(proto.getDatanodeUuid(), proto.getEpoch(), proto.getSequence(),
        proto.getSampleTimeMs(), proto.getIntervalMs(), host, volumes));
  }

  private static void checkHeader(DatanodeSystemMetricsProto p, List<String> problems) {
    if (!ID.matcher(p.getDatanodeUuid()).matches()) {
      problems.add("datanode_uuid must be 1..128 of [A-Za-z0-9._:-]");
    }
    // uint64 fields arrive as Java longs: a value with the top bit set reads as negative.
    if (p.getEpoch() <= 0 || p.getSequence() < 0 || p.getSampleTimeMs() <= 0) {
      problems.add("epoch and sample_time_ms must be > 0 and sequence >= 0 (as signed 64-bit)");
    }
    long interval = Integer.toUnsignedLong(p.getIntervalMs());
    if (interval < MIN_INTERVAL_MS || interval > MAX_INTERVAL_MS) {
      problems.add("interval_ms must be in " + MIN_INTERVAL_MS + ".." + MAX_INTERVAL_MS + ", was " + interval);
    }
  }

  private static HostMetrics host(HostMetricsProto h, List<String> problems) {
    double idle = h.hasCpuIdlePct() ? pct("cpu_idle_pct", h.getCpuIdlePct(), problems) : Double.NaN;
    double free = h.hasMemoryFreePct() ? pct("memory_free_pct", h.getMemoryFreePct(), problems) : Double.NaN;
    long total = -1;
    if (h.hasMemoryTotalBytes()) {
      total = h.getMemoryTotalBytes();
      if (total < 0) {
        problems.add("memory_total_bytes is beyond 2^63");
      }
    }
    return new HostMetrics(idle, free, total);
  }

  private static List<VolumeMetrics> volumes(List<VolumeMetricsProto> protos, List<String> problems) {
    if (protos.size() > MAX_VOLUMES) {
      problems.add(protos.size() + " volumes, more than the " + MAX_VOLUMES + " a DataNode may report");
      return List.of();
    }
    List<VolumeMetrics> volumes = new ArrayList<>(protos.size());
    Set<String> seen = new HashSet<>();
    for (VolumeMetricsProto v : protos) {
      String where = "volume " + (volumes.size() + 1) + ": ";
      if (!ID.matcher(v.getStorageId()).matches()) {
        problems.add(where + "storage_id must be 1..128 of [A-Za-z0-9._:-]");
      } else if (!seen.add(v.getStorageId())) {
        problems.add(where + "storage_id " + v.getStorageId() + " repeats");
      }
      if (!isStorageType(v.getStorageType())) {
        problems.add(where + "storage_type must be an HDFS StorageType name");
      }
      if (!DEVICE.matcher(v.getDevice()).matches()) {
        problems.add(where + "device must be at most 256 characters, none of them control characters");
      }
      volumes.add(new VolumeMetrics(v.getStorageId(), v.getStorageType(), v.getDevice(),
          v.hasAwaitMs() ? rate(where + "await_ms", v.getAwaitMs(), problems) : Double.NaN,
          v.hasReadKbPerSec() ? rate(where + "read_kb_per_sec", v.getReadKbPerSec(), problems) : Double.NaN,
          v.hasWriteKbPerSec() ? rate(where + "write_kb_per_sec", v.getWriteKbPerSec(), problems) : Double.NaN,
          v.hasUtilizationPct() ? pct(where + "utilization_pct", v.getUtilizationPct(), problems) : Double.NaN,
          v.hasQueueLength() ? rate(where + "queue_length", v.getQueueLength(), problems) : Double.NaN));
    }
    return volumes;
  }

  private static boolean isStorageType(String name) {
    for (StorageType t : StorageType.values()) {
      if (t.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static double pct(String field, double value, List<String> problems) {
    if (!(value >= 0 && value <= 100)) {
      problems.add(field + " must be in 0..100, was " + value);
    }
    return value;
  }

  private static double rate(String field, double value, List<String> problems) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      problems.add(field + " must be finite and >= 0, was " + value);
    }
    return value;
  }

  private static HostMetricsProto hostProto(HostMetrics h) {
    HostMetricsProto.Builder b = HostMetricsProto.newBuilder();
    if (h.hasCpu()) {
      b.setCpuIdlePct(h.cpuIdlePct());
    }
    if (h.hasMemory()) {
      b.setMemoryFreePct(h.memoryFreePct());
    }
    if (h.memoryTotalBytes() >= 0) {
      b.setMemoryTotalBytes(h.memoryTotalBytes());
    }
    return b.build();
  }

  private static VolumeMetricsProto volumeProto(VolumeMetrics v) {
    VolumeMetricsProto.Builder b = VolumeMetricsProto.newBuilder()
        .setStorageId(v.storageId())
        .setStorageType(v.storageType());
    if (!v.device().isEmpty()) {
      b.setDevice(v.device());
    }
    setIfPresent(v.awaitMs(), b::setAwaitMs);
    setIfPresent(v.readKbPerSec(), b::setReadKbPerSec);
    setIfPresent(v.writeKbPerSec(), b::setWriteKbPerSec);
    setIfPresent(v.utilizationPct(), b::setUtilizationPct);
    setIfPresent(v.queueLength(), b::setQueueLength);
    return b.build();
  }

  private static void setIfPresent(double value, DoubleConsumer setter) {
    if (!Double.isNaN(value)) {
      setter.accept(value);
    }
  }
}
