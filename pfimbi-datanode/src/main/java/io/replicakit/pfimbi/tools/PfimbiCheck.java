/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.tools;

import io.replicakit.pfimbi.client.MarkLookup;
import io.replicakit.pfimbi.coordinator.MarkedTreeSweep;
import io.replicakit.pfimbi.coordinator.MarkedTreeSweep.Found;
import io.replicakit.pfimbi.coordinator.TreeListing.Dir;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.util.Tool;

/**
 * Lists the files whose Pfimbi request asks for more replicas than they have, and with {@code -repair} raises
 * each to its target so that HDFS re-replicates it: the operator's check that nothing stays below its target
 * (run as {@code bin/replicakit pfimbi-check} or through {@code ToolRunner}, so {@code -D}, {@code -conf} and
 * {@code -fs} work). A file being written or replicated right now is listed too; raising it early is safe (its
 * missing copies come from HDFS instead of the background).
 *
 * <p>Exit code 0 when nothing is below target (or everything found was repaired), 1 when something is, 2 for a
 * usage error.
 */
public final class PfimbiCheck extends Configured implements Tool {

  private static final int PAGE = 1_000;

  private final PrintStream out;

  public PfimbiCheck(PrintStream out) {
    this.out = out;
  }

  public PfimbiCheck() {
    this(new PrintStream(System.out, true, StandardCharsets.UTF_8));
  }

  @Override
  public int run(String[] args) throws IOException {
    boolean repair = false;
    List<String> roots = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("-repair")) {
        repair = true;
      } else if (arg.startsWith("-")) {
        out.println("Usage: pfimbi-check [-repair] [PATH ...]   (unknown option " + arg + ")");
        return 2;
      } else {
        roots.add(arg);
      }
    }
    if (roots.isEmpty()) {
      roots.add("/");
    }
    try (FileSystem fs = FileSystem.newInstance(FileSystem.getDefaultUri(getConf()), getConf())) {
      if (!(fs instanceof DistributedFileSystem dfs)) {
        out.println("pfimbi-check needs an HDFS file system, got " + fs.getUri());
        return 2;
      }
      return check(dfs.getClient(), dfs.getUri(), roots, repair);
    }
  }

  private int check(DFSClient client, URI uri, List<String> roots, boolean repair) throws IOException {
    MarkLookup marks = new MarkLookup(client);
    MarkedTreeSweep sweep = new MarkedTreeSweep(new DfsTreeListing(client, marks));
    List<MarkedTreeSweep.Root> starts = new ArrayList<>();
    for (String root : roots) {
      HdfsFileStatus status = client.getFileInfo(root);
      if (status == null) {
        out.println("no such path: " + root);
        return 2;
      }
      starts.add(new MarkedTreeSweep.Root(new Dir(status.getFileId(), root), marks.nearest(root)));
    }
    sweep.begin(starts);
    List<Found> below = new ArrayList<>();
    while (!sweep.done()) {
      below.addAll(sweep.step(PAGE));
    }
    out.printf("%-60s %11s %6s %9s%n", "path", "replication", "target", "action");
    int left = 0;
    for (Found f : below) {
      String action = repair ? repair(client, f) : "-";
      left += action.equals("raised") ? 0 : 1;
      out.printf("%-60s %11d %6d %9s%n", f.path(), f.replication(), f.spec().replication(), action);
    }
    out.printf("%d file(s) below their Pfimbi target under %s on %s (%d entries looked at)%s%n", below.size(),
        roots, uri, sweep.entriesSeen(), sweep.badSpecs() > 0 ? "; " + sweep.badSpecs() + " malformed mark(s)" : "");
    return left == 0 ? 0 : 1;
  }

  /** Raises the file to its target; HDFS re-replicates what is missing. */
  private static String repair(DFSClient client, Found f) {
    try {
      return client.setReplication(f.path(), (short) f.spec().replication()) ? "raised" : "gone";
    } catch (IOException e) {
      return "failed: " + e.getMessage();
    }
  }
}
