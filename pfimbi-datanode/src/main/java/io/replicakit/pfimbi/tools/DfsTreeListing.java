/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.tools;

import io.replicakit.pfimbi.client.MarkLookup;
import io.replicakit.pfimbi.coordinator.TreeListing;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The namespace as a client lists it, for the operator's check: a listing call per page and an attribute call per
 * entry. The NameNode's own sweep reads its in-memory namespace instead; a client pays one RPC per entry, which is
 * fine for a command run on demand over the directories it is given.
 */
final class DfsTreeListing implements TreeListing {

  private final DFSClient client;
  private final MarkLookup marks;

  DfsTreeListing(DFSClient client, MarkLookup marks) {
    this.client = client;
    this.marks = marks;
  }

  @Override
  public List<Entry> children(Dir dir, String startAfter, int limit) throws IOException {
    DirectoryListing listing = client.listPaths(dir.path(), DFSUtilClient.string2Bytes(startAfter));
    if (listing == null) {
      return List.of();
    }
    List<Entry> page = new ArrayList<>();
    for (HdfsFileStatus status : listing.getPartialListing()) {
      if (page.size() == limit) {
        break;
      }
      if (status.isSymlink()) {
        continue;
      }
      String name = status.getLocalName();
      Optional<String> text = marks.ownText(dir.child(name));
      page.add(new Entry(status.getFileId(), name, status.isDirectory(), status.getReplication(),
          status.isErasureCoded(), text));
    }
    return page;
  }
}
