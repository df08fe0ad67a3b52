/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.hdfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs HDFS's own Balancer (or ReplicaKit's, which takes the same arguments) as an operator does
 * ({@code hdfs balancer -threshold T}): in its own JVM, with the cluster's client settings as {@code -D} options.
 * The Balancer has no public programmatic API ({@code Balancer.run}, {@code Cli} and {@code BalancerParameters}
 * are package-private and {@code main} calls {@code System.exit}), and a separate process is also what a real
 * deployment runs; this class is the one place that knows how to start it and read its report.
 */
public final class HdfsBalancer {

  /** A Balancer iteration line: date, iteration number, then moved/left/being-moved byte counts and the URI. */
  private static final Pattern ITERATION = Pattern.compile("^.+?\\s+(\\d+)\\s{2,}.*\\s(hdfs://\\S+)\\s*$");

  /** What a Balancer run did. */
  public record Outcome(int exitCode, String exitStatus, int iterations, Duration duration, Path log) {}

  private HdfsBalancer() {}

  /** HDFS's own Balancer's main class. */
  public static final String HDFS_MAIN = "org.apache.hadoop.hdfs.server.balancer.Balancer";

  /**
   * Balances the cluster at {@code fsUri} to within {@code thresholdPct} percentage points of the mean
   * utilization with HDFS's Balancer.
   *
   * @param settings HDFS keys the Balancer needs besides the file system (placement policy, topology, ...)
   * @param workDir where the Balancer's output is kept
   */
  public static Outcome run(String fsUri, double thresholdPct, Map<String, String> settings, Path workDir,
      Duration timeout) throws IOException, InterruptedException {
    return run(HDFS_MAIN, "balancer.out", fsUri, thresholdPct, settings, workDir, timeout);
  }

  /**
   * The same with another balancer that takes HDFS's Balancer's arguments and prints its report lines (ReplicaKit's
   * {@code io.replicakit.balancer.BalancerTool}).
   *
   * @param mainClass the balancer's main class, on this JVM's class path
   * @param logName the file in {@code workDir} for its output
   */
  public static Outcome run(String mainClass, String logName, String fsUri, double thresholdPct,
      Map<String, String> settings, Path workDir, Duration timeout) throws IOException, InterruptedException {
    Files.createDirectories(workDir);
    Path log = workDir.resolve(logName);
    List<String> command = command(mainClass, fsUri, thresholdPct, settings);
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new IOException("the Balancer did not finish within " + timeout + "; output in " + log);
    }
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    int code = (byte) process.exitValue(); // the Balancer's negative codes arrive as 254, 253, ...
    return new Outcome(code, exitStatus(code), iterations(lines), took, log);
  }

  static List<String> command(String fsUri, double thresholdPct, Map<String, String> settings) {
    return command(HDFS_MAIN, fsUri, thresholdPct, settings);
  }

  static List<String> command(String mainClass, String fsUri, double thresholdPct, Map<String, String> settings) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.add("-fs");
    command.add(fsUri);
    settings.forEach((k, v) -> {
      command.add("-D");
      command.add(k + "=" + v);
    });
    command.add("-threshold");
    command.add(String.format(Locale.ROOT, "%s", thresholdPct));
    return command;
  }

  /** Number of iterations the Balancer reported (its iteration numbers start at 0). */
  static int iterations(List<String> lines) {
    int max = -1;
    for (String line : lines) {
      Matcher m = ITERATION.matcher(line);
      if (m.matches()) {
        max = Math.max(max, Integer.parseInt(m.group(1)));
      }
    }
    return max + 1;
  }

  /** Names of the Balancer's exit codes ({@code org.apache.hadoop.hdfs.server.balancer.ExitStatus}). */
  static String exitStatus(int code) {
    return switch (code) {
      case 0 -> "SUCCESS";
      case 1 -> "IN_PROGRESS";
      case -1 -> "ALREADY_RUNNING";
      case -2 -> "NO_MOVE_BLOCK";
      case -3 -> "NO_MOVE_PROGRESS";
      case -4 -> "IO_EXCEPTION";
      case -5 -> "ILLEGAL_ARGUMENTS";
      case -6 -> "INTERRUPTED";
      case -7 -> "UNFINALIZED_UPGRADE";
      default -> "EXIT_" + code;
    };
  }
}
