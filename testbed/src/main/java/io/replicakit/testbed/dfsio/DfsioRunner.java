/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import io.replicakit.testbed.hdfs.HadoopInternals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.util.ToolRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs Hadoop's own TestDFSIO benchmark with MapReduce's local job runner, against whatever file system the
 * client configuration names: the embedded cluster (with the client placed where the experiment wants it) or a
 * real cluster's {@code fs.defaultFS}. Map tasks run in this JVM, so they inherit the client's placement.
 */
public final class DfsioRunner {

  private static final Logger LOG = LoggerFactory.getLogger(DfsioRunner.class);

  private final Configuration clientConf;
  private final Path workDir;

  /**
   * @param clientConf client configuration; {@code fs.defaultFS} names the cluster
   * @param workDir local directory for result files and the local job runner's scratch space
   */
  public DfsioRunner(Configuration clientConf, Path workDir) {
    this.clientConf = clientConf;
    this.workDir = workDir;
  }

  /**
   * Runs one TestDFSIO write or read job and returns its figures.
   *
   * @throws IOException when TestDFSIO fails or reports no result
   */
  public DfsioResult run(DfsioRequest request) throws IOException {
    if (request.op() == DfsioRequest.Op.CLEAN) {
      throw new IllegalArgumentException("CLEAN reports no figures: use clean()");
    }
    Path resultFile = execute(request);
    DfsioResult result = DfsioResult.parse(resultFile);
    LOG.info("TestDFSIO {}: {} files, {} MB, throughput {} MB/s, avg IO rate {} MB/s, exec {} s",
        request.op(), result.files(), result.totalMb(), result.throughputMbS(), result.averageIoRateMbS(),
        result.execTimeS());
    return result;
  }

  /** Deletes TestDFSIO's files under {@code baseDir} with its own {@code -clean}. */
  public void clean(String baseDir) throws IOException {
    execute(DfsioRequest.of(DfsioRequest.Op.CLEAN, 1, 1).withBaseDir(baseDir));
  }

  private Path execute(DfsioRequest request) throws IOException {
    Files.createDirectories(workDir);
    Path resultFile = Files.createTempFile(workDir,
        "dfsio-" + request.op().name().toLowerCase(java.util.Locale.ROOT) + "-", ".log");
    Configuration conf = jobConf(request);
    TestDFSIO dfsio = new TestDFSIO();
    int exit;
    try {
      exit = ToolRunner.run(conf, dfsio, request.arguments(resultFile.toString()).toArray(String[]::new));
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("TestDFSIO " + request.op() + " failed: " + e.getMessage(), e);
    } finally {
      HadoopInternals.shutDownDfsioPool(dfsio);
    }
    if (exit != 0) {
      throw new IOException("TestDFSIO " + request.op() + " exited with " + exit + " (arguments "
          + request.arguments(resultFile.toString()) + ")");
    }
    return resultFile;
  }

  private Configuration jobConf(DfsioRequest request) {
    Configuration conf = new Configuration(clientConf);
    conf.set("mapreduce.framework.name", "local");
    conf.set("test.build.data", request.baseDir());
    conf.setInt("dfs.replication", request.replication());
    conf.setInt("mapreduce.local.map.tasks.maximum", request.parallelMaps());
    conf.set("hadoop.tmp.dir", workDir.resolve("hadoop-tmp").toAbsolutePath().toString());
    return conf;
  }
}
