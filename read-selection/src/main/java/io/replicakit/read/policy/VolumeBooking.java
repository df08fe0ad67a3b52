/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

/**
 * How DRR by volume ({@link DrrBalance#VOLUME}, {@link EarliestFinish}) places a block's read in time.
 *
 * @param blockBytes the nominal size of a block read, for each volume's read times (the policy does not see blocks'
 *     lengths)
 * @param sequentialListings whether a listing's blocks are released one after another ({@link Listing}) rather than
 *     all when listed
 * @param readerLinks whether a read from another node is also booked on the link of the DataNode its reader runs on
 *     ({@link EarliestFinish#pick})
 */
public record VolumeBooking(long blockBytes, boolean sequentialListings, boolean readerLinks) {

  public VolumeBooking {
    if (blockBytes <= 0) {
      throw new IllegalArgumentException("blockBytes must be positive: " + blockBytes);
    }
  }
}
