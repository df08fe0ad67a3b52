/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

/**
 * A file the campaign wrote: enough to check it later without keeping its data ({@link Content} regenerates it).
 *
 * @param path where it is now
 * @param seed its content seed
 * @param length bytes written
 * @param target the replication its Pfimbi request asked for
 * @param blockBytes the block size it was written with
 */
record WrittenFile(String path, long seed, long length, int target, long blockBytes) {

  int blocks() {
    return (int) ((length + blockBytes - 1) / blockBytes);
  }

  WrittenFile movedTo(String newPath) {
    return new WrittenFile(newPath, seed, length, target, blockBytes);
  }
}
