/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One TestDFSIO write of one variant in one cell, and what the checks after it found.
 *
 * @param repetition 1-based; the repetitions of one cell run on one cluster each, so a repetition pairs the variants
 * @param position the variant's place in its cell's order on that cluster (0 first; orders rotate)
 * @param writeTimeS TestDFSIO's "Test exec time sec": the job's wall time
 * @param throughputMbS TestDFSIO's throughput: megabytes over the maps' summed write times
 * @param avgIoRateMbS TestDFSIO's average of the maps' rates
 * @param mismatchedBytes bytes read back that differ from what TestDFSIO wrote, or are missing or extra
 * @param checksumErrors files whose read back failed a checksum
 * @param patternMismatchedBytes the same for the pattern file
 * @param fsck fsck's view of the run's directory after the read-back
 * @param files TestDFSIO files written
 * @param writerLocalFiles files with a replica of every block on one DataNode (the map's own node)
 * @param writerNodes DataNodes that hold a replica of every block of some file: the nodes written from
 * @param diskWrittenBytes bytes the DataNodes' emulated disks wrote during the job
 * @param links each link's usage during the job ({@code LinkCounters.since}); empty when links are not shaped
 */
public record WriteSample(WriteCell cell, WriteVariant variant, int repetition, int position, double writeTimeS,
    double throughputMbS, double avgIoRateMbS, long mismatchedBytes, int checksumErrors, long patternMismatchedBytes,
    FsckHealth fsck, ReplicaCheck replicas, int files, int writerLocalFiles, int writerNodes, long diskWrittenBytes,
    List<Map<String, Object>> links) {

  public WriteSample {
    Objects.requireNonNull(cell, "cell");
    Objects.requireNonNull(variant, "variant");
    Objects.requireNonNull(fsck, "fsck");
    Objects.requireNonNull(replicas, "replicas");
    links = List.copyOf(links);
  }

  /** Bytes sent up all node links (each DataNode's egress), or NaN without shaped links. */
  double nodeLinksUpBytes() {
    return sum("node", "up_bytes");
  }

  /** The busiest node link's egress bytes, or NaN. */
  double maxNodeLinkUpBytes() {
    return max("node", "up_bytes");
  }

  /** Bytes over all rack uplinks, both directions, or NaN. */
  double rackUplinksBytes() {
    return sum("rack_uplink", "up_bytes") + sum("rack_uplink", "down_bytes");
  }

  /** The busiest rack uplink's bytes in its busier direction, or NaN. */
  double maxRackUplinkBytes() {
    return Math.max(max("rack_uplink", "up_bytes"), max("rack_uplink", "down_bytes"));
  }

  private double sum(String kind, String field) {
    List<Long> values = values(kind, field);
    return values.isEmpty() ? Double.NaN : values.stream().mapToLong(Long::longValue).sum();
  }

  private double max(String kind, String field) {
    List<Long> values = values(kind, field);
    return values.isEmpty() ? Double.NaN : values.stream().mapToLong(Long::longValue).max().getAsLong();
  }

  private List<Long> values(String kind, String field) {
    return links.stream().filter(l -> kind.equals(l.get("kind")))
        .map(l -> ((Number) l.get(field)).longValue()).toList();
  }

  /** This sample for {@code detail.repetitions} of the results. */
  Map<String, Object> toDetail() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("repetition", repetition);
    d.put("position", position);
    d.put("write_time_s", writeTimeS);
    d.put("write_throughput_mb_s", throughputMbS);
    d.put("write_avg_io_rate_mb_s", avgIoRateMbS);
    d.put("readback_mismatch_count", mismatchedBytes);
    d.put("readback_checksum_error_count", checksumErrors);
    d.put("pattern_mismatch_count", patternMismatchedBytes);
    Map<String, Object> health = new LinkedHashMap<>();
    health.put("healthy", fsck.healthy());
    health.put("files", fsck.files());
    health.put("blocks", fsck.blocks());
    health.put("under_replicated", fsck.underReplicated());
    health.put("mis_replicated", fsck.misReplicated());
    health.put("corrupt", fsck.corrupt());
    health.put("missing", fsck.missing());
    d.put("fsck", health);
    d.put("blocks_short_after_write", replicas.blocksShortAfterWrite());
    d.put("blocks_re_replicated", replicas.blocksReReplicated());
    d.put("blocks_replicas_differing", replicas.blocksDisagreeing());
    d.put("writer_local_files", writerLocalFiles);
    d.put("writer_nodes", writerNodes);
    d.put("disk_written_bytes", diskWrittenBytes);
    if (!links.isEmpty()) {
      d.put("links", links);
    }
    return d;
  }
}
