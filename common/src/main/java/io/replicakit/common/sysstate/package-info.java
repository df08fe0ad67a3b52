/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Where a DataNode's system state comes from: cumulative counters of the host (CPU ticks, memory) and of each
 * HDFS volume (bytes, I/Os, busy and I/O time), read by a named source. Real machines use the OSHI sources of
 * the heartbeat-metrics module; the embedded testbed supplies its emulated devices' counters through the same
 * interfaces, so everything downstream (rates, the wire format, the NameNode registry, read selection) is the
 * same code in both. Sources are found by name with {@link java.util.ServiceLoader}.
 *
 * <p>Counters are cumulative, as the kernel keeps them in {@code /proc/stat} and {@code /proc/diskstats}: rates
 * come from the difference of two readings, so a source never has to keep time itself.
 */
package io.replicakit.common.sysstate;
