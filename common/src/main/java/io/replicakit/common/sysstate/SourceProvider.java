/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A named way of reading system counters, registered in {@code META-INF/services}. A provider may offer host
 * counters, volume counters or both; {@code Optional.empty()} means it does not offer that kind.
 */
public interface SourceProvider {

  /** The name configuration uses, lower case, e.g. {@code oshi} or {@code testbed}. */
  String name();

  default Optional<HostSource> openHost(SourceSettings settings) {
    return Optional.empty();
  }

  default Optional<VolumeSource> openVolumes(SourceSettings settings) {
    return Optional.empty();
  }

  /** Every provider on the class path. */
  static List<SourceProvider> all() {
    List<SourceProvider> all = new ArrayList<>();
    ServiceLoader.load(SourceProvider.class, SourceProvider.class.getClassLoader()).forEach(all::add);
    return all;
  }

  /** The provider called {@code name} (case-insensitive), if one is on the class path. */
  static Optional<SourceProvider> named(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    return all().stream().filter(p -> p.name().equals(wanted)).findFirst();
  }
}
