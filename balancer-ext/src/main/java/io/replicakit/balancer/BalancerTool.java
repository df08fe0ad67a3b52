/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer;

import io.replicakit.balancer.config.BalancerConfig;
import io.replicakit.balancer.hdfs.DispatcherAdaptor;
import io.replicakit.balancer.hdfs.DispatcherSettings;
import io.replicakit.balancer.hdfs.Iteration;
import io.replicakit.balancer.plan.RoundGate;
import io.replicakit.balancer.plan.Trigger;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.text.DateFormat;
import java.util.Arrays;
import java.util.Date;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.StringUtils;
import org.apache.hadoop.util.Time;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ReplicaKit's balancer, run as HDFS's Balancer is: {@code hadoop jar replicakit-VERSION.jar balancer -threshold
 * 10}. Same arguments for what it shares with HDFS's ({@code -threshold}, {@code -idleiterations},
 * {@code -asService}), same output lines, same exit codes ({@link Iteration.Status}), and the same lock file
 * ({@code /system/balancer.id}), so it never runs beside another balancer of either kind. What differs is the
 * choice of moves (rack diversity and node load, {@code io.replicakit.balancer.plan}) and {@code -asService}:
 * HDFS's service balances on a fixed schedule; this one checks every
 * {@code replicakit.balancer.trigger.interval} whether a node is beyond the threshold ({@link Trigger}) and
 * balances only then (automated triggering, the placement paper's §6 future work).
 */
public final class BalancerTool extends Configured implements Tool {

  private static final Logger LOG = LoggerFactory.getLogger(BalancerTool.class);

  /** HDFS's lock: one balancer per file system, ours or HDFS's. */
  static final Path BALANCER_ID_PATH = new Path("/system/balancer.id");

  /** Exit code of a bad argument: what HDFS's {@code Balancer.main} exits with when its parser throws. */
  static final int BAD_ARGUMENTS = -1;

  static final String USAGE = "Usage: hadoop jar replicakit-VERSION.jar balancer"
      + "\n\t[-threshold <threshold>]\tPercentage of disk capacity"
      + "\n\t[-idleiterations <idleiterations>]"
      + "\tNumber of consecutive idle iterations (-1 for Infinite) before exit."
      + "\n\t[-asService]\tRun as a long running service, balancing when a DataNode is beyond the threshold "
      + "(and the utilization spread exceeds " + BalancerConfig.TRIGGER_STD.name() + ").";

  private final PrintStream out;
  private final PrintStream err;

  public BalancerTool(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public BalancerTool(PrintStream out) {
    this(out, System.err);
  }

  public BalancerTool() {
    this(new PrintStream(System.out, true, StandardCharsets.UTF_8));
  }

  /** The parsed arguments. */
  record Arguments(double thresholdPct, int maxIdleIterations, boolean asService) {}

  @Override
  public int run(String[] args) throws IOException, InterruptedException {
    Arguments arguments;
    try {
      arguments = parse(args, err);
    } catch (IllegalArgumentException e) {
      err.println(USAGE + "\n");
      err.println(e.getMessage());
      return BAD_ARGUMENTS;
    }
    long start = Time.monotonicNow();
    try {
      DispatcherSettings settings = DispatcherSettings.from(getConf(), arguments.thresholdPct());
      loginFromKeytab(getConf());
      return arguments.asService() ? serve(arguments, settings) : balance(arguments, settings).code();
    } catch (IllegalArgumentException e) {
      out.println(e + ".  Exiting ...");
      return Iteration.Status.ILLEGAL_ARGUMENTS.code();
    } catch (IOException e) {
      out.println(e + ".  Exiting ...");
      return Iteration.Status.IO_EXCEPTION.code();
    } catch (InterruptedException e) { // as HDFS's Balancer: exit code -6, not an exception (exit code 1)
      out.println(e + ".  Exiting ...");
      Thread.currentThread().interrupt();
      return Iteration.Status.INTERRUPTED.code();
    } finally {
      out.format("%-24s ", DateFormat.getDateTimeInstance().format(new Date()));
      out.println("Balancing took " + StringUtils.formatTime(Time.monotonicNow() - start));
    }
  }

  /**
   * As HDFS's Balancer ({@code checkKeytabAndInit}): with {@code dfs.balancer.keytab.enabled}, logs in from
   * {@code dfs.balancer.keytab.file} as {@code dfs.balancer.kerberos.principal} ({@code _HOST}: the host of
   * {@code dfs.balancer.address}), so that a secure cluster's balancer, {@code -asService} above all, does not live
   * on a ticket cache that expires; Hadoop's IPC logs in again from the keytab when the ticket runs out.
   */
  private static void loginFromKeytab(Configuration conf) throws IOException {
    if (conf.getBoolean(DFSConfigKeys.DFS_BALANCER_KEYTAB_ENABLED_KEY,
        DFSConfigKeys.DFS_BALANCER_KEYTAB_ENABLED_DEFAULT)) {
      LOG.info("Keytab is configured, will login using keytab.");
      UserGroupInformation.setConfiguration(conf);
      InetSocketAddress address = NetUtils.createSocketAddr(conf.get(DFSConfigKeys.DFS_BALANCER_ADDRESS_KEY,
          DFSConfigKeys.DFS_BALANCER_ADDRESS_DEFAULT), 0, DFSConfigKeys.DFS_BALANCER_ADDRESS_KEY);
      SecurityUtil.login(conf, DFSConfigKeys.DFS_BALANCER_KEYTAB_FILE_KEY,
          DFSConfigKeys.DFS_BALANCER_KERBEROS_PRINCIPAL_KEY, address.getHostName());
    }
  }

  /** Parses as HDFS's {@code Balancer.Cli.parse} does, with its messages for what both accept. */
  static Arguments parse(String[] args, PrintStream err) {
    double threshold = 10;
    int idle = DispatcherAdaptor.DEFAULT_MAX_IDLE_ITERATIONS;
    boolean service = false;
    for (int i = 0; i < args.length; i++) {
      if ("-threshold".equalsIgnoreCase(args[i])) {
        if (++i >= args.length) {
          throw new IllegalArgumentException("Threshold value is missing: args = " + Arrays.toString(args));
        }
        try {
          threshold = Double.parseDouble(args[i]);
          if (threshold < 1 || threshold > 100) {
            throw new IllegalArgumentException("Number out of range: threshold = " + threshold);
          }
        } catch (IllegalArgumentException e) {
          err.println("Expecting a number in the range of [1.0, 100.0]: " + args[i]);
          throw e;
        }
      } else if ("-idleiterations".equalsIgnoreCase(args[i])) {
        if (++i >= args.length) {
          throw new IllegalArgumentException("idleiterations value is missing: args = " + Arrays.toString(args));
        }
        idle = Integer.parseInt(args[i]);
      } else if ("-asService".equalsIgnoreCase(args[i])) {
        service = true;
      } else {
        throw new IllegalArgumentException("args = " + Arrays.toString(args));
      }
    }
    return new Arguments(threshold, idle, service);
  }

  /** Balances until done, as one run of HDFS's Balancer; returns its final status. */
  Iteration.Status balance(Arguments arguments, DispatcherSettings settings) throws IOException,
      InterruptedException {
    Configuration conf = getConf();
    URI fs = FileSystem.getDefaultUri(conf);
    out.println("Time Stamp               Iteration#  Bytes Already Moved  Bytes Left To Move  Bytes Being Moved"
        + "  NameNode");
    try (DispatcherAdaptor adaptor = DispatcherAdaptor.open(conf, fs, BALANCER_ID_PATH,
        arguments.maxIdleIterations(), settings, new SplittableRandom())) {
      long movedBefore = 0;
      for (int iteration = 0; ; iteration++) {
        Iteration result = adaptor.iterate();
        long already = adaptor.bytesMoved();
        out.printf("%-24s %10d  %19s  %18s  %17s  %17s  %s%n", DateFormat.getDateTimeInstance().format(new Date()),
            iteration, StringUtils.byteDesc(already), StringUtils.byteDesc(result.bytesLeftToMove()),
            StringUtils.byteDesc(result.bytesBeingMoved()), adaptor.blocksMoved(), fs);
        LOG.info("Iteration {}: {} moved ({} raising a block's racks, {} refused), utilization sigma {} %",
            iteration, StringUtils.byteDesc(already - movedBefore), result.movesRaisingRacks(),
            result.movesRejected(), String.format(java.util.Locale.ROOT, "%.2f", result.utilizationStdPct()));
        movedBefore = already;
        switch (result.status()) {
          case UNFINALIZED_UPGRADE -> {
            err.println("Balancer exiting as upgrade is not finalized, please finalize the HDFS upgrade before "
                + "running the balancer.");
            return result.status();
          }
          case SUCCESS -> {
            out.println("The cluster is balanced. Exiting...");
            return result.status();
          }
          case NO_MOVE_BLOCK -> {
            out.println("No block can be moved. Exiting...");
            return result.status();
          }
          case IN_PROGRESS -> Thread.sleep(settings.iterationPauseMs());
          default -> {
            return result.status();
          }
        }
      }
    }
  }

  /**
   * Automated triggering: every interval, checks whether a node is beyond the threshold ({@link Trigger}) and
   * balances when one is, unless the last round could not balance the cluster and HDFS's service interval has not
   * passed since ({@link RoundGate}); runs until interrupted. Another balancer holding the lock is waited out, not
   * counted as a failure: HDFS's own balancer may run longer than the retries' intervals.
   */
  private int serve(Arguments arguments, DispatcherSettings settings) throws IOException, InterruptedException {
    Configuration conf = getConf();
    DispatcherSettings.Service service = DispatcherSettings.service(conf);
    Trigger trigger = new Trigger(arguments.thresholdPct(), service.triggerStdPct());
    RoundGate gate = new RoundGate(service.pauseAfterUnbalancedMs());
    int retries = service.retries();
    int failures = 0;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Trigger.Check check = trigger.check(DispatcherAdaptor.inServiceUnits(conf));
        String spread = String.format(java.util.Locale.ROOT, "%.2f", check.spreadPct());
        if (check.balance() && gate.mayStart(Time.monotonicNow())) {
          LOG.info("Beyond the threshold: {}; utilization sigma {} %: balancing", check.beyondThreshold(), spread);
          Iteration.Status ended = balance(arguments, settings);
          gate.roundEnded(ended == Iteration.Status.SUCCESS, Time.monotonicNow());
          LOG.info("Balancing round ended: {}", ended);
        } else if (check.balance()) {
          LOG.debug("Beyond the threshold: {}; the last round could not balance: the next waits {} ms after it",
              check.beyondThreshold(), service.pauseAfterUnbalancedMs());
        } else {
          LOG.debug("{} units beyond the threshold, utilization sigma {} %: nothing to do",
              check.beyondThreshold().size(), spread);
        }
        failures = 0;
      } catch (IOException e) {
        if (DispatcherAdaptor.anotherBalancerRunning(e)) {
          LOG.info("Another balancer holds {}: checking again in {} ms", BALANCER_ID_PATH, service.intervalMs());
        } else {
          failures = failed(e, failures, retries);
        }
      } catch (RuntimeException e) {
        failures = failed(e, failures, retries);
      }
      Thread.sleep(service.intervalMs());
    }
    return Iteration.Status.INTERRUPTED.code();
  }

  /**
   * As HDFS's -asService (it catches every Exception): a failed round (NameNode away, a node registered at a path
   * of the wrong depth) is retried next interval, up to dfs.balancer.service.retries.on.exception times in a row.
   */
  private static <E extends Exception> int failed(E e, int failures, int retries) throws E {
    if (failures + 1 > retries) {
      throw e;
    }
    LOG.warn("Balancing round failed ({} of {} retries in a row)", failures + 1, retries, e);
    return failures + 1;
  }

  /** As HDFS's {@code Balancer.main}: an exception that escapes the run exits with -1 (a JVM's default is 1). */
  public static void main(String[] args) {
    int code;
    try {
      code = ToolRunner.run(new HdfsConfiguration(), new BalancerTool(), args);
    } catch (Throwable e) {
      LOG.error("Exiting balancer due an exception", e);
      code = -1;
    }
    System.exit(code);
  }
}
