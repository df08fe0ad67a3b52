/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.RunResult;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.IOMapperBase;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment's pure parts: variants, cells, map binding, read-back comparison, fsck's summary, aggregation. */
class WriteApproachesTest {

  private static final WriteCell RF3 = new WriteCell(3, 1 << 20, "64 MB");
  private static final WriteCell RF2 = new WriteCell(2, 2 << 20, "128 MB");
  private static final FsckHealth HEALTHY = new FsckHealth(true, 9, 72, 0, 0, 0, 0);

  @TempDir
  java.nio.file.Path tmp;

  @Test
  void variants_parseByTheirIds_inTheGivenOrder_andRefuseUnknownOrRepeatedOnes() {
    assertEquals(List.of(WriteVariant.MASTER_SLAVE, WriteVariant.PIPELINE), WriteVariant.parseList("master-slave, "
        + "PIPELINE"));
    assertEquals(List.of(WriteVariant.values()), WriteVariant.parseList("all"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> WriteVariant.parseList("pipeline,chain"))
        .getMessage().contains("unknown variant 'chain'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> WriteVariant.parseList("broadcast,broadcast"))
        .getMessage().contains("twice"));
  }

  @Test
  void clientSettings_nameTheWriterFileSystemAndMode_andPipelineFallsBackToHdfsWithoutIt() {
    assertEquals(Map.of("fs.hdfs.impl.disable.cache", "true", "fs.hdfs.impl", "io.replicakit.write.WriteModeFileSystem",
        "replicakit.write.mode", "master-slave"), WriteVariant.MASTER_SLAVE.clientSettings(true));
    assertEquals(Map.of("fs.hdfs.impl.disable.cache", "true"), WriteVariant.PIPELINE.clientSettings(false));
    assertThrows(IllegalStateException.class, () -> WriteVariant.BROADCAST.clientSettings(false));
  }

  @Test
  void missingWriterClasses_failBeforeAnythingStarts_namingVariantAndClass() {
    WriterClasses none = new WriterClasses(java.util.Set.of(), "the class path");
    none.require(List.of(WriteVariant.PIPELINE));
    String message = assertThrows(IllegalArgumentException.class,
        () -> none.require(List.of(WriteVariant.PIPELINE, WriteVariant.MASTER_SLAVE))).getMessage();
    assertTrue(message.startsWith("master-slave needs io.replicakit.write.WriteModeFileSystem and "
        + "io.replicakit.write.relay.WriteRelayPlugin"), message);
    WriterClasses fsOnly = new WriterClasses(java.util.Set.of(WriteVariant.FILE_SYSTEM_CLASS), "x");
    fsOnly.require(List.of(WriteVariant.BROADCAST));
    assertThrows(IllegalArgumentException.class, () -> fsOnly.require(List.of(WriteVariant.MASTER_SLAVE)));
    assertTrue(none.describe().contains("HDFS's DistributedFileSystem for pipeline"), none.describe());
  }

  @Test
  void cells_areEveryReplicationWithEveryBlockSize_namedForTheResults() {
    assertEquals(List.of("write-rf3-1m", "write-rf3-2m", "write-rf2-1m", "write-rf2-2m"),
        WriteProfile.QUICK.cells().stream().map(WriteCell::stage).toList());
    assertEquals("RF 2, 2 MiB blocks (paper 128 MB)", RF2.label());
    assertEquals("write-rf3-512k", new WriteCell(3, 512 << 10, "32 MB").stage());
    assertThrows(IllegalArgumentException.class, () -> WriteProfile.named("huge"));
    assertEquals(List.of(2, 3, 1), WriteApproachesExperiment.rotate(List.of(1, 2, 3), 4));
  }

  @Test
  void mapThreads_takeTheAddressesRoundRobin_otherThreadsNone() {
    List<String> addresses = List.of("127.0.0.11", "127.0.0.12", "127.0.0.13");
    assertEquals(Optional.of("127.0.0.11"), MapThreadSocketFactory.addressFor("LocalJobRunner Map Task Executor #0",
        addresses));
    assertEquals(Optional.of("127.0.0.12"), MapThreadSocketFactory.addressFor("LocalJobRunner Map Task Executor #4",
        addresses));
    assertEquals(Optional.empty(), MapThreadSocketFactory.addressFor("main", addresses));
    assertEquals(Optional.empty(), MapThreadSocketFactory.addressFor("LocalJobRunner Map Task Executor #1",
        List.of()));
    Configuration conf = new Configuration(false);
    conf.set("replicakit.testbed.bind.address", "127.0.0.1");
    conf.set(MapThreadSocketFactory.ADDRESSES_KEY, String.join(",", addresses));
    MapThreadSocketFactory here = new MapThreadSocketFactory();
    here.setConf(conf);
    assertEquals("127.0.0.1", here.bindAddress().getHostAddress(), "a thread that is no map: the client's address");

    String[] seen = new String[2];
    Thread map = new Thread(() -> {
      MapThreadSocketFactory onMap = new MapThreadSocketFactory();
      onMap.setConf(conf);
      seen[0] = onMap.bindAddress().getHostAddress();
      Thread sender = new Thread(() -> {
        MapThreadSocketFactory onSender = new MapThreadSocketFactory();
        onSender.setConf(conf);
        seen[1] = onSender.bindAddress().getHostAddress();
      });
      sender.start();
      joinQuietly(sender);
    }, "LocalJobRunner Map Task Executor #2");
    map.start();
    joinQuietly(map);
    assertEquals(List.of("127.0.0.13", "127.0.0.13"), List.of(seen), "a thread a map started binds as the map");
  }

  private static void joinQuietly(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void testDfsioContent_isWhatItsWriteMapperReallyBuffers() throws Exception {
    TestDFSIO.WriteMapper mapper = new TestDFSIO.WriteMapper();
    JobConf conf = new JobConf(false);
    conf.set("fs.defaultFS", "file:///");
    conf.setInt("test.io.file.buffer.size", 4096);
    mapper.configure(conf);
    Field field = IOMapperBase.class.getDeclaredField("buffer");
    field.setAccessible(true);
    byte[] buffer = (byte[]) field.get(mapper);
    assertEquals(4096, buffer.length);
    assertEquals(0, WrittenContent.TEST_DFSIO.mismatches(buffer, buffer.length, 7 * 4096L),
        "TestDFSIO 3.5.0 writes its zero-filled buffer (the constructor's fill runs before the buffer exists)");
  }

  @Test
  void mismatches_countEveryDifferingByte_atItsFileOffset() {
    byte[] read = new byte[100];
    for (int i = 0; i < read.length; i++) {
      read[i] = WrittenContent.PATTERN.at(1000 + i);
    }
    assertEquals(0, WrittenContent.PATTERN.mismatches(read, 100, 1000));
    read[3] ^= 1;
    read[99] ^= (byte) 0x80;
    assertEquals(2, WrittenContent.PATTERN.mismatches(read, 100, 1000));
    assertTrue(WrittenContent.PATTERN.mismatches(read, 100, 1001) > 50, "a shifted block differs almost everywhere");
    long nonZero = 0;
    for (byte b : read) {
      nonZero += b != 0 ? 1 : 0;
    }
    assertEquals(nonZero, WrittenContent.TEST_DFSIO.mismatches(read, 100, 0), "against zeros: every non-zero byte");
  }

  @Test
  void readback_countsDifferingMissingAndExtraBytes_andMissingFiles() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path good = write(fs, "good", 5000, -1);
    Path flipped = write(fs, "flipped", 5000, 1234);
    Path shortFile = write(fs, "short", 4000, -1);
    Path longFile = write(fs, "long", 5100, -1);
    Path missing = new Path(tmp.resolve("missing").toUri());

    Readback.Summary summary = Readback.check(fs, List.of(good, flipped, shortFile, longFile, missing), 5000,
        WrittenContent.PATTERN, 2);
    assertEquals(List.of(0L, 1L, 1000L, 100L, 5000L),
        summary.files().stream().map(Readback.FileCheck::mismatchedBytes).toList());
    assertEquals(6101, summary.mismatchedBytes());
    assertEquals(4, summary.problems().size());
    assertEquals("missing", summary.files().get(4).error());
    assertEquals(0, summary.checksumErrors());
    assertEquals(5000 + 5000 + 4000 + 5100, summary.readBytes());
  }

  private Path write(FileSystem fs, String name, int length, int flip) throws Exception {
    Path file = new Path(tmp.resolve(name).toUri());
    try (OutputStream out = fs.create(file)) {
      for (int i = 0; i < length; i++) {
        byte b = WrittenContent.PATTERN.at(i);
        out.write(i == flip ? b ^ 0x10 : b);
      }
    }
    assertTrue(Files.size(tmp.resolve(name)) == length);
    return file;
  }

  @Test
  void fsckSummary_isReadFromTheReplicatedBlocksSection() {
    String healthy = "FSCK started by root from /127.0.0.1 for path /w at Thu\n\nStatus: HEALTHY\n"
        + " Number of data-nodes:\t9\n Number of racks:\t\t3\n Total dirs:\t\t\t5\n Total symlinks:\t\t0\n\n"
        + "Replicated Blocks:\n"
        + " Total size:\t75497472 B\n Total files:\t10\n Total blocks (validated):\t75 (avg. block size 1006632 B)\n"
        + " Minimally replicated blocks:\t75 (100.0 %)\n Over-replicated blocks:\t0 (0.0 %)\n"
        + " Under-replicated blocks:\t2 (2.6666667 %)\n Mis-replicated blocks:\t\t1 (1.3333334 %)\n"
        + " Default replication factor:\t3\n Average block replication:\t2.97\n Missing blocks:\t\t0\n"
        + " Corrupt blocks:\t\t0\n Missing replicas:\t\t2 (0.9 %)\n\nErasure Coded Block Groups:\n"
        + " Total size:\t0 B\n Total files:\t0\n Total block groups (validated):\t0\n Under-erasure-coded block "
        + "groups:\t0 (0.0 %)\n Corrupt block groups:\t0\n\nThe filesystem under path '/w' is HEALTHY\n";
    assertEquals(new FsckHealth(true, 10, 75, 2, 1, 0, 0), FsckHealth.parse(healthy));
    String corrupt = "Status: CORRUPT\n Total files:\t2\n Total blocks (validated):\t4\n Corrupt blocks:\t\t1\n"
        + " Missing blocks:\t\t1\n\nThe filesystem under path '/w' is CORRUPT\n";
    FsckHealth bad = FsckHealth.parse(corrupt);
    assertFalse(bad.healthy());
    assertEquals(1, bad.corrupt());
    assertEquals(1, bad.missing());
    assertEquals(0, bad.underReplicated(), "a count fsck leaves out is 0");
  }

  private static WriteSample sample(WriteCell cell, WriteVariant variant, int rep, double time, double throughput,
      long mismatched, FsckHealth fsck, List<Map<String, Object>> links) {
    return sample(cell, variant, rep, time, throughput, mismatched, fsck, new ReplicaCheck(0, 0, 0), links);
  }

  private static WriteSample sample(WriteCell cell, WriteVariant variant, int rep, double time, double throughput,
      long mismatched, FsckHealth fsck, ReplicaCheck replicas, List<Map<String, Object>> links) {
    return new WriteSample(cell, variant, rep, 0, time, throughput, throughput * 1.1, mismatched, 0, 0, fsck,
        replicas, 9, 9, 9, 3L * 72 << 20, links);
  }

  @Test
  void aggregate_givesMeanSpreadAndPerRepetitionRatiosToPipeline_andSumsTheChecks() {
    List<WriteSample> samples = List.of(
        sample(RF3, WriteVariant.PIPELINE, 1, 10, 4, 0, HEALTHY, List.of()),
        sample(RF3, WriteVariant.PIPELINE, 2, 20, 2, 0, HEALTHY, List.of()),
        sample(RF3, WriteVariant.BROADCAST, 1, 9, 5, 3, HEALTHY, List.of()),
        sample(RF3, WriteVariant.BROADCAST, 2, 16, 3, 0, new FsckHealth(false, 9, 72, 4, 0, 1, 0),
            new ReplicaCheck(2, 5, 1), List.of()),
        sample(RF2, WriteVariant.BROADCAST, 1, 5, 8, 0, HEALTHY, List.of()));
    List<RunResult> runs = WriteAggregate.runs(samples, List.of(WriteVariant.PIPELINE, WriteVariant.BROADCAST),
        List.of(RF3, RF2));
    assertEquals(3, runs.size(), "no pipeline at RF 2: only broadcast's run there");
    RunResult pipeline = runs.get(0);
    assertTrue(pipeline.baseline());
    assertEquals("write-rf3-1m", pipeline.stage());
    assertEquals(15, pipeline.metric("write_time_s"), 1e-9);
    assertEquals(Math.sqrt(50), pipeline.metric("write_time_s_std"), 1e-9);
    assertEquals(1, pipeline.metric("write_time_ratio"), 1e-9);
    assertEquals(0, pipeline.metric("write_time_ratio_std"), 1e-9);
    RunResult broadcast = runs.get(1);
    assertEquals((0.9 + 0.8) / 2, broadcast.metric("write_time_ratio"), 1e-9, "ratios paired by repetition");
    assertEquals((1.25 + 1.5) / 2, broadcast.metric("write_throughput_ratio"), 1e-9);
    assertEquals(3, broadcast.metric("readback_mismatch_count"));
    assertEquals(1, broadcast.metric("fsck_healthy_count"));
    assertEquals(4, broadcast.metric("fsck_under_replicated_count"));
    assertEquals(1, broadcast.metric("fsck_corrupt_count"));
    assertEquals(2, broadcast.metric("blocks_short_after_write_count"));
    assertEquals(5, broadcast.metric("blocks_re_replicated_count"));
    assertEquals(1, broadcast.metric("blocks_replicas_differing_count"));
    assertEquals(0, pipeline.metric("blocks_re_replicated_count"));
    assertEquals(2, broadcast.repetitions());
    assertTrue(Double.isNaN(broadcast.metric("node_links_up_bytes")), "links unmeasured: NaN, null in JSON");
    assertTrue(Double.isNaN(runs.get(2).metric("write_time_ratio")), "no pipeline to compare with");
    assertEquals(2, ((List<?>) broadcast.detail().get("repetitions")).size());
    assertEquals(3, broadcast.detail().get("replication"));
  }

  @Test
  void writerCheck_failsAParallelVariantWhoseFilesFellBack_orAPipelineThatWroteInParallel() {
    WriterCheck.Counts before = new WriterCheck.Counts(10, 1);
    WriterCheck.requireWritten(before, new WriterCheck.Counts(21, 1), WriteVariant.BROADCAST, 9); // data + job files
    WriterCheck.requireWritten(before, new WriterCheck.Counts(10, 1), WriteVariant.PIPELINE, 9);
    IllegalStateException fellBack = assertThrows(IllegalStateException.class,
        () -> WriterCheck.requireWritten(before, new WriterCheck.Counts(19, 2), WriteVariant.MASTER_SLAVE, 9));
    assertTrue(fellBack.getMessage().contains("1 fall back"), fellBack.getMessage());
    assertThrows(IllegalStateException.class,
        () -> WriterCheck.requireWritten(before, new WriterCheck.Counts(15, 1), WriteVariant.BROADCAST, 9));
    assertThrows(IllegalStateException.class,
        () -> WriterCheck.requireWritten(before, new WriterCheck.Counts(11, 1), WriteVariant.PIPELINE, 9));
  }

  @Test
  void writerNodes_areMatchedSoThatASharedSecondReplicaHidesNoWriter() {
    assertEquals(3, WriteAggregate.distinctWriters(List.of(java.util.Set.of("a", "b"), java.util.Set.of("a"),
        java.util.Set.of("b", "c"))));
    assertEquals(1, WriteAggregate.distinctWriters(List.of(java.util.Set.of("a"), java.util.Set.of("a"),
        java.util.Set.of())), "two files written from one node, one without a common node");
  }

  @Test
  void linkUsage_isSummedByKind_andTheBusiestLinkFound() {
    List<Map<String, Object>> links = List.of(
        Map.of("link", "dn01", "kind", "node", "up_bytes", 100L, "down_bytes", 5L),
        Map.of("link", "dn02", "kind", "node", "up_bytes", 300L, "down_bytes", 7L),
        Map.of("link", "/r1", "kind", "rack_uplink", "up_bytes", 50L, "down_bytes", 80L),
        Map.of("link", "/r2", "kind", "rack_uplink", "up_bytes", 20L, "down_bytes", 10L),
        Map.of("link", "client-r1", "kind", "client", "up_bytes", 999L, "down_bytes", 999L));
    WriteSample s = sample(RF3, WriteVariant.PIPELINE, 1, 10, 4, 0, HEALTHY, links);
    assertEquals(400, s.nodeLinksUpBytes());
    assertEquals(300, s.maxNodeLinkUpBytes());
    assertEquals(160, s.rackUplinksBytes());
    assertEquals(80, s.maxRackUplinkBytes());
    RunResult run = WriteAggregate.run(RF3, WriteVariant.PIPELINE, List.of(s), List.of(s));
    assertEquals(400, run.metric("node_links_up_bytes"));
  }

  @Test
  void linkModel_broadcastAndMasterSlaveCrossRacksRfMinusOneTimes_thePipelineOnce() {
    double d = 100;
    assertEquals(200, WriteApproachesReport.modelNodeEgress(RF3, d));
    assertEquals(200, WriteApproachesReport.modelUplinks(WriteVariant.PIPELINE, RF3, d));
    assertEquals(400, WriteApproachesReport.modelUplinks(WriteVariant.BROADCAST, RF3, d));
    assertEquals(400, WriteApproachesReport.modelUplinks(WriteVariant.MASTER_SLAVE, RF3, d));
    assertEquals(200, WriteApproachesReport.modelUplinks(WriteVariant.MASTER_SLAVE, RF2, d));
    assertEquals("0.90× (−10 %)", WritePaperValues.timeRatio(WriteVariant.BROADCAST, RF3));
    assertEquals("up to 1.20× (Fig. 5(d))", WritePaperValues.throughputRatio(WriteVariant.BROADCAST, RF2));
  }
}
