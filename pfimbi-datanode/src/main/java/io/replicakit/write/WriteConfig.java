/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.common.config.ValueType;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Every configuration key of the write approaches, declared once. Clients read the mode and the paths; DataNodes
 * read the relay's address.
 */
public final class WriteConfig {

  public static final String PREFIX = "replicakit.write.";

  /** A {@link WriteMode} by its configuration name. */
  private static final class ModeType implements ValueType<WriteMode> {
    @Override
    public WriteMode parse(String text) {
      String t = text.trim();
      return Arrays.stream(WriteMode.values()).filter(m -> m.key().equals(t)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException(unreadable(text)));
    }

    @Override
    public String allowed() {
      return "pipeline, broadcast or master-slave";
    }

    @Override
    public String format(WriteMode mode) {
      return mode.key();
    }
  }

  /** A comma list of absolute path prefixes, possibly empty. */
  private static final class PathPrefixes implements ValueType<List<String>> {
    @Override
    public List<String> parse(String text) {
      return Arrays.stream(text.split(",")).map(String::trim).filter(p -> !p.isEmpty()).toList();
    }

    @Override
    public String allowed() {
      return "a comma list of absolute paths (empty: every path)";
    }

    @Override
    public String outOfRange(List<String> paths, String text, Configuration conf) {
      return paths.stream().anyMatch(p -> !p.startsWith("/")) ? "must be " + allowed() + ", was '" + text + "'"
          : null;
    }

    @Override
    public String format(List<String> paths) {
      return String.join(",", paths);
    }
  }

  public static final ConfigKey<WriteMode> MODE = ConfigKey.of(PREFIX + "mode", WriteMode.PIPELINE, new ModeType())
      .unit("name").readBy("client")
      .doc("How a client using `io.replicakit.write.WriteModeFileSystem` (as `fs.hdfs.impl`) writes replicas: "
          + "`pipeline` (HDFS's own stream), `broadcast` (the client sends every packet to every replica), "
          + "`master-slave` (the first DataNode's relay forwards to the others in parallel; needs "
          + "`io.replicakit.write.relay.WriteRelayPlugin` in `dfs.datanode.plugins`).");

  public static final ConfigKey<List<String>> PATHS = ConfigKey.of(PREFIX + "paths", List.of(), new PathPrefixes())
      .unit("list").readBy("client")
      .doc("Where `mode` applies: files under one of these directories are written in `mode`, others with HDFS's "
          + "pipeline. Empty: every file.");

  /**
   * One port for every DataNode's relay: a client reaches the relay of a block's first DataNode at that node's
   * registered address and this port, with no lookup.
   */
  public static final ConfigKey<InetSocketAddress> RELAY_ADDRESS = ConfigKey.address(PREFIX + "relay.address",
      "0.0.0.0:9887", 1).readBy("both")
      .doc("The master/slave relay's port, the same on every DataNode (clients connect to a block's first "
          + "DataNode at its registered IP and this port). A DataNode binds this host, or its "
          + "`dfs.datanode.address` host when this one is a wildcard.");

  public static final ConfigKey<Long> MAX_RECOVERIES = ConfigKey.whole(PREFIX + "max.recoveries.per.block", 5, 0,
      100).unit("recoveries").readBy("client")
      .doc("Pipeline recoveries (a replica dropped, the rest continue under a new generation stamp) one block may "
          + "go through before the write fails, as HDFS's pipeline allows five.");

  public static final ConfigKey<Boolean> ABORT_ON_ERROR = ConfigKey.bool(PREFIX + "abort.on.error", false)
      .readBy("DataNode")
      .doc("When the write relay cannot start (port taken, invalid value): `false` keeps the DataNode running "
          + "without it (ERROR line, `ReplicaKitPluginStartup` counter; master/slave clients then drop this node "
          + "and write to the others); `true` stops the DataNode.");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("pfimbi-datanode-write", PREFIX, "write approaches",
      List.of(MODE, PATHS, RELAY_ADDRESS, MAX_RECOVERIES, ABORT_ON_ERROR));

  private WriteConfig() {}

  /**
   * The mode for a file at {@code path}: {@link #MODE} when the path is under one of {@link #PATHS} (or that list
   * is empty), else {@code pipeline}.
   */
  public static WriteMode modeFor(Configuration conf, String path) {
    WriteMode mode = MODE.get(conf);
    List<String> prefixes = PATHS.get(conf);
    if (prefixes.isEmpty()) {
      return mode;
    }
    for (String prefix : prefixes) {
      String dir = prefix.endsWith("/") ? prefix : prefix + "/";
      if (path.equals(prefix) || path.startsWith(dir) || "/".equals(prefix)) {
        return mode;
      }
    }
    return WriteMode.PIPELINE;
  }
}
