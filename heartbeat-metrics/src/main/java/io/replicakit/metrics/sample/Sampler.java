/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.sample;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the sources once per interval and turns the counters into metrics against the previous reading. A
 * source that throws yields missing metrics for that interval (counted in {@link #sourceErrors()}), never an
 * exception: a broken metrics source must not stop the reporter, let alone the DataNode.
 *
 * <p>Not thread-safe: one reporter thread calls it.
 */
public final class Sampler implements AutoCloseable {

  /** The metrics of one interval. */
  public record Reading(HostMetrics host, List<VolumeMetrics> volumes) {}

  private final HostSource hostSource;
  private final VolumeSource volumeSource;
  private HostCounters lastHost;
  private Map<String, VolumeCounters> lastVolumes = new HashMap<>();
  private volatile long sourceErrors;
  private volatile Throwable lastError;

  public Sampler(HostSource hostSource, VolumeSource volumeSource) {
    this.hostSource = hostSource;
    this.volumeSource = volumeSource;
  }

  public Reading read(List<VolumeRef> volumes) {
    return new Reading(readHost(), readVolumes(volumes));
  }

  private HostMetrics readHost() {
    HostCounters now;
    try {
      now = Objects.requireNonNull(hostSource.read(), "host source returned null");
    } catch (RuntimeException | LinkageError e) {
      failed(e);
      lastHost = null;
      return HostMetrics.MISSING;
    }
    HostMetrics metrics = Rates.host(lastHost, now);
    lastHost = now;
    return metrics;
  }

  private List<VolumeMetrics> readVolumes(List<VolumeRef> volumes) {
    List<VolumeCounters> counters;
    try {
      counters = volumeSource.read(volumes);
      if (counters.size() != volumes.size()) {
        throw new IllegalStateException("volume source returned " + counters.size() + " readings for "
            + volumes.size() + " volumes");
      }
    } catch (RuntimeException | LinkageError e) {
      failed(e);
      lastVolumes = new HashMap<>();
      return volumes.stream().map(v -> VolumeMetrics.missing(v.storageId(), v.storageType(), "")).toList();
    }
    Map<String, VolumeCounters> next = new HashMap<>();
    List<VolumeMetrics> metrics = new ArrayList<>(counters.size());
    for (VolumeCounters now : counters) {
      String id = now.volume().storageId();
      metrics.add(Rates.volume(lastVolumes.get(id), now));
      next.put(id, now);
    }
    lastVolumes = next;
    return metrics;
  }

  /** A source's failure, a native-library {@link LinkageError} (OSHI's JNA) included: its metrics go missing. */
  private void failed(Throwable e) {
    sourceErrors++;
    lastError = e;
  }

  /** How many reads failed since the sampler was made. */
  public long sourceErrors() {
    return sourceErrors;
  }

  /** The most recent source failure, for the log; null if none. */
  public Throwable lastError() {
    return lastError;
  }

  @Override
  public void close() throws Exception {
    try {
      hostSource.close();
    } finally {
      volumeSource.close();
    }
  }
}
