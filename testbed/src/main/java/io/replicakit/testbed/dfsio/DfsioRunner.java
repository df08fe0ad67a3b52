/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import io.replicakit.testbed.hdfs.HadoopInternals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.util.ToolRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs Hadoop's own TestDFSIO benchmark and reads its figures. By default with MapReduce's local job runner in
 * this JVM, against whatever file system the client configuration names: the embedded cluster (with the client
 * placed where the experiment wants it) or a real cluster's {@code fs.defaultFS}; map tasks then run in this JVM
 * and inherit the client's placement. A {@link Job} runs it elsewhere: a multi-process cluster with YARN starts
 * TestDFSIO's own {@code main} in a client JVM, whose maps run on the NodeManagers.
 */
public final class DfsioRunner {

  private static final Logger LOG = LoggerFactory.getLogger(DfsioRunner.class);

  /** One TestDFSIO invocation, wherever it runs. */
  @FunctionalInterface
  public interface Job {

    /**
     * Runs TestDFSIO with {@code request}'s arguments and {@code settings} added to its configuration, its
     * summary going to {@code resultFile}, and returns its exit code.
     */
    int run(DfsioRequest request, Map<String, String> settings, Path resultFile) throws IOException;
  }

  private final Job job;
  private final Path workDir;
  private final Map<String, String> extraSettings;

  /**
   * @param clientConf client configuration; {@code fs.defaultFS} names the cluster
   * @param workDir local directory for result files and the local job runner's scratch space
   */
  public DfsioRunner(Configuration clientConf, Path workDir) {
    this(inThisJvm(clientConf), workDir);
  }

  /**
   * @param job where TestDFSIO runs
   * @param workDir local directory for result files and the local job runner's scratch space
   */
  public DfsioRunner(Job job, Path workDir) {
    this(job, workDir, Map.of());
  }

  private DfsioRunner(Job job, Path workDir, Map<String, String> extraSettings) {
    this.job = job;
    this.workDir = workDir;
    this.extraSettings = Collections.unmodifiableMap(new LinkedHashMap<>(extraSettings));
  }

  /**
   * This runner with {@code settings} added to every job's configuration after the runner's own (a client file
   * system class and its keys, say): in this JVM's job, or as {@code -D} options of a TestDFSIO JVM, so YARN's maps
   * get them too.
   */
  public DfsioRunner withSettings(Map<String, String> settings) {
    Map<String, String> merged = new LinkedHashMap<>(extraSettings);
    merged.putAll(settings);
    return new DfsioRunner(job, workDir, merged);
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
    int exit = job.run(request, jobSettings(request), resultFile);
    if (exit != 0) {
      throw new IOException("TestDFSIO " + request.op() + " exited with " + exit + " (arguments "
          + request.arguments(resultFile.toString()) + ")");
    }
    return resultFile;
  }

  /**
   * The configuration a request adds to its client's: data directory, replication, local parallelism, scratch, then
   * the runner's own extra settings ({@link #withSettings}).
   */
  private Map<String, String> jobSettings(DfsioRequest request) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("test.build.data", request.baseDir());
    settings.put("dfs.replication", Short.toString(request.replication()));
    settings.put("mapreduce.local.map.tasks.maximum", Integer.toString(request.parallelMaps()));
    settings.put("hadoop.tmp.dir", workDir.resolve("hadoop-tmp").toAbsolutePath().toString());
    settings.putAll(extraSettings);
    return settings;
  }

  /** TestDFSIO through {@link ToolRunner} in this JVM, with the local job runner. */
  private static Job inThisJvm(Configuration clientConf) {
    return (request, settings, resultFile) -> {
      Configuration conf = new Configuration(clientConf);
      conf.set("mapreduce.framework.name", "local");
      settings.forEach(conf::set);
      TestDFSIO dfsio = new TestDFSIO();
      try {
        return ToolRunner.run(conf, dfsio, request.arguments(resultFile.toString()).toArray(String[]::new));
      } catch (IOException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException("TestDFSIO " + request.op() + " failed: " + e.getMessage(), e);
      } finally {
        HadoopInternals.shutDownDfsioPool(dfsio);
      }
    };
  }
}
