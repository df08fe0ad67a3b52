/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import java.util.Arrays;
import java.util.List;

/** The faults of the campaign, in the order a run goes through them; each is one stage of {@code results.json}. */
public enum FaultStage {

  /** A DataNode with background copies queued or buffered, that is the only holder of no block, killed. */
  DATANODE_KILLED("datanode-killed",
      "a DataNode with pending background copies (and no block only it holds) killed"),
  /** A DataNode killed while its device is writing a background copy. */
  TARGET_KILLED_MID_COPY("target-killed-mid-copy",
      "a DataNode killed while it is writing a background copy to its disk"),
  /** A background target's disks fill: its background writes fail with "No space left on device". */
  DISK_FULL("disk-full",
      "the disks of a DataNode with pending background copies filled (writes fail, no space reported)"),
  /** The NameNode restarted while the coordinator tracks files in flight. */
  NAMENODE_RESTART("namenode-restart", "the NameNode restarted while background copies are pending"),
  /** Job-style commits: files and task directories renamed into the output, and one file out of the marked tree. */
  RENAME("rename", "files and a task directory renamed from _temporary into the output right after close, "
      + "one file renamed out of the marked tree");

  private final String id;
  private final String description;

  FaultStage(String id, String description) {
    this.id = id;
    this.description = description;
  }

  public String id() {
    return id;
  }

  public String description() {
    return description;
  }

  public static List<String> ids() {
    return Arrays.stream(values()).map(FaultStage::id).toList();
  }
}
