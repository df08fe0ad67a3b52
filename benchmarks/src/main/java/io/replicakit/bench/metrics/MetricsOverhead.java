/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.metrics;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.metrics.sample.Sampler;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.metrics.wire.MetricsCodec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * What the heartbeat-metrics side channel costs, measured on this machine: the DataNode's CPU time per sample
 * with the real OSHI sources, the bytes per message for typical volume counts, the encode and decode time, and
 * the NameNode's heap per DataNode in the registry plus the cost of one lookup (read selection does one per
 * replica on every {@code getBlockLocations}).
 */
public final class MetricsOverhead {

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "metrics-overhead";

  /** @param samples samples per OSHI variant; @param registryNodes DataNodes in the registry stage */
  public record Setup(int samples, int registryNodes) {}

  private static final int[] MESSAGE_VOLUMES = {1, 4, 12, 24};
  private static final int REGISTRY_VOLUMES = 12;

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final List<RunResult> runs = new ArrayList<>();

  public MetricsOverhead(Setup setup, ExperimentRun run) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
  }

  public ExperimentResults run() throws Exception {
    for (int volumes : new int[] {1, 4}) {
      sampleStage(volumes);
    }
    for (int volumes : MESSAGE_VOLUMES) {
      messageStage(volumes);
    }
    registryStage();
    return run.finish(NAME, "quick", Map.of("machine_cores", Runtime.getRuntime().availableProcessors()), runs,
        this::writeReport);
  }

  /** CPU and wall time of one Sampler read with OSHI's host source and {@code volumes} volume directories. */
  private void sampleStage(int volumes) throws Exception {
    progress.step("sampling with OSHI, %d volume(s), %d samples", volumes, setup.samples());
    SourceProvider oshi = SourceProvider.named("oshi").orElseThrow();
    SourceSettings none = new SourceSettings(key -> null);
    // Volume directories as a DataNode has them: under the temporary directory, on this machine's disk.
    Path root = Files.createTempDirectory("replicakit-overhead");
    List<VolumeRef> refs = new ArrayList<>();
    for (int i = 0; i < volumes; i++) {
      Path dir = Files.createDirectories(root.resolve("v" + i));
      refs.add(new VolumeRef("DS-" + i, "DISK", dir.toAbsolutePath().toString()));
      dir.toFile().deleteOnExit();
    }
    root.toFile().deleteOnExit();
    List<Double> cpuMicros = new ArrayList<>();
    List<Double> wallMicros = new ArrayList<>();
    try (Sampler sampler = new Sampler(oshi.openHost(none).orElseThrow(), oshi.openVolumes(none).orElseThrow())) {
      for (int i = 0; i < 20; i++) {
        sampler.read(refs); // warm-up: class loading, JIT, the path-to-device mapping
      }
      for (int i = 0; i < setup.samples(); i++) {
        long cpu = threads.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        sampler.read(refs);
        wallMicros.add((System.nanoTime() - wall) / 1e3);
        cpuMicros.add((threads.getCurrentThreadCpuTime() - cpu) / 1e3);
      }
    }
    Stats cpu = Stats.of(cpuMicros);
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("cpu_us_per_sample", cpu.mean());
    metrics.put("cpu_us_per_sample_std", cpu.std());
    metrics.put("cpu_us_per_sample_p95", percentile(cpuMicros, 0.95));
    metrics.put("wall_us_per_sample", Stats.of(wallMicros).mean());
    runs.add(new RunResult("oshi-" + volumes + "-volumes", false, "sample", setup.samples(), metrics, Map.of()));
  }

  /** Message size and codec cost for a DataNode with {@code volumes} volumes, every metric present. */
  private void messageStage(int volumes) {
    progress.step("message with %d volumes", volumes);
    MetricsCodec codec = new MetricsCodec(16 * 1024 * 1024);
    SystemSample sample = typicalSample(UUID.randomUUID().toString(), volumes, 1);
    DatanodeSystemMetricsProto proto = codec.toProto(sample);
    byte[] bytes = proto.toByteArray();
    int rounds = 20_000;
    long sink = 0;
    for (int i = 0; i < rounds; i++) { // warm-up, so the first variant is not timed in the interpreter
      sink += codec.toProto(sample).toByteArray().length + (codec.decode(bytes).isOk() ? 1 : 0);
    }
    long encode = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      sink += codec.toProto(sample).toByteArray().length;
    }
    double encodeMicros = (System.nanoTime() - encode) / 1e3 / rounds;
    long decode = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      sink += codec.decode(bytes).isOk() ? 1 : 0;
    }
    double decodeMicros = (System.nanoTime() - decode) / 1e3 / rounds;
    if (sink == 0) {
      throw new IllegalStateException("codec produced nothing");
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("message_bytes", (double) bytes.length);
    metrics.put("encode_us", encodeMicros);
    metrics.put("decode_us", decodeMicros);
    runs.add(new RunResult(volumes + "-volumes", false, "message", rounds, metrics, Map.of()));
  }

  /** Heap per DataNode held by the registry, and the cost of one {@code fresh()} lookup. */
  private void registryStage() {
    int nodes = setup.registryNodes();
    progress.step("registry with %d DataNodes of %d volumes", nodes, REGISTRY_VOLUMES);
    List<SystemSample> samples = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      samples.add(typicalSample(UUID.randomUUID().toString(), REGISTRY_VOLUMES, 1));
    }
    SystemStateRegistry registry = new SystemStateRegistry(System::currentTimeMillis, 3, uuid -> NodeStatus.LIVE);
    // The registry holds what the codec decodes from the wire, so fill it the same way and count only that.
    MetricsCodec codec = new MetricsCodec(16 * 1024 * 1024);
    List<byte[]> wire = samples.stream().map(s -> codec.toProto(s).toByteArray()).toList();
    samples.clear();
    long before = usedHeapAfterGc();
    for (byte[] message : wire) {
      registry.offer(codec.decode(message).sample());
    }
    long after = usedHeapAfterGc();
    Reference.reachabilityFence(wire);
    double bytesPerNode = (after - before) / (double) nodes;
    List<String> uuids = registry.all().stream().map(n -> n.datanodeUuid()).toList();
    long hits = 0;
    int lookups = 2_000_000;
    long start = System.nanoTime();
    for (int i = 0; i < lookups; i++) {
      hits += registry.fresh(uuids.get(i % uuids.size())).isPresent() ? 1 : 0;
    }
    double lookupNanos = (System.nanoTime() - start) / (double) lookups;
    if (hits != lookups) {
      throw new IllegalStateException("registry lost samples: " + hits + " of " + lookups);
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("heap_bytes_per_datanode", bytesPerNode);
    metrics.put("lookup_ns", lookupNanos);
    runs.add(new RunResult(nodes + "-datanodes", false, "registry", 1, metrics,
        Map.of("volumes_per_datanode", REGISTRY_VOLUMES)));
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 4; i++) {
      System.gc();
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** A sample as a busy DataNode sends it: every metric present, real-looking IDs and device names. */
  static SystemSample typicalSample(String uuid, int volumes, long sequence) {
    List<VolumeMetrics> vols = new ArrayList<>();
    for (int v = 0; v < volumes; v++) {
      vols.add(new VolumeMetrics("DS-" + UUID.randomUUID(), v == 0 ? "SSD" : "DISK",
          "/dev/sd" + (char) ('b' + v % 24), 4.25 + v, 10_240.5 + v, 20_480.25 + v, 37.5, 1.75));
    }
    return new SystemSample(uuid, 1_763_780_000_000L, sequence, 1_763_780_000_000L + sequence * 3000, 3000,
        new HostMetrics(71.25, 43.5, 64L << 30), vols);
  }

  private static double percentile(List<Double> values, double p) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(p * sorted.size()) - 1));
  }

  private void writeReport(ExperimentResults results) throws IOException {
    List<String> labels = new ArrayList<>();
    List<Double> sizes = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append("# heartbeat-metrics overhead\n\nCommand: `").append(run.command()).append("`  \n")
        .append("Hadoop ").append(results.hadoopVersion()).append(", ")
        .append(Runtime.getRuntime().availableProcessors()).append(" cores, started ").append(results.started())
        .append("\n\n## DataNode: one sample (OSHI host + volume sources)\n\n")
        .append("| variant | CPU µs/sample | std | p95 | wall µs/sample |\n|---|---:|---:|---:|---:|\n");
    for (RunResult r : runsOf(results, "sample")) {
      double std = r.metric("cpu_us_per_sample_std");
      md.append(String.format(Locale.ROOT, "| %s | %.0f | %s | %.0f | %.0f |%n", r.variant(),
          r.metric("cpu_us_per_sample"), Double.isFinite(std) ? String.format(Locale.ROOT, "%.0f", std) : "–",
          r.metric("cpu_us_per_sample_p95"), r.metric("wall_us_per_sample")));
    }
    md.append("\n## Wire: one message\n\n| volumes | bytes | encode µs | decode+validate µs |\n|---|---:|---:|---:|\n");
    for (RunResult r : runsOf(results, "message")) {
      md.append(String.format(Locale.ROOT, "| %s | %.0f | %.2f | %.2f |%n", r.variant(), r.metric("message_bytes"),
          r.metric("encode_us"), r.metric("decode_us")));
      labels.add(r.variant());
      sizes.add(r.metric("message_bytes"));
    }
    md.append("\n![bytes per message](message-bytes.png)\n\n## NameNode: registry\n\n")
        .append("| variant | heap bytes per DataNode | fresh() lookup ns |\n|---|---:|---:|\n");
    for (RunResult r : runsOf(results, "registry")) {
      md.append(String.format(Locale.ROOT, "| %s (%d volumes each) | %.0f | %.1f |%n", r.variant(),
          REGISTRY_VOLUMES, r.metric("heap_bytes_per_datanode"), r.metric("lookup_ns")));
    }
    new BarChart("Bytes per sample message", "volumes per DataNode", "bytes", labels)
        .series("message", sizes).writePng(run.outDir().resolve("message-bytes.png"));
    Files.writeString(run.outDir().resolve("report.md"), md.toString());
  }

  private static List<RunResult> runsOf(ExperimentResults results, String stage) {
    return results.runs().stream().filter(r -> r.stage().equals(stage)).toList();
  }
}
