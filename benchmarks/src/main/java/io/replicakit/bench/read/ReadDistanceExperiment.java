/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.bench.read.DistanceCells.Cell;
import io.replicakit.bench.read.DistanceCells.Distance;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.StorageType;

/**
 * The read paper's Fig. 2 (§3.1): one stream's read throughput from an SSD and from a DISK on the reader's own node,
 * on another node of its rack and on a node of another rack. Each cell is a file with one replica, written by
 * TestDFSIO on the node that is to hold it (a local writer's first replica is its own node) with ALL_SSD or HOT;
 * the reader is TestDFSIO with one map on the reader's node, so its network distance to each replica is HDFS's
 * own. The cells are read in turn, every repetition once each, while the devices and the shaped links are
 * measured. Meant for {@code --processes} on a spec with shaped links, where a reader on a node is a process in
 * that node's network namespace; embedded, the same runs on loopback without links.
 */
public final class ReadDistanceExperiment {

  /**
   * What to run.
   *
   * @param reader the DataNode the reader runs on; empty for {@link DistanceCells#defaultReader}
   * @param fileBytes size of each cell's file
   * @param repetitions reads of each cell
   */
  public record Setup(String specName, List<String> specSettings, Optional<String> reader, long fileBytes,
      int repetitions, Map<String, String> hdfsSettings) {

    public Setup {
      specSettings = List.copyOf(specSettings);
      hdfsSettings = Map.copyOf(hdfsSettings);
    }
  }

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "read-distance";
  /** The read profiles' device speeds (SSD 20, DISK 4 MiB/s, the paper's ratio of about 5:1). */
  static final double SSD_MIBS = 20;
  static final double DISK_MIBS = 4;
  static final long BLOCK_BYTES = Sizes.MIB;
  static final String STAGE = "read";

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  public ReadDistanceExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  /** The cluster spec the setup asks for, with the read profiles' device speeds where it sets none. */
  static ClusterSpec spec(Setup setup) {
    ClusterSpec spec = ReadSpecs.load(setup.specName(), setup.specSettings(), SSD_MIBS, DISK_MIBS);
    ReadSpecs.requireTypes(spec, StorageType.SSD, StorageType.DISK);
    return spec;
  }

  /** The reader's DataNode name: the one asked for, else {@link DistanceCells#defaultReader}. */
  static String reader(Setup setup, ClusterSpec spec) {
    try {
      return setup.reader().map(r -> spec.dataNode(r).name()).orElseGet(() -> DistanceCells.defaultReader(spec));
    } catch (NoSuchElementException e) {
      throw new IllegalArgumentException("--reader: " + e.getMessage(), e);
    }
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = spec(setup);
    String reader = reader(setup, spec);
    List<Cell> cells = DistanceCells.of(spec, reader);
    Path work = Files.createTempDirectory("replicakit-read-distance-");
    progress.step("starting a '%s' cluster (%d DataNodes, %d racks; %s; %s)", spec.name(), spec.dataNodes().size(),
        spec.racks().size(), spec.devices().describe(), NetworkRecord.describe(spec, mode));
    ClusterOptions options = ReadClusterSettings.options(work.resolve("cluster"), spec, BLOCK_BYTES,
        setup.hdfsSettings()).withMode(mode);
    // A reader or writer on a node of a shaped cluster is a process in that node's namespace: the testbed starts
    // TestDFSIO's own JVM there when the cluster runs YARN (its local job runner; no job goes to YARN).
    options = mode == ClusterMode.PROCESSES ? options.withYarn() : options;
    Map<Cell, List<ReadSample>> samples = new LinkedHashMap<>();
    try (Cluster cluster = Cluster.start(spec, options)) {
      for (Cell cell : cells) {
        write(cluster, cell, work);
      }
      DfsioRunner dfsio = runnerAt(cluster, reader, work);
      warmUp(cluster, dfsio, cells.get(0));
      for (int i = 1; i <= setup.repetitions(); i++) {
        for (Cell cell : cells) {
          ReadSample s = new MeasuredRead(cluster, dfsio, request(cell)).run();
          samples.computeIfAbsent(cell, c -> new ArrayList<>()).add(s);
          progress.step("%s (%s): read %d/%d: one stream %.2f MiB/s (%.1f s job)", cell.id(), cell.node(), i,
              setup.repetitions(), s.dfsio().throughputMbS(), s.dfsio().execTimeS());
        }
      }
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
    return finish(spec, reader, samples);
  }

  /** Writes the cell's file from its node with one replica, and checks it landed on that node's medium. */
  private void write(Cluster cluster, Cell cell, Path work) throws Exception {
    DfsioRequest write = request(cell).withOp(DfsioRequest.Op.WRITE).withReplication(1)
        .withStoragePolicy(cell.storagePolicy());
    double seconds = runnerAt(cluster, cell.node(), work).run(write).execTimeS();
    DataLayout layout = DataLayout.of(cluster, cell.dir() + "/io_data");
    int blocks = layout.blocks();
    if (blocks == 0 || !layout.mixes().equals(Map.of(cell.type().name(), blocks))
        || !layout.replicasByNode().equals(Map.of(cell.node(), blocks))) {
      throw new IllegalStateException("cell " + cell.id() + " should be " + blocks + " block(s) on " + cell.node()
          + "'s " + cell.type() + ", was on " + layout.replicasByNode() + " as " + layout.mixes());
    }
    progress.step("wrote %s: %d MiB on %s's %s (%d blocks, %.1f s)", cell.id(), setup.fileBytes() >> 20,
        cell.node(), cell.type(), blocks, seconds);
  }

  /**
   * One read not counted: the first read of a fresh cluster pays for its DataNodes' warm-up (JIT, first
   * connections).
   */
  private void warmUp(Cluster cluster, DfsioRunner dfsio, Cell cell) throws Exception {
    ReadSample s = new MeasuredRead(cluster, dfsio, request(cell)).run();
    progress.step("warm-up: %s once (not counted): %.2f MiB/s", cell.id(), s.dfsio().throughputMbS());
  }

  /** TestDFSIO at {@code node}, with the experiments' client settings (small sort buffer, quick polling). */
  private static DfsioRunner runnerAt(Cluster cluster, String node, Path work) throws Exception {
    return DfsioClientConf.runnerAt(cluster, ClientPlacement.onNode(node), work.resolve("dfsio-" + node));
  }

  /** One file, one map: one stream. */
  private DfsioRequest request(Cell cell) {
    return DfsioRequest.of(DfsioRequest.Op.READ, 1, setup.fileBytes()).withBaseDir(cell.dir());
  }

  private ExperimentResults finish(ClusterSpec spec, String reader, Map<Cell, List<ReadSample>> samples)
      throws Exception {
    List<RunResult> runs = new ArrayList<>();
    samples.forEach((cell, list) -> runs.add(result(spec, reader, cell, list)));
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("spec", spec.name());
    cluster.put("datanodes", spec.dataNodes().size());
    cluster.put("racks", spec.racks().size());
    cluster.put("device_mib_s", Map.of("SSD", spec.devices().mibPerSec(StorageType.SSD),
        "DISK", spec.devices().mibPerSec(StorageType.DISK)));
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("reader", reader);
    cluster.put("file_bytes", setup.fileBytes());
    cluster.put("block_bytes", BLOCK_BYTES);
    return run.finish(NAME, "default", cluster, runs, results -> ReadDistanceReport.write(results, run.outDir(),
        run.command(), setupText(spec, reader), progress.elapsedSeconds()));
  }

  private RunResult result(ClusterSpec spec, String reader, Cell cell, List<ReadSample> list) {
    Stats stream = Stats.of(list.stream().map(s -> s.dfsio().throughputMbS()).toList());
    double bound = DistanceCells.boundMibS(spec, reader, cell);
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put(ReadDistanceReport.STREAM, stream.mean());
    metrics.put(ReadDistanceReport.STREAM + "_std", stream.std());
    metrics.put(ReadDistanceReport.BOUND, bound);
    metrics.put("stream_of_bound_pct", 100 * stream.mean() / bound);
    metrics.putAll(ReadMetrics.of(list, spec.volumeTypes(), Optional.empty()));
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("distance", cell.distance().label());
    detail.put("storage_type", cell.type().name());
    detail.put("node", cell.node());
    detail.put("reader", reader);
    DistanceCells.slowestLinkMibS(spec, reader, cell).ifPresent(l -> detail.put("slowest_link_mib_s", l));
    detail.putAll(ReadMetrics.detail(list, spec.volumeTypes()));
    boolean baseline = cell.distance() == Distance.LOCAL && cell.type() == StorageType.DISK;
    return new RunResult(cell.id(), baseline, STAGE, list.size(), metrics, detail);
  }

  private String setupText(ClusterSpec spec, String reader) {
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Network: " + NetworkRecord.describe(spec, mode)
        + "\n- Cells: one file of " + (setup.fileBytes() >> 20) + " MiB (" + (BLOCK_BYTES >> 20) + " MiB blocks) per"
        + " cell, one replica, written by TestDFSIO on the node that holds it (ALL_SSD or HOT)"
        + "\n- Reader: TestDFSIO with one map on " + reader + " (" + spec.dataNode(reader).rack() + "); "
        + setup.repetitions() + " reads of each cell, the cells in turn, after one uncounted read"
        + (setup.hdfsSettings().isEmpty() && setup.specSettings().isEmpty() ? ""
            : "\n- Extra settings: `" + String.join("`, `", extras()) + "`");
  }

  private List<String> extras() {
    List<String> all = new ArrayList<>(setup.specSettings());
    setup.hdfsSettings().forEach((k, v) -> all.add(k + "=" + v));
    return all;
  }
}
