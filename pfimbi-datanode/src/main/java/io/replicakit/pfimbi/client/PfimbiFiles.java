/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.client;

import io.replicakit.pfimbi.config.PfimbiConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;

/**
 * How a job asks for Pfimbi(n, s): a {@link PfimbiSpec} in the {@value PfimbiConfig#XATTR} extended attribute of
 * the file or of its nearest marked ancestor directory, and the file written with replication {@code s}. Nothing
 * else changes for the writer: the NameNode starts the background copies and raises the file to {@code n} once
 * they landed. Files without the attribute, or written with replication {@code n} or more, are plain HDFS files.
 *
 * <p>For jobs that create files themselves (TestDFSIO, MapReduce output): {@link #mark} their output directory
 * and run them with {@code dfs.replication = s}.
 */
public final class PfimbiFiles {

  private PfimbiFiles() {}

  /**
   * Marks {@code dir}: files created anywhere below it with replication {@code s} get {@code n - s} background
   * copies (a mark nearer to a file wins).
   */
  public static void mark(FileSystem fs, Path dir, PfimbiSpec spec) throws IOException {
    fs.setXAttr(dir, PfimbiConfig.XATTR, spec.encode().getBytes(StandardCharsets.UTF_8),
        EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
  }

  /** Removes the mark; files already written keep the copies they have. */
  public static void unmark(FileSystem fs, Path dir) throws IOException {
    fs.removeXAttr(dir, PfimbiConfig.XATTR);
  }

  /** The spec on {@code path} itself, if any (a malformed one raises {@link InvalidPfimbiSpecException}). */
  public static Optional<PfimbiSpec> specOf(FileSystem fs, Path path) throws IOException {
    byte[] value = fs.getXAttrs(path).get(PfimbiConfig.XATTR);
    return value == null ? Optional.empty() : Optional.of(PfimbiSpec.parse(new String(value, StandardCharsets.UTF_8)));
  }

  /**
   * Creates (overwrites) {@code file} with replication {@code s} and the spec on the file itself, before any block
   * is written, so the NameNode sees the request when the first block is allocated.
   */
  public static FSDataOutputStream create(FileSystem fs, Path file, PfimbiSpec spec) throws IOException {
    FSDataOutputStream out = fs.create(file, true, fs.getConf().getInt("io.file.buffer.size", 4096),
        (short) spec.synchronous(), fs.getDefaultBlockSize(file));
    try {
      fs.setXAttr(file, PfimbiConfig.XATTR, spec.encode().getBytes(StandardCharsets.UTF_8),
          EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
    } catch (IOException e) {
      out.close();
      throw e;
    }
    return out;
  }
}
