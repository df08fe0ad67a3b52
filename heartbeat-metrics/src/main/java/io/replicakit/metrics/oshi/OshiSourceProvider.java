/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeSource;
import java.util.Optional;

/**
 * The {@code oshi} source: host and volume counters of the real machine, read with OSHI. It needs no settings.
 * Each source gets its own OSHI handle, so the host and volume sources may be read from different threads.
 */
public final class OshiSourceProvider implements SourceProvider {

  public static final String NAME = "oshi";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Optional<HostSource> openHost(SourceSettings settings) {
    return Optional.of(new OshiHostSource(OshiRuntime.open()));
  }

  @Override
  public Optional<VolumeSource> openVolumes(SourceSettings settings) {
    return Optional.of(new OshiVolumeSource(OshiRuntime.open()));
  }
}
