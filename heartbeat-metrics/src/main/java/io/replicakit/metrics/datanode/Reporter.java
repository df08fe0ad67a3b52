/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import io.replicakit.metrics.sample.Sampler;
import io.replicakit.common.state.SystemSample;
import io.replicakit.metrics.wire.MetricsCodec;
import java.io.Closeable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reporting round per interval: sample, encode, send to every NameNode plugin that is not backing off.
 * The DataNode's own heartbeats never pass through here, so a NameNode plugin that is down, slow or absent
 * costs the DataNode nothing but this thread's time.
 *
 * <p>Rounds run on one thread; {@link #close} and {@link #stats} may be called from others. Problems are counted
 * in {@link #stats()} and logged throttled ({@link ThrottledLog}: the first at once, then at most once a minute per
 * kind with the count since), so a NameNode without the plugin does not flood the DataNode's log, and a problem
 * that returns after a recovery is seen again. An unreachable server is logged at the first failure of each
 * streak and when it is reachable again.
 */
public final class Reporter {

  private static final Logger LOG = LoggerFactory.getLogger(Reporter.class);

  /** A connection to one NameNode plugin. */
  public interface Channel extends Closeable {
    ReportResponseProto send(DatanodeSystemMetricsProto sample) throws IOException;
  }

  /** Opens a channel (lazily connecting is fine: failures may surface on the first send). */
  public interface ChannelFactory {
    Channel open(InetSocketAddress address) throws IOException;
  }

  /** What the reporter needs to know about its DataNode, read afresh every round. */
  public interface NodeView {
    /** The DataNode UUID, or empty before the DataNode has registered. */
    String uuid();

    List<VolumeRef> volumes();
  }

  /** Counters for the DataNode's metrics2 source. */
  public record Stats(long samples, long sent, long rejected, long failures, long oversized, long sourceErrors,
      int lastMessageBytes, long lastSampleCpuNanos) {}

  private final Sampler sampler;
  private final NodeView node;
  private final MetricsCodec codec;
  private final int intervalMs;
  private final int maxMessageBytes;
  private final LongSupplier wallMs;
  private final LongSupplier monotonicMs;
  private final List<Target> targets = new ArrayList<>();
  private final Map<String, ThrottledLog> rejectionLogs = new HashMap<>();
  private final ThrottledLog sourceErrorLog;
  private final ThrottledLog oversizedLog;
  private long sourceErrorsSeen;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  /** How far the wall clock must go back past the start for a new epoch: well inside the NameNode's 5 minutes. */
  static final long NEW_EPOCH_STEP_MS = 60_000;
  /** When this reporter's samples started: its wall clock at start, or when that clock went back far below it. */
  private volatile long epoch;
  private long sequence;
  private final AtomicLong samples = new AtomicLong();
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong rejected = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong oversized = new AtomicLong();
  private volatile boolean closed;
  private volatile int lastMessageBytes;
  private volatile long lastSampleCpuNanos;

  /**
   * @param timing interval and backoff ceiling, and the wall and monotonic clocks in milliseconds
   */
  public Reporter(Sampler sampler, NodeView node, List<InetSocketAddress> servers, ChannelFactory channels,
      Timing timing, int maxMessageBytes) {
    this.sampler = sampler;
    this.node = node;
    this.codec = new MetricsCodec(maxMessageBytes);
    this.intervalMs = Math.toIntExact(timing.intervalMs());
    this.maxMessageBytes = maxMessageBytes;
    this.wallMs = timing.wallMs();
    this.monotonicMs = timing.monotonicMs();
    this.epoch = wallMs.getAsLong();
    this.sourceErrorLog = throttledLog();
    this.oversizedLog = throttledLog();
    for (InetSocketAddress server : servers) {
      targets.add(new Target(server, channels, new Backoff(timing.intervalMs(), timing.maxBackoffMs())));
    }
  }

  private ThrottledLog throttledLog() {
    return new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, monotonicMs);
  }

  /** The reporter's schedule and clocks. */
  public record Timing(long intervalMs, long maxBackoffMs, LongSupplier wallMs, LongSupplier monotonicMs) {}

  /** One round. Never throws for a sampling or network problem; does nothing once {@link #close}d. */
  public void round() {
    if (closed) {
      return;
    }
    long cpuBefore = threadCpuNanos();
    Sampler.Reading reading = sampler.read(node.volumes());
    lastSampleCpuNanos = threadCpuNanos() - cpuBefore;
    samples.incrementAndGet();
    if (sampler.sourceErrors() > sourceErrorsSeen) {
      sourceErrorsSeen = sampler.sourceErrors();
      sourceErrorLog.warn(LOG, "A system-state source failed; its metrics are reported as missing",
          sampler.lastError());
    }
    String uuid = node.uuid();
    if (uuid.isEmpty()) {
      return; // not registered yet: the reading still primes the rate counters for the next round
    }
    long now = wallMs.getAsLong();
    if (epoch - now > NEW_EPOCH_STEP_MS) {
      // The wall clock was set back past the start (NTP correcting a clock that was fast when the DataNode started):
      // a new epoch, or every sample kept a start in the future, which the NameNode refuses for up to the error.
      // Not for a small step (a boot-time correction of seconds): the NameNode tolerates that much, and a new,
      // older epoch would be refused as out of order until the held sample went stale.
      LOG.info("Wall clock set back {} ms before this reporter's start: new epoch", epoch - now);
      epoch = now;
      sequence = 0;
    }
    SystemSample sample = new SystemSample(uuid, epoch, sequence++, now, intervalMs, reading.host(),
        reading.volumes());
    DatanodeSystemMetricsProto proto = codec.toProto(sample);
    lastMessageBytes = proto.getSerializedSize();
    if (lastMessageBytes > maxMessageBytes) {
      oversized.incrementAndGet();
      int count = oversizedLog.occurrence();
      if (count > 0) {
        LOG.warn("System-state sample of {} bytes exceeds replicakit.metrics.message.max.bytes={}; not sent{}",
            lastMessageBytes, maxMessageBytes, ThrottledLog.suffix(count));
      }
      return;
    }
    for (Target t : targets) {
      switch (t.send(proto, monotonicMs.getAsLong())) {
        case ACCEPTED -> sent.incrementAndGet();
        case REJECTED -> rejected.incrementAndGet();
        case FAILED -> failures.incrementAndGet();
        case WAITING -> { }
      }
    }
  }

  public Stats stats() {
    return new Stats(samples.get(), sent.get(), rejected.get(), failures.get(), oversized.get(),
        sampler.sourceErrors(), lastMessageBytes, lastSampleCpuNanos);
  }

  public long epoch() {
    return epoch;
  }

  /**
   * Closes every connection; a round still sending when called finishes its send first (at most one call's
   * timeout), and no later round opens one. Any thread.
   */
  public void close() {
    closed = true;
    targets.forEach(Target::disconnect);
  }

  private long threadCpuNanos() {
    return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
  }

  private enum Outcome { ACCEPTED, REJECTED, FAILED, WAITING }

  /** One NameNode plugin: its connection and its backoff. */
  private final class Target {
    private final InetSocketAddress address;
    private final String label;
    private final ChannelFactory channels;
    private final Backoff backoff;
    private Channel channel;

    Target(InetSocketAddress address, ChannelFactory channels, Backoff backoff) {
      this.address = address;
      this.label = address.getHostString() + ":" + address.getPort();
      this.channels = channels;
      this.backoff = backoff;
    }

    /** Synchronized with {@link #disconnect}: a channel opened while the reporter closes is closed with it. */
    synchronized Outcome send(DatanodeSystemMetricsProto proto, long nowMs) {
      if (closed || !backoff.ready(nowMs)) {
        return Outcome.WAITING;
      }
      ReportResponseProto response;
      try {
        if (channel == null) {
          channel = channels.open(address);
        }
        response = channel.send(proto);
      } catch (IOException | RuntimeException e) {
        long wait = backoff.failed(nowMs);
        if (backoff.failures() == 1) {
          LOG.warn("ReplicaKit metrics server {} unreachable ({}); retrying with backoff, next in {} ms",
              label, e.toString(), wait);
        }
        disconnect();
        return Outcome.FAILED;
      }
      if (backoff.failures() > 0) {
        LOG.info("ReplicaKit metrics server {} reachable again after {} failed attempts", label,
            backoff.failures());
      }
      backoff.succeeded();
      if (response.getAccepted()) {
        return Outcome.ACCEPTED;
      }
      String reason = response.getReason();
      String kind = reason.contains(":") ? reason.substring(0, reason.indexOf(':')) : reason;
      int count = rejectionLogs.computeIfAbsent(kind, k -> throttledLog()).occurrence();
      if (count > 0) {
        LOG.warn("ReplicaKit metrics server {} rejected a sample: {}{}", label, reason, ThrottledLog.suffix(count));
      }
      return Outcome.REJECTED;
    }

    synchronized void disconnect() {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException | RuntimeException e) {
          LOG.debug("closing metrics channel to {}", label, e);
        }
        channel = null;
      }
    }
  }
}
