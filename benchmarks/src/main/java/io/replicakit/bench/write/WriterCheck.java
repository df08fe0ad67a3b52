/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.testbed.cluster.ClusterMode;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Whether a variant's files were written by the writer it names, told by the counters of
 * {@link WriteVariant#FILE_SYSTEM_CLASS} in this JVM: files opened with a parallel writer, and files or file systems
 * that fell back to HDFS's pipeline (a Hadoop whose internals do not fit the writers, a fault while creating a
 * file).
 *
 * <p>Why: a fallback writes the file correctly, with HDFS's pipeline, and is only logged; without this check a
 * "broadcast" run whose writers all fell back reads as broadcast at par with the pipeline, which is what the
 * published runs show, so the two could not be told apart. Only the embedded mode runs TestDFSIO's maps in this JVM;
 * with {@code --processes} they run in YARN's containers and the check is not made (the rack uplinks' bytes, twice
 * the pipeline's for the parallel approaches at RF 3, show which approach ran there).
 */
final class WriterCheck {

  /** The two counters at one moment. */
  record Counts(long parallelFiles, long fallbacks) {}

  private final Method parallelFiles;
  private final Method fallbacks;

  private WriterCheck(Class<?> fileSystem) throws NoSuchMethodException {
    this.parallelFiles = fileSystem.getMethod("parallelFiles");
    this.fallbacks = fileSystem.getMethod("fallbacks");
  }

  /** The check for a run in {@code mode}; empty where this JVM does not run the writers. */
  static Optional<WriterCheck> of(ClusterMode mode, WriterClasses classes) {
    if (mode == ClusterMode.PROCESSES || !classes.fileSystem()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new WriterCheck(Class.forName(WriteVariant.FILE_SYSTEM_CLASS)));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(WriteVariant.FILE_SYSTEM_CLASS + " has no writer counters: " + e, e);
    }
  }

  Counts now() {
    try {
      return new Counts((Long) parallelFiles.invoke(null), (Long) fallbacks.invoke(null));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read the writers' counters: " + e, e);
    }
  }

  /**
   * Fails unless, since {@code before}, none of this JVM's files fell back to HDFS's pipeline and a parallel variant
   * opened at least its {@code files} data files in parallel (the pipeline none). The job's own files (TestDFSIO's
   * control files, MapReduce's staging files on HDFS) go through the same client, so a parallel variant opens more
   * than {@code files}; with no fallback, every file its clients created was written in parallel.
   */
  void require(Counts before, WriteVariant variant, int files) {
    requireWritten(before, now(), variant, files);
  }

  static void requireWritten(Counts before, Counts after, WriteVariant variant, int files) {
    long parallel = after.parallelFiles() - before.parallelFiles();
    long fellBack = after.fallbacks() - before.fallbacks();
    boolean asNamed = variant.baseline() ? parallel == 0 : parallel >= files;
    if (!asNamed || fellBack != 0) {
      throw new IllegalStateException(variant.id() + "'s write of " + files + " files opened " + parallel
          + " files with a parallel writer and had " + fellBack + " fall back to HDFS's pipeline: its samples would "
          + "not be " + variant.id() + "'s (see the log of " + WriteVariant.FILE_SYSTEM_CLASS + ")");
    }
  }
}
