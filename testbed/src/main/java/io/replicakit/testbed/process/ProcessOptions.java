/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a multi-process cluster launches its daemons.
 *
 * @param install the jars the daemons run; empty: {@link DaemonInstall#fromSystemProperties()} at start
 * @param launcher the hook that may wrap each daemon's command line
 * @param heapMib maximum heap of each daemon JVM, MiB
 * @param extraJvmOptions more options for every daemon JVM (e.g. {@code -XX:TieredStopAtLevel=1} for tests, which
 *     start JVMs often and move little data)
 * @param startTimeout how long the NameNode, or one DataNode per core, may take to start before start-up fails
 *     naming the daemon's log (DataNodes started together get this once per core's share of them)
 * @param stopGrace how long a daemon sent SIGTERM may take to exit before it gets SIGKILL; closing a cluster gives
 *     all its daemons this one period together, not one each in turn
 */
public record ProcessOptions(Optional<DaemonInstall> install, NodeLauncher launcher, int heapMib,
    List<String> extraJvmOptions, Duration startTimeout, Duration stopGrace) {

  /** Enough for the testbed's small clusters; Pfimbi's Replication Managers buffer blocks on the heap. */
  public static final int DEFAULT_HEAP_MIB = 512;
  public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);
  /** Enough for a DataNode's or NameNode's shutdown hooks on a loaded machine. */
  public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(10);

  public ProcessOptions {
    Objects.requireNonNull(install, "install");
    Objects.requireNonNull(launcher, "launcher");
    extraJvmOptions = List.copyOf(extraJvmOptions);
    Objects.requireNonNull(startTimeout, "startTimeout");
    Objects.requireNonNull(stopGrace, "stopGrace");
    if (stopGrace.isNegative()) {
      throw new IllegalArgumentException("stop grace must not be negative, was " + stopGrace);
    }
    if (heapMib < 64) {
      throw new IllegalArgumentException("daemon heap must be at least 64 MiB, was " + heapMib);
    }
  }

  public static ProcessOptions defaults() {
    return new ProcessOptions(Optional.empty(), NodeLauncher.direct(), DEFAULT_HEAP_MIB, List.of(),
        DEFAULT_START_TIMEOUT, DEFAULT_STOP_GRACE);
  }

  public ProcessOptions withInstall(DaemonInstall newInstall) {
    return new ProcessOptions(Optional.of(newInstall), launcher, heapMib, extraJvmOptions, startTimeout, stopGrace);
  }

  public ProcessOptions withLauncher(NodeLauncher newLauncher) {
    return new ProcessOptions(install, newLauncher, heapMib, extraJvmOptions, startTimeout, stopGrace);
  }

  public ProcessOptions withHeapMib(int newHeapMib) {
    return new ProcessOptions(install, launcher, newHeapMib, extraJvmOptions, startTimeout, stopGrace);
  }

  public ProcessOptions withJvmOptions(List<String> options) {
    return new ProcessOptions(install, launcher, heapMib, options, startTimeout, stopGrace);
  }

  public ProcessOptions withStopGrace(Duration newStopGrace) {
    return new ProcessOptions(install, launcher, heapMib, extraJvmOptions, startTimeout, newStopGrace);
  }

  /** The heap limit, then the extra options. */
  public List<String> jvmOptions() {
    List<String> options = new ArrayList<>();
    options.add("-Xmx" + heapMib + "m");
    options.addAll(extraJvmOptions);
    return options;
  }

  /** The install given, or the one the system properties name. */
  public DaemonInstall resolveInstall() {
    return install.orElseGet(DaemonInstall::fromSystemProperties);
  }
}
