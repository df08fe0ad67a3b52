package io.replicakit.testbed.cluster;

import io.replicakit.testbed.TestbedConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How to run a spec: where the cluster keeps its files and which HDFS settings to add (a placement policy,
 * a block size, ...). Settings given here win over the testbed's defaults.
 *
 * @param baseDir directory for the NameNode and DataNode storage; wiped on start
 * @param hdfsSettings extra HDFS keys for the NameNode and every DataNode
 * @param burstBytes bytes an idle emulated device may serve at once
 */
public record ClusterOptions(Path baseDir, Map<String, String> hdfsSettings, long burstBytes) {

  public ClusterOptions {
    Objects.requireNonNull(baseDir, "baseDir");
    hdfsSettings = Map.copyOf(hdfsSettings);
    if (burstBytes < 0) {
      throw new IllegalArgumentException("burstBytes must be >= 0, was " + burstBytes);
    }
  }

  public static ClusterOptions in(Path baseDir) {
    return new ClusterOptions(baseDir, Map.of(), TestbedConfig.DEVICE_BURST_BYTES_DEFAULT);
  }

  /** A copy with one more HDFS setting. */
  public ClusterOptions with(String key, String value) {
    Map<String, String> settings = new LinkedHashMap<>(hdfsSettings);
    settings.put(key, value);
    return new ClusterOptions(baseDir, settings, burstBytes);
  }
}
