/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.apache.hadoop.util.ExitUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a ReplicaKit plugin does when it cannot start (side-channel port taken, invalid configuration, no counter
 * source). The plugins are optional features of a NameNode or DataNode: by default the daemon keeps serving HDFS
 * without the feature, and the failure is loud (ERROR line naming the cause and the key that changes the choice)
 * and counted (metrics2 source {@value #SOURCE_NAME}, counter {@code <Feature>StartFailures}). With the
 * feature's {@code abort.on.error} key true the daemon stops, as Hadoop does for a taken port of its own.
 */
public final class PluginStartup {

  public static final String SOURCE_NAME = "ReplicaKitPluginStartup";

  private static final Logger OWN_LOG = LoggerFactory.getLogger(PluginStartup.class);
  private static final Map<String, AtomicLong> FAILURES = new ConcurrentHashMap<>();
  private static boolean registered;

  private PluginStartup() {}

  /**
   * The {@code abort.on.error} choice; a value other than true/false counts as false and is reported by the
   * module's validation, never by a daemon that stops for it.
   */
  public static boolean abortOnError(Configuration conf, String key) {
    return "true".equalsIgnoreCase(conf.getTrimmed(key, "false"));
  }

  /**
   * Handles a start-up failure of {@code feature}; the caller has already released what it had started.
   *
   * @param feature short name, used for the counter ({@code PfimbiReplicationManager})
   * @param abortKey the key that chose {@code abort}, named in the log line
   * @param abort true: stop the daemon ({@link ExitUtil#terminate}, which throws in tests that disabled exits)
   * @param message what could not start
   */
  public static void failed(String feature, String abortKey, boolean abort, Logger log, String message,
      Throwable cause) {
    FAILURES.computeIfAbsent(feature, f -> new AtomicLong()).incrementAndGet();
    registerSource();
    String detail = message + ": " + cause.getMessage();
    if (abort) {
      log.error("{}; stopping the daemon ({}=true)", detail, abortKey, cause);
      ExitUtil.terminate(1, detail);
      return;
    }
    log.error("{}. The daemon keeps running WITHOUT this ReplicaKit feature; fix the cause and restart it, or set "
        + "{}=true to stop the daemon on such errors", detail, abortKey, cause);
  }

  /** Start-up failures of {@code feature} in this JVM. */
  public static long failures(String feature) {
    AtomicLong n = FAILURES.get(feature);
    return n == null ? 0 : n.get();
  }

  private static synchronized void registerSource() {
    if (registered) {
      return;
    }
    try {
      DefaultMetricsSystem.instance().register(SOURCE_NAME, "ReplicaKit plugins that could not start",
          new Source());
      registered = true;
    } catch (RuntimeException e) {
      OWN_LOG.debug("cannot register the {} metrics source", SOURCE_NAME, e);
    }
  }

  /** Counters of start-up failures, one per feature that failed at least once. */
  private static final class Source implements MetricsSource {
    @Override
    public void getMetrics(MetricsCollector collector, boolean all) {
      MetricsRecordBuilder record = collector.addRecord(SOURCE_NAME).setContext("dfs");
      new TreeMap<>(FAILURES).forEach((feature, n) ->
          record.addCounter(Interns.info(feature + "StartFailures", "Start-up failures of " + feature), n.get()));
    }
  }
}
