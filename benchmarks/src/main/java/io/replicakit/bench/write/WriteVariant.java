/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How a client replicates what it writes (the replication-approaches paper, §II): HDFS's pipeline, the client
 * sending every replica itself ("broadcast"), or the first DataNode sending the others in parallel
 * ("master/slave"). The writers are pfimbi-datanode's {@code io.replicakit.write}: a {@code DistributedFileSystem}
 * subclass chosen by {@code fs.hdfs.impl} and a mode key, and for master/slave a relay plugin in every DataNode.
 * They are named here by class name only, so the experiment builds and runs {@code pipeline} without them.
 */
public enum WriteVariant {

  /** HDFS's own write pipeline: the baseline. */
  PIPELINE("pipeline"),
  /** The client writes every replica in parallel. */
  BROADCAST("broadcast"),
  /** The client writes the first replica; that DataNode sends the others in parallel. */
  MASTER_SLAVE("master-slave");

  /** The client file system of every variant ({@code fs.hdfs.impl}). */
  public static final String FILE_SYSTEM_CLASS = "io.replicakit.write.WriteModeFileSystem";
  /** Its mode key; {@code pipeline} (the default) behaves as HDFS's {@code DistributedFileSystem}. */
  public static final String MODE_KEY = "replicakit.write.mode";
  /** The DataNode plugin master/slave writes go through; idle for the other variants. */
  public static final String RELAY_PLUGIN_CLASS = "io.replicakit.write.relay.WriteRelayPlugin";
  /**
   * The relay's {@code host:port}, read by DataNodes (which bind their data-transfer host when the host is a
   * wildcard) and by master/slave clients (which connect to a block's first DataNode at this port); default
   * {@code 0.0.0.0:9887}.
   */
  public static final String RELAY_ADDRESS_KEY = "replicakit.write.relay.address";
  /** Whether a DataNode whose relay cannot start stops ({@code true}) or runs on without it. */
  public static final String RELAY_ABORT_KEY = "replicakit.write.abort.on.error";
  static final String FS_IMPL_KEY = "fs.hdfs.impl";
  static final String FS_CACHE_KEY = "fs.hdfs.impl.disable.cache";

  private final String id;

  WriteVariant(String id) {
    this.id = id;
  }

  /** The name typed on the command line and written in the results. */
  public String id() {
    return id;
  }

  public boolean baseline() {
    return this == PIPELINE;
  }

  /** The writer classes this variant cannot run without ({@code pipeline} falls back to HDFS's own client). */
  public List<String> requiredClasses() {
    return switch (this) {
      case PIPELINE -> List.of();
      case BROADCAST -> List.of(FILE_SYSTEM_CLASS);
      case MASTER_SLAVE -> List.of(FILE_SYSTEM_CLASS, RELAY_PLUGIN_CLASS);
    };
  }

  /**
   * What a client of this variant is configured with: ReplicaKit's file system in this variant's mode, each client a
   * fresh instance (the FileSystem cache would hand one variant's instance to the next). Without the file system
   * class (before pfimbi-datanode has it), {@code pipeline} keeps HDFS's {@code DistributedFileSystem}.
   *
   * @param fileSystemAvailable whether {@link #FILE_SYSTEM_CLASS} is on the clients' class path
   */
  public Map<String, String> clientSettings(boolean fileSystemAvailable) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(FS_CACHE_KEY, "true");
    if (fileSystemAvailable) {
      settings.put(FS_IMPL_KEY, FILE_SYSTEM_CLASS);
      settings.put(MODE_KEY, id);
    } else if (this != PIPELINE) {
      throw new IllegalStateException(id + " needs " + FILE_SYSTEM_CLASS + ", which is not on the class path");
    }
    return settings;
  }

  /** Parses {@code --variants}: comma-separated ids, each once; {@code all} for the three. */
  public static List<WriteVariant> parseList(String list) {
    if (list.trim().equals("all")) {
      return List.of(values());
    }
    List<WriteVariant> variants = new ArrayList<>();
    for (String part : list.split(",")) {
      String name = part.trim().toLowerCase(Locale.ROOT);
      WriteVariant v = Arrays.stream(values()).filter(w -> w.id.equals(name)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown variant '" + part.trim() + "' in --variants; "
              + "variants: " + ids() + " (or all)"));
      if (variants.contains(v)) {
        throw new IllegalArgumentException("variant " + v.id + " named twice in --variants");
      }
      variants.add(v);
    }
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("--variants names no variant; variants: " + ids());
    }
    return variants;
  }

  static String ids() {
    return Arrays.stream(values()).map(WriteVariant::id).collect(Collectors.joining(", "));
  }
}
