/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads written files back and counts the bytes that differ from what was written: a byte read that differs, a byte
 * expected past the file's end (short file), a byte past the expected length (long file), and every byte from where a
 * read failed (a checksum error on every replica, a missing block) to the expected end. The file system given is the
 * checker's: HDFS's own client, verifying checksums.
 */
final class Readback {

  private static final int BUFFER = 1 << 20;

  /**
   * One file's check.
   *
   * @param readBytes bytes read before the end or a failure
   * @param mismatchedBytes bytes that differ, are missing or are extra
   * @param checksumError whether a read failed with a checksum error
   * @param error the failure, or empty
   */
  record FileCheck(Path file, long expectedBytes, long readBytes, long mismatchedBytes, boolean checksumError,
      String error) {}

  /** All files of one check. */
  record Summary(List<FileCheck> files) {

    Summary {
      files = List.copyOf(files);
    }

    long mismatchedBytes() {
      return files.stream().mapToLong(FileCheck::mismatchedBytes).sum();
    }

    long readBytes() {
      return files.stream().mapToLong(FileCheck::readBytes).sum();
    }

    int checksumErrors() {
      return (int) files.stream().filter(FileCheck::checksumError).count();
    }

    /** The files with a difference or a failure. */
    List<FileCheck> problems() {
      return files.stream().filter(f -> f.mismatchedBytes() > 0 || !f.error().isEmpty()).toList();
    }
  }

  private Readback() {}

  /** Checks {@code files}, each expected to hold {@code expectedBytes} of {@code content}, {@code threads} at once. */
  static Summary check(FileSystem fs, List<Path> files, long expectedBytes, WrittenContent content, int threads)
      throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, files.size())));
    try {
      List<Future<FileCheck>> checks = new ArrayList<>();
      for (Path file : files) {
        checks.add(pool.submit(() -> check(fs, file, expectedBytes, content)));
      }
      List<FileCheck> done = new ArrayList<>();
      for (Future<FileCheck> c : checks) {
        done.add(c.get());
      }
      return new Summary(done);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading back", e);
    } catch (ExecutionException e) {
      throw new IOException("read-back failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** One file; a file that is missing or fails to read is counted, not thrown. */
  static FileCheck check(FileSystem fs, Path file, long expectedBytes, WrittenContent content) {
    long offset = 0;
    long differing = 0;
    byte[] buffer = new byte[BUFFER];
    try (InputStream in = fs.open(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        int compared = (int) Math.max(0, Math.min(n, expectedBytes - offset));
        differing += content.mismatches(buffer, compared, offset) + (n - compared);
        offset += n;
      }
      return new FileCheck(file, expectedBytes, offset, differing + Math.max(0, expectedBytes - offset), false, "");
    } catch (FileNotFoundException e) {
      return new FileCheck(file, expectedBytes, 0, expectedBytes, false, "missing");
    } catch (IOException e) {
      boolean checksum = e instanceof ChecksumException || e.getCause() instanceof ChecksumException
          || String.valueOf(e.getMessage()).contains("Checksum");
      return new FileCheck(file, expectedBytes, offset, differing + Math.max(0, expectedBytes - offset), checksum,
          e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
