/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.LoggerFactory;

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
    return all(SourceProvider.class.getClassLoader());
  }

  /**
   * Every provider {@code loader} finds that loads. One that cannot (a service file naming a missing class, a
   * provider whose constructor fails) is skipped with a WARN: {@link ServiceLoader} reports it as a
   * {@link ServiceConfigurationError}, an {@code Error} that the plugins' start-up handling would not count, and it
   * must not hide the providers that do load.
   */
  static List<SourceProvider> all(ClassLoader loader) {
    List<SourceProvider> all = new ArrayList<>();
    Iterator<SourceProvider> found = ServiceLoader.load(SourceProvider.class, loader).iterator();
    // A bound on broken entries skipped: should the iterator not move past one, the loop still ends.
    int broken = 0;
    while (true) {
      try {
        if (!found.hasNext()) {
          break;
        }
        all.add(found.next());
      } catch (ServiceConfigurationError e) {
        LoggerFactory.getLogger(SourceProvider.class).warn("ReplicaKit: a system counter source cannot be loaded "
            + "and is skipped: {}", e.toString());
        if (++broken == 16) {
          LoggerFactory.getLogger(SourceProvider.class).warn("ReplicaKit: 16 system counter sources could not be "
              + "loaded; the rest of the service list is not read");
          break;
        }
      }
    }
    return all;
  }

  /** The provider called {@code name} (case-insensitive), if one is on the class path. */
  static Optional<SourceProvider> named(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    return all().stream().filter(p -> p.name().equals(wanted)).findFirst();
  }
}
