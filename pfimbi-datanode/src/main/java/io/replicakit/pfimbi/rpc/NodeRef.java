/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.util.Objects;

/**
 * A DataNode in a background pipeline, with the storage type its replica is on (a source) or goes to (a target):
 * what a Replication Manager needs to pull a block from it or to tell it a block is waiting.
 */
public record NodeRef(String datanodeUuid, String ipAddr, String hostName, int xferPort, int ipcPort, int infoPort,
    String storageType) {

  public NodeRef {
    Objects.requireNonNull(datanodeUuid, "datanodeUuid");
    Objects.requireNonNull(ipAddr, "ipAddr");
    Objects.requireNonNull(hostName, "hostName");
    Objects.requireNonNull(storageType, "storageType");
  }

  @Override
  public String toString() {
    return ipAddr + ":" + xferPort + "/" + storageType;
  }
}
