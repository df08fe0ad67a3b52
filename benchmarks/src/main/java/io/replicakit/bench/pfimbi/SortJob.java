/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.io.IOException;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * The Sort job of thesis §5.1-5.2 (Figs. 5.5, 5.6): what Hadoop's {@code examples.Sort} runs on
 * {@code examples.RandomWriter}'s output, an identity map and reduce over SequenceFiles of random
 * {@link BytesWritable} records, the framework doing the sorting. Hadoop's examples jar is not among the artifacts
 * this build can fetch, so the job is set up here with the same formats and record sizes. Its output is written
 * to the DFS with the client's replication; map spills and the shuffle stay in the local job runner's directories.
 */
final class SortJob {

  /** RandomWriter's record sizes: keys of 10-1,000 bytes, values of 0-20,000 ({@code mapreduce.randomwriter.*}). */
  static final int MIN_KEY = 10;
  static final int MAX_KEY = 1_000;
  static final int MAX_VALUE = 20_000;

  /**
   * How often the client asks whether the job is done. {@code Job.waitForCompletion} sleeps 5 s between asks by
   * default, which rounded every runtime up to the next 5 s (runs at {@code ad024db}: 5.2, 10.2, 15.2, 20.2 s).
   */
  static final int COMPLETION_POLL_MS = 50;

  /** Sort buffer per map task: a 16 MiB split sorts in one spill. */
  static final int SORT_MB = 32;

  private SortJob() {}

  /**
   * Writes {@code files} SequenceFiles of about {@code bytesPerFile} random records each under {@code dir}, with
   * replication 1 (the job's input; not what the experiment measures).
   */
  static void writeInput(FileSystem fs, Path dir, int files, long bytesPerFile, long seed) throws IOException {
    Random random = new Random(seed);
    for (int i = 0; i < files; i++) {
      Path file = new Path(dir, String.format(java.util.Locale.ROOT, "part-%05d", i));
      try (SequenceFile.Writer writer = SequenceFile.createWriter(fs.getConf(), SequenceFile.Writer.file(
          fs.makeQualified(file)), SequenceFile.Writer.keyClass(BytesWritable.class),
          SequenceFile.Writer.valueClass(BytesWritable.class), SequenceFile.Writer.replication((short) 1),
          SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE))) {
        long written = 0;
        while (written < bytesPerFile) {
          BytesWritable key = randomBytes(random, MIN_KEY + random.nextInt(MAX_KEY - MIN_KEY + 1));
          BytesWritable value = randomBytes(random, random.nextInt(MAX_VALUE + 1));
          writer.append(key, value);
          written += key.getLength() + value.getLength();
        }
      }
    }
  }

  private static BytesWritable randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return new BytesWritable(bytes);
  }

  /**
   * Sorts {@code input} into {@code output} with {@code reduces} reduce tasks, one map per input file, every map and
   * reduce at once in the local job runner; returns whether the job succeeded.
   *
   * @param conf the client's configuration: its {@code dfs.replication} is the output's
   */
  static boolean run(Configuration conf, Path input, Path output, int reduces, java.nio.file.Path localDir)
      throws IOException, InterruptedException, ClassNotFoundException {
    Configuration jobConf = new Configuration(conf);
    jobConf.setInt("mapreduce.local.map.tasks.maximum", reduces);
    jobConf.setInt("mapreduce.local.reduce.tasks.maximum", reduces);
    jobConf.setInt("mapreduce.task.io.sort.mb", SORT_MB);
    jobConf.setLong(FileInputFormat.SPLIT_MINSIZE, Long.MAX_VALUE);
    jobConf.set("mapreduce.cluster.local.dir", localDir.toString());
    jobConf.setInt("mapreduce.fileoutputcommitter.algorithm.version", 2);
    jobConf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, COMPLETION_POLL_MS);
    Job job = Job.getInstance(jobConf, "replicakit-sort");
    job.setJarByClass(SortJob.class);
    job.setMapperClass(Mapper.class);
    job.setReducerClass(Reducer.class);
    job.setNumReduceTasks(reduces);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(BytesWritable.class);
    job.setOutputValueClass(BytesWritable.class);
    FileInputFormat.setInputPaths(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job.waitForCompletion(false);
  }
}
