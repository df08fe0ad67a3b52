/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.ProcessCluster;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.LinkCounters;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.net.Ports;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The replication-approaches experiment (paper §III, Fig. 5): TestDFSIO writes with their maps on the DataNodes, for
 * each variant (pipeline, broadcast, master/slave), replication factor and block size, repeated on fresh clusters;
 * each write timed by TestDFSIO, its links' bytes counted (shaped networks), its files read back through HDFS's own
 * client and compared with what TestDFSIO wrote, a pattern file written and read back the same way, and fsck asked.
 *
 * <p>Each repetition starts a fresh cluster and runs every cell there, each variant on fresh files; the variants'
 * order rotates from cell to cell and from repetition to repetition, and a warm-up write precedes the first cell, so
 * no variant always runs first on a cold cluster. Files are deleted after their checks, and the next write starts
 * once the NameNode has handed every deletion to the DataNodes.
 */
public final class WriteApproachesExperiment {

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "write-approaches";
  static final String BASE_DIR = "/benchmarks/write-approaches";
  /** HDFS's own MBean of the namesystem (read live, unlike the metrics2 beans, which are cached for a period). */
  static final String FS_NAMESYSTEM_BEAN = "Hadoop:service=NameNode,name=FSNamesystemState";
  private static final long SETTLE_TIMEOUT_MS = 120_000;
  /** HDFS's DataNode counter of blocks copied for re-replication ({@code DataNodeMetrics#blocksReplicated}). */
  private static final String BLOCKS_REPLICATED = "BlocksReplicated";

  /** A state of the NameNode waited for. */
  @FunctionalInterface
  private interface Condition {
    boolean holds() throws Exception;
  }

  /**
   * What to run.
   *
   * @param repetitions fresh clusters, each running every cell and variant once
   * @param hdfsSettings {@code --set}: extra settings for the daemons, applied last
   */
  public record Setup(WriteProfile profile, List<WriteVariant> variants, String specName, int repetitions,
      Map<String, String> hdfsSettings) {

    public Setup {
      variants = List.copyOf(variants);
      hdfsSettings = Map.copyOf(hdfsSettings);
      if (variants.isEmpty() || repetitions < 1) {
        throw new IllegalArgumentException("need at least one variant and one repetition");
      }
    }
  }

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  public WriteApproachesExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ClusterSpecs.load(setup.specName());
    WriterClasses classes = WriterClasses.detect(mode);
    classes.require(setup.variants());
    List<WriteCell> cells = setup.profile().cells();
    List<WriteSample> samples = new ArrayList<>();
    int relayPort = relayPort(spec);
    String network = NetworkRecord.describe(spec, mode);
    for (int rep = 1; rep <= setup.repetitions(); rep++) {
      java.nio.file.Path work = Files.createTempDirectory("replicakit-write-approaches-");
      progress.step("repetition %d/%d: starting a fresh '%s' cluster (%d DataNodes in %d racks, %s)", rep,
          setup.repetitions(), spec.name(), spec.dataNodes().size(), spec.racks().size(), mode.label());
      ClusterOptions options = options(work, classes, relayPort);
      try (Cluster cluster = Cluster.start(spec, options)) {
        network = cluster.describeNetwork();
        Repetition repetition = new Repetition(cluster, classes, rep, work, relayPort);
        repetition.warmUp();
        for (int c = 0; c < cells.size(); c++) {
          List<WriteVariant> order = rotate(setup.variants(), rep - 1 + c);
          for (int position = 0; position < order.size(); position++) {
            samples.add(repetition.write(cells.get(c), order.get(position), position));
          }
        }
      } catch (Exception | Error e) {
        keepLogs(options, rep);
        throw e;
      } finally {
        FileUtil.fullyDelete(work.toFile());
      }
    }
    List<RunResult> runs = WriteAggregate.runs(samples, setup.variants(), cells);
    Map<String, Object> cluster = clusterRecord(spec, classes, relayPort);
    String networkText = network;
    return run.finish(NAME, setup.profile().name(), cluster, runs,
        results -> WriteApproachesReport.write(results, setup, run, spec, mode, classes, networkText));
  }

  /**
   * Copies a failed repetition's daemon logs (processes mode: the daemons', TestDFSIO clients' and containers')
   * into {@code OUT/logs/repN}, before its scratch directory goes.
   */
  private void keepLogs(ClusterOptions options, int rep) {
    java.nio.file.Path logs = ProcessCluster.logDir(options);
    if (!Files.isDirectory(logs)) {
      return;
    }
    java.nio.file.Path kept = run.outDir().resolve("logs").resolve("rep" + rep);
    try (java.util.stream.Stream<java.nio.file.Path> files = Files.walk(logs)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        java.nio.file.Path to = kept.resolve(logs.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
      progress.step("repetition %d failed; its logs are in %s", rep, kept);
    } catch (IOException e) {
      progress.step("repetition %d failed; its logs could not be kept: %s", rep, e.getMessage());
    }
  }

  /** {@code list} starting at its {@code k}-th element, wrapping around. */
  static <T> List<T> rotate(List<T> list, int k) {
    List<T> rotated = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      rotated.add(list.get((i + k) % list.size()));
    }
    return rotated;
  }

  private ClusterOptions options(java.nio.file.Path work, WriterClasses classes, int relayPort) {
    ClusterOptions options = ClusterOptions.in(work.resolve("cluster")).withMode(mode);
    // With real daemons TestDFSIO's maps run as YARN containers beside the DataNodes, as on the paper's nodes.
    options = mode == ClusterMode.PROCESSES ? options.withYarn() : options;
    // HDFS's production default (MiniDFSCluster turns it off): the paper ran stock HDFS.
    options = options.with(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, "true")
        .with(WriteVariant.RELAY_ADDRESS_KEY, relayAddress(relayPort));
    if (classes.relay()) {
      // Every DataNode of every variant runs the relay, so all variants run on the same cluster; only master/slave
      // writes use it. A relay that cannot start stops its DataNode, and so the cluster's start, rather than leave
      // master/slave writes one replica short there.
      String had = options.hdfsSettings().get(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY);
      options = options.with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, had == null || had.isBlank()
          ? WriteVariant.RELAY_PLUGIN_CLASS : had + "," + WriteVariant.RELAY_PLUGIN_CLASS)
          .with(WriteVariant.RELAY_ABORT_KEY, "true");
    }
    for (Map.Entry<String, String> e : setup.hdfsSettings().entrySet()) {
      options = options.with(e.getKey(), e.getValue());
    }
    return options;
  }

  /** The relays' address: each DataNode's own data-transfer host (a wildcard host) and one port for all. */
  static String relayAddress(int port) {
    return "0.0.0.0:" + port;
  }

  /**
   * A port for the relays, free on every DataNode address of this machine (embedded DataNodes share its loopback
   * range; the relays of a shaped network each have a namespace of their own and only need the port free there).
   */
  static int relayPort(ClusterSpec spec) {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = Ports.free();
      if (spec.dataNodes().stream().allMatch(dn -> freeAt(dn.address(), port))) {
        return port;
      }
    }
    throw new IllegalStateException("no port free on every DataNode address for the write relays");
  }

  private static boolean freeAt(String address, int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(address))) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private Map<String, Object> clusterRecord(ClusterSpec spec, WriterClasses classes, int relayPort) {
    WriteProfile p = setup.profile();
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("spec", spec.name());
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("datanodes", spec.dataNodes().size());
    cluster.put("racks", spec.racks().size());
    cluster.put("rack_sizes", spec.racks().stream().map(r -> spec.dataNodesInRack(r).size()).toList());
    cluster.put("storage", spec.volumeTypes().stream().map(Enum::name).collect(Collectors.joining(",")));
    cluster.put("devices", spec.devices().describe());
    cluster.put("writers", writersText());
    cluster.put("writer_classes", classes.describe());
    cluster.put("relay_port", relayPort);
    cluster.put("files", p.files());
    cluster.put("file_bytes", p.fileBytes());
    cluster.put("repetitions", setup.repetitions());
    cluster.put("variants", setup.variants().stream().map(WriteVariant::id).toList());
    return cluster;
  }

  /** Where TestDFSIO's maps write from. */
  String writersText() {
    return mode == ClusterMode.PROCESSES
        ? "TestDFSIO maps as YARN containers on the NodeManagers beside the DataNodes, in their nodes' namespaces"
        : "TestDFSIO maps of the local job runner in this JVM, map thread k bound to DataNode k's address"
            + " (MapThreadSocketFactory): first replica local, every byte sent from that node's address";
  }

  /** One fresh cluster: a warm-up write, then every cell and variant. */
  private final class Repetition {

    private final Cluster cluster;
    private final WriterClasses classes;
    private final int number;
    private final int relayPort;
    private final DfsioRunner writers;
    private final Optional<WriterCheck> writerCheck;

    Repetition(Cluster cluster, WriterClasses classes, int number, java.nio.file.Path work, int relayPort)
        throws IOException {
      this.cluster = cluster;
      this.classes = classes;
      this.number = number;
      this.relayPort = relayPort;
      this.writers = writers(work.resolve("dfsio"));
      this.writerCheck = WriterCheck.of(mode, classes);
    }

    /** TestDFSIO with its maps on the DataNodes: YARN's with real daemons, this JVM's bound to them otherwise. */
    private DfsioRunner writers(java.nio.file.Path dir) throws IOException {
      if (mode == ClusterMode.PROCESSES) {
        return cluster.dfsioOnNodes(dir);
      }
      Configuration conf = DfsioClientConf.offCluster(cluster);
      conf.set(CommonConfigurationKeysPublic.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
          MapThreadSocketFactory.class.getName());
      conf.set(MapThreadSocketFactory.ADDRESSES_KEY, cluster.spec().dataNodes().stream()
          .map(DataNodeSpec::address).collect(Collectors.joining(",")));
      return new DfsioRunner(conf, dir);
    }

    /** One unmeasured pipeline write of a block per file, so that no measured write pays for a cold cluster. */
    void warmUp() throws Exception {
      WriteCell cell = setup.profile().cells().get(0);
      String dir = BASE_DIR + "/rep" + number + "/warm-up";
      progress.step("repetition %d: warm-up write (%d files of one block, pipeline, not reported)", number,
          setup.profile().files());
      writers.withSettings(settings(WriteVariant.PIPELINE, cell)).run(DfsioRequest.of(DfsioRequest.Op.WRITE,
          setup.profile().files(), cell.blockBytes()).withReplication(cell.replication())
          .withParallelMaps(setup.profile().files()).withBaseDir(dir));
      deleteAndSettle(dir);
    }

    WriteSample write(WriteCell cell, WriteVariant variant, int position) throws Exception {
      WriteProfile p = setup.profile();
      String dir = BASE_DIR + "/rep" + number + "/" + cell.stage() + "/" + variant.id();
      requireAllLive();
      long reReplicatedBefore = cluster.dataNodeActivity(BLOCKS_REPLICATED);
      Optional<WriterCheck.Counts> writersBefore = writerCheck.map(WriterCheck::now);
      List<LinkCounters> linksBefore = cluster.linkCounters();
      long linksBeforeNanos = System.nanoTime();
      long diskBefore = diskWrittenBytes();
      DfsioResult result = writers.withSettings(settings(variant, cell)).run(DfsioRequest.of(DfsioRequest.Op.WRITE,
          p.files(), p.fileBytes()).withReplication(cell.replication()).withParallelMaps(p.files()).withBaseDir(dir));
      List<Map<String, Object>> links = LinkCounters.since(linksBefore, cluster.linkCounters(),
          (System.nanoTime() - linksBeforeNanos) / 1e9);
      long disk = diskWrittenBytes() - diskBefore;
      writersBefore.ifPresent(before -> writerCheck.get().require(before, variant, p.files()));
      Configuration stockConf = stockConf();
      WriteSample sample;
      try (FileSystem stock = stockFileSystem(stockConf)) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < p.files(); i++) {
          files.add(new Path(dir + "/io_data/test_io_" + i));
        }
        int shortBlocks = blocksShortOfReplication(stock, files, cell.replication());
        Readback.Summary readback = Readback.check(stock, files, p.fileBytes(), WrittenContent.TEST_DFSIO,
            p.files());
        Readback.FileCheck pattern = patternCheck(stock, cell, variant, position, dir);
        FsckHealth fsck = FsckHealth.run(stockConf, dir);
        List<Set<String>> writerOf = writerCandidates(stock, files);
        Thread.sleep(cluster.dataNodeActivityLag().toMillis()); // daemons' counts reach JMX once a metrics period
        int disagreeing = ReplicaAgreement.blocksDisagreeing((DistributedFileSystem) stock, new Path(dir));
        ReplicaCheck replicas = new ReplicaCheck(shortBlocks,
            cluster.dataNodeActivity(BLOCKS_REPLICATED) - reReplicatedBefore, disagreeing);
        sample = new WriteSample(cell, variant, number, position, result.execTimeS(), result.throughputMbS(),
            result.averageIoRateMbS(), readback.mismatchedBytes(), readback.checksumErrors() + (pattern
            .checksumError() ? 1 : 0), pattern.mismatchedBytes(), fsck, replicas, p.files(),
            (int) writerOf.stream().filter(c -> !c.isEmpty()).count(), WriteAggregate.distinctWriters(writerOf), disk,
            links);
        for (Readback.FileCheck problem : readback.problems()) {
          progress.step("  %s: %d bytes differ, %d read of %d%s", problem.file(), problem.mismatchedBytes(),
              problem.readBytes(), problem.expectedBytes(), problem.error().isEmpty() ? "" : "; " + problem.error());
        }
        if (!pattern.error().isEmpty()) {
          progress.step("  pattern file: %s", pattern.error());
        }
      }
      progress.step("rep %d, %s: %s wrote %d MB in %.1f s (TestDFSIO %.2f MB/s); read back: %d bytes differ; "
          + "fsck %s (%d blocks, %d under-replicated); %d blocks short after the write, %d re-replicated by HDFS; "
          + "%d of %d files local to their writer%s", number, cell.label(),
          variant.id(), Math.round(result.totalMb()), result.execTimeS(), result.throughputMbS(),
          sample.mismatchedBytes() + sample.patternMismatchedBytes(),
          sample.fsck().healthy() ? "HEALTHY" : "NOT healthy",
          sample.fsck().blocks(), sample.fsck().underReplicated(), sample.replicas().blocksShortAfterWrite(),
          sample.replicas().blocksReReplicated(), sample.writerLocalFiles(), p.files(),
          links.isEmpty() ? "" : String.format(Locale.ROOT, "; node links up %.1f MB, rack uplinks %.1f MB",
              sample.nodeLinksUpBytes() / 1e6, sample.rackUplinksBytes() / 1e6));
      deleteAndSettle(dir);
      return sample;
    }

    /** The variant's client settings, the relays' port (master/slave clients connect to it) and the block size. */
    private Map<String, String> settings(WriteVariant variant, WriteCell cell) {
      Map<String, String> settings = new LinkedHashMap<>(variant.clientSettings(classes.fileSystem()));
      settings.put(WriteVariant.RELAY_ADDRESS_KEY, relayAddress(relayPort));
      settings.put(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(cell.blockBytes()));
      return settings;
    }

    /**
     * Writes a file of hashed bytes (2.5 blocks and an odd tail, in odd-sized writes) through the variant's client
     * and reads it back through HDFS's own: catches a block, packet or chunk out of place, which TestDFSIO's zeros
     * cannot.
     */
    private Readback.FileCheck patternCheck(FileSystem stock, WriteCell cell, WriteVariant variant, int position,
        String dir) throws IOException {
      long length = 2 * cell.blockBytes() + cell.blockBytes() / 2 + 4321;
      Path file = new Path(dir + "/pattern");
      Configuration conf = cluster.clientConf(patternWriter(position));
      settings(variant, cell).forEach(conf::set);
      conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, cell.replication());
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf); OutputStream out = fs.create(file, true)) {
        byte[] chunk = new byte[7919];
        long offset = 0;
        while (offset < length) {
          int n = (int) Math.min(chunk.length, length - offset);
          for (int i = 0; i < n; i++) {
            chunk[i] = WrittenContent.PATTERN.at(offset + i);
          }
          out.write(chunk, 0, n);
          offset += n;
        }
      }
      return Readback.check(stock, file, length, WrittenContent.PATTERN);
    }

    /** A DataNode's host in the embedded mode; a client host of the first rack with real daemons (same namespace). */
    private ClientPlacement patternWriter(int position) {
      List<DataNodeSpec> nodes = cluster.spec().dataNodes();
      return mode == ClusterMode.PROCESSES ? ClientPlacement.inRack(cluster.spec().racks().get(0))
          : ClientPlacement.onNode(nodes.get((number + position) % nodes.size()).name());
    }

    /**
     * For each file, the DataNodes holding a replica of every one of its blocks: where it may have been written from
     * (the writer's own node, and by chance another that holds a replica of every block).
     */
    private List<Set<String>> writerCandidates(FileSystem fs, List<Path> files) throws IOException {
      List<Set<String>> candidates = new ArrayList<>();
      for (Path file : files) {
        long length = fs.getFileStatus(file).getLen();
        Set<String> common = null;
        for (BlockLocation block : fs.getFileBlockLocations(file, 0, length)) {
          Set<String> hosts = new HashSet<>();
          for (String name : block.getNames()) {
            hosts.add(name.substring(0, name.lastIndexOf(':')));
          }
          if (common == null) {
            common = hosts;
          } else {
            common.retainAll(hosts);
          }
        }
        candidates.add(common == null ? Set.of() : common);
      }
      return candidates;
    }

    /** HDFS's own client, whatever the variants use: fs.hdfs.impl as HDFS ships it, checksums verified. */
    private Configuration stockConf() {
      Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
      conf.unset(WriteVariant.FS_IMPL_KEY);
      conf.unset(WriteVariant.MODE_KEY);
      conf.setBoolean(WriteVariant.FS_CACHE_KEY, true);
      return conf;
    }

    private FileSystem stockFileSystem(Configuration conf) throws IOException {
      FileSystem fs = FileSystem.get(cluster.uri(), conf);
      if (fs.getClass() != DistributedFileSystem.class) {
        fs.close();
        throw new IllegalStateException("the read-back client is " + fs.getClass().getName()
            + ", not HDFS's DistributedFileSystem");
      }
      fs.setVerifyChecksum(true);
      return fs;
    }

    private void requireAllLive() throws IOException {
      Set<String> live = cluster.liveDataNodes();
      if (live.size() != cluster.spec().dataNodes().size()) {
        throw new IllegalStateException("only " + live.size() + " of " + cluster.spec().dataNodes().size()
            + " DataNodes are up: " + live);
      }
    }

    private long diskWrittenBytes() {
      long bytes = 0;
      for (DataNodeSpec dn : cluster.spec().dataNodes()) {
        bytes += cluster.devices(dn.name()).stats().stream().mapToLong(VolumeStats::writeBytes).sum();
      }
      return bytes;
    }

    /**
     * Deletes a run's files and waits until the NameNode has handed every deletion to the DataNodes: first until its
     * block count has dropped by the directory's blocks (HDFS 3.5 queues a deleted file's blocks and removes them from
     * the block map on a thread of its own, HDFS-16043), then until none is pending deletion. Until session 54 only
     * the second was waited for, which could read 0 right after the delete, before the blocks were queued: a
     * variant's deletions could then run during the next variant's write. The count is the directory's own, not the
     * cluster's before the write: with YARN, each job leaves its history files on HDFS (no history server moves them
     * on).
     */
    private void deleteAndSettle(String dir) throws Exception {
      long remaining;
      try (FileSystem fs = stockFileSystem(stockConf())) {
        long dirBlocks = blocksUnder(fs, new Path(dir));
        remaining = blocksTotal() - dirBlocks;
        fs.delete(new Path(dir), true);
      }
      long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
      awaitNameNode(dir, deadline, "blocks removed from the block map", () -> blocksTotal() <= remaining);
      awaitNameNode(dir, deadline, "deletions handed to the DataNodes", () -> namesystem("PendingDeletionBlocks") == 0);
    }

    private static long blocksUnder(FileSystem fs, Path dir) throws IOException {
      long blocks = 0;
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
      while (files.hasNext()) {
        blocks += files.next().getBlockLocations().length;
      }
      return blocks;
    }

    private void awaitNameNode(String dir, long deadline, String what, Condition done) throws Exception {
      while (!done.holds()) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException("deleting " + dir + ": " + what + " not reached after "
              + SETTLE_TIMEOUT_MS / 1000 + " s (BlocksTotal " + blocksTotal() + ", PendingDeletionBlocks "
              + namesystem("PendingDeletionBlocks") + ")");
        }
        Thread.sleep(100);
      }
    }

    private long blocksTotal() throws Exception {
      return namesystem("BlocksTotal");
    }

    private long namesystem(String attribute) throws Exception {
      return ((Number) cluster.nameNodeBeans().getAttribute(new ObjectName(FS_NAMESYSTEM_BEAN), attribute))
          .longValue();
    }

    /**
     * The files' blocks with fewer locations than {@code replication} on the NameNode, once the DataNodes' block
     * reports have had {@link ReplicaCheck#REPORT_WAIT_MS} to arrive ({@link ReplicaCheck}).
     */
    private int blocksShortOfReplication(FileSystem fs, List<Path> files, int replication) throws Exception {
      long deadline = System.currentTimeMillis() + ReplicaCheck.REPORT_WAIT_MS;
      int shortBlocks = countShort(fs, files, replication);
      while (shortBlocks > 0 && System.currentTimeMillis() < deadline) {
        Thread.sleep(100);
        shortBlocks = countShort(fs, files, replication);
      }
      return shortBlocks;
    }

    private static int countShort(FileSystem fs, List<Path> files, int replication) throws IOException {
      int shortBlocks = 0;
      for (Path file : files) {
        for (BlockLocation block : fs.getFileBlockLocations(file, 0, fs.getFileStatus(file).getLen())) {
          if (block.getNames().length < replication) {
            shortBlocks++;
          }
        }
      }
      return shortBlocks;
    }
  }

}
