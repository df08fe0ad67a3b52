/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * In-process registry of emulated devices, by DataNode name. The embedded cluster's DataNodes run in the same
 * JVM as the experiment, so the harness, and the modules that use emulated utilization and latency as their
 * metrics source in embedded runs, read the devices here while the DataNodes throttle through them.
 *
 * <p>A restarted DataNode finds its devices (and counters) again under its name.
 */
public final class EmulatedDevices {

  private static final EmulatedDevices GLOBAL = new EmulatedDevices(Ticker.system());

  private final Ticker ticker;
  private final Map<String, NodeDevices> nodes = new ConcurrentHashMap<>();

  EmulatedDevices(Ticker ticker) {
    this.ticker = ticker;
  }

  public static EmulatedDevices global() {
    return GLOBAL;
  }

  /** The devices of a DataNode, created with {@code settings} the first time the node starts. */
  public NodeDevices attach(DeviceSettings settings) {
    return nodes.computeIfAbsent(settings.nodeName(), name -> new NodeDevices(name, settings, ticker));
  }

  public Optional<NodeDevices> find(String nodeName) {
    return Optional.ofNullable(nodes.get(nodeName));
  }

  public NodeDevices node(String nodeName) {
    return find(nodeName).orElseThrow(() -> new NoSuchElementException(
        "no emulated devices for DataNode '" + nodeName + "'; known: " + nodes.keySet()));
  }

  public List<VolumeStats> stats() {
    List<VolumeStats> all = new ArrayList<>();
    nodes.values().forEach(n -> all.addAll(n.stats()));
    return all;
  }

  /** Forgets nodes, so a new cluster reusing their names starts with fresh devices and counters. */
  public void detach(Collection<String> nodeNames) {
    for (String name : nodeNames) {
      NodeDevices gone = nodes.remove(name);
      if (gone != null) {
        gone.close();
      }
    }
  }
}
