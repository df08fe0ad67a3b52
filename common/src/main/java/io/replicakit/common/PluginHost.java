/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

/**
 * The check every ReplicaKit {@code ServicePlugin} makes of the object Hadoop starts it with: a plugin listed
 * under the wrong daemon's key (a DataNode plugin in {@code dfs.namenode.plugins}) fails at startup with a
 * message naming the plugin, the key it belongs under and what started it.
 */
public final class PluginHost {

  private PluginHost() {}

  /**
   * {@code service} as the daemon the plugin needs.
   *
   * @param host the daemon class ({@code NameNode}, {@code DataNode})
   * @param plugin what the plugin is, for the message ("Pfimbi coordinator")
   * @param key the configuration key that lists the plugin ({@code dfs.namenode.plugins})
   * @throws IllegalArgumentException when {@code service} is not a {@code host}
   */
  public static <T> T require(Object service, Class<T> host, String plugin, String key) {
    if (!host.isInstance(service)) {
      throw new IllegalArgumentException("ReplicaKit's " + plugin + " is a " + host.getSimpleName() + " plugin ("
          + key + "); it was started by " + (service == null ? "null" : service.getClass().getName()));
    }
    return host.cast(service);
  }
}
