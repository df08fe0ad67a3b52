/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * CPU time of this JVM plus that of the processes it started and that still run (the daemons of a multi-process
 * cluster), so a measurement's "cores busy" covers the whole cluster in either mode.
 */
public final class ProcessCpu {

  private ProcessCpu() {}

  public static long nanos() {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long children = ProcessHandle.current().children()
        .mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
    return os.getProcessCpuTime() + children;
  }
}
