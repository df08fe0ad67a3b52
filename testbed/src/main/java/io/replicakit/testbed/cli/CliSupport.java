package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** Options shared by the commands that start an embedded cluster: {@code --spec}, {@code --spec-set}, ... */
public final class CliSupport {

  /** Valued options understood by {@link #spec} and {@link #clusterOptions}. */
  public static final java.util.List<String> CLUSTER_OPTIONS = java.util.List.of("spec", "spec-set", "dir", "set");

  /** Flags understood by {@link #clusterOptions}. */
  public static final java.util.List<String> CLUSTER_FLAGS = java.util.List.of("processes");

  public static final String CLUSTER_USAGE = """
          --spec      named spec (paper, one-ssd, small) or a .properties spec file
          --spec-set  FIELD=VALUE override of a spec field (repeatable), e.g. --spec-set device.mibps.ssd=80
          --dir       directory for the cluster's storage; default a new temporary directory
          --set       KEY=VALUE extra HDFS setting for the NameNode and DataNodes (repeatable)
          --processes run the NameNode and each DataNode as its own JVM from the installable jar (real daemons,
                      logs in DIR/logs) instead of all in this JVM; see docs/testbed.md
        """;

  private CliSupport() {}

  /** The spec named by {@code --spec} (default {@code dflt}) with {@code --spec-set} overrides applied. */
  public static ClusterSpec spec(Args args, String dflt) {
    String name = args.get("spec", dflt);
    Properties props = ClusterSpecs.properties(name);
    for (String setting : args.all("spec-set")) {
      String[] kv = keyValue("--spec-set", setting);
      props.setProperty(kv[0], kv[1]);
    }
    return SpecParser.parse(props, name);
  }

  /** Cluster options from {@code --dir}, {@code --set} and {@code --processes}. */
  public static ClusterOptions clusterOptions(Args args) throws IOException {
    Path dir = args.get("dir").isPresent() ? Path.of(args.get("dir").get())
        : Files.createTempDirectory("replicakit-cluster-");
    ClusterOptions options = ClusterOptions.in(dir).withMode(mode(args));
    for (String setting : args.all("set")) {
      String[] kv = keyValue("--set", setting);
      options = options.with(kv[0], kv[1]);
    }
    return options;
  }

  /** {@code --processes}: a JVM per daemon; otherwise the embedded cluster. */
  public static ClusterMode mode(Args args) {
    return args.flag("processes") ? ClusterMode.PROCESSES : ClusterMode.EMBEDDED;
  }

  private static String[] keyValue(String option, String setting) {
    int eq = setting.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException(option + " takes KEY=VALUE, was '" + setting + "'");
    }
    return new String[] {setting.substring(0, eq).trim(), setting.substring(eq + 1).trim()};
  }
}
