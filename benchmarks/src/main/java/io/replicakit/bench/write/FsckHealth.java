/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.tools.DFSck;
import org.apache.hadoop.util.ToolRunner;

/**
 * What {@code hdfs fsck PATH} says about a directory: its status and its replicated blocks' counts (the first
 * section of fsck's summary, "Replicated Blocks"; erasure-coded block groups are not written here).
 *
 * @param healthy whether fsck ended with {@code is HEALTHY}
 * @param files files checked
 * @param blocks blocks validated
 * @param underReplicated blocks with fewer live replicas than their file's replication
 * @param misReplicated blocks placed against the placement policy (racks)
 * @param corrupt corrupt blocks
 * @param missing blocks without any replica
 */
public record FsckHealth(boolean healthy, long files, long blocks, long underReplicated, long misReplicated,
    long corrupt, long missing) {

  /** Runs HDFS's fsck (the {@code hdfs fsck} tool, through the NameNode's web server) on {@code path}. */
  static FsckHealth run(Configuration conf, String path) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      int exit = ToolRunner.run(new DFSck(conf, out), new String[] {path});
      String text = bytes.toString(StandardCharsets.UTF_8);
      if (!text.contains("Status:")) {
        throw new IOException("fsck " + path + " exited with " + exit + " and no summary: " + text);
      }
      return parse(text);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("fsck " + path + " failed: " + e.getMessage(), e);
    }
  }

  /** Reads fsck's summary; a count fsck did not print is 0 (it leaves out what a path has none of). */
  static FsckHealth parse(String text) {
    boolean healthy = text.contains("is HEALTHY") || first(text, "Status:\\s*(\\w+)").equals("HEALTHY");
    return new FsckHealth(healthy, count(text, "Total files"), count(text, "Total blocks \\(validated\\)"),
        count(text, "Under-replicated blocks"), count(text, "Mis-replicated blocks"), count(text, "Corrupt blocks"),
        count(text, "Missing blocks"));
  }

  private static long count(String text, String label) {
    OptionalLong n = number(text, "(?m)^\\s*" + label + ":\\s*(\\d+)");
    return n.orElse(0);
  }

  private static OptionalLong number(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  private static String first(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    return m.find() ? m.group(1) : "";
  }
}
