/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.DataNodeRefProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.fs.StorageType;

/**
 * Translates notices to and from their protobuf form. Decoding validates everything a receiver relies on, so a
 * malformed notice is refused with a reason instead of failing later inside a Replication Manager.
 */
public final class NoticeCodec {

  /**
   * Longest pipeline a notice may describe, in positions (the Pfimbi spec allows replication up to 32): a
   * notice's position plus its downstream count stays within it.
   */
  public static final int MAX_PIPELINE = 32;
  public static final int MAX_FLOW_LENGTH = 64;
  /**
   * Longest block pool ID, DataNode UUID, IP address and host name in a notice: a DNS name has at most 253
   * characters, an IPv6 address at most 45, HDFS's UUIDs 36, its block pool IDs about 50. Without a bound one notice
   * could approach the request limit (about 270 KB), and a full queue of them gigabytes of heap (until session 53).
   */
  static final int MAX_NODE_FIELD_LENGTH = 255;

  /** A decoded notice, or why it was refused. */
  public record Decoded(Optional<BlockAvailable> notice, String problem) {
    static Decoded ok(BlockAvailable notice) {
      return new Decoded(Optional.of(notice), "");
    }

    static Decoded refused(String problem) {
      return new Decoded(Optional.empty(), problem);
    }
  }

  private NoticeCodec() {}

  public static BlockAvailableProto toProto(BlockAvailable n) {
    BlockAvailableProto.Builder b = BlockAvailableProto.newBuilder()
        .setBlockPoolId(n.blockPoolId())
        .setBlockId(n.blockId())
        .setGenerationStamp(n.generationStamp())
        .setNumBytes(n.numBytes())
        .setSource(toProto(n.source()))
        .setFlow(n.flow())
        .setFlowWeight(n.flowWeight())
        .setPosition(n.position())
        .setStorageType(n.storageType());
    n.downstream().forEach(d -> b.addDownstream(toProto(d)));
    return b.build();
  }

  static DataNodeRefProto toProto(NodeRef r) {
    return DataNodeRefProto.newBuilder()
        .setDatanodeUuid(r.datanodeUuid())
        .setIpAddr(r.ipAddr())
        .setHostName(r.hostName())
        .setXferPort(r.xferPort())
        .setIpcPort(r.ipcPort())
        .setInfoPort(r.infoPort())
        .setStorageType(r.storageType())
        .build();
  }

  public static Decoded fromProto(BlockAvailableProto p) {
    String problem = problem(p);
    if (problem != null) {
      return Decoded.refused(problem);
    }
    List<NodeRef> downstream = new ArrayList<>();
    p.getDownstreamList().forEach(d -> downstream.add(fromProto(d)));
    return Decoded.ok(new BlockAvailable(p.getBlockPoolId(), p.getBlockId(), p.getGenerationStamp(),
        p.getNumBytes(), fromProto(p.getSource()), p.getFlow(), p.getFlowWeight(), p.getPosition(),
        canonicalType(p.getStorageType()), downstream));
  }

  private static NodeRef fromProto(DataNodeRefProto r) {
    return new NodeRef(r.getDatanodeUuid(), r.getIpAddr(), r.getHostName(), r.getXferPort(), r.getIpcPort(),
        r.getInfoPort(), canonicalType(r.getStorageType()));
  }

  private static String problem(BlockAvailableProto p) {
    if (p.getBlockPoolId().isBlank()) {
      return "empty block pool ID";
    }
    if (p.getBlockPoolId().length() > MAX_NODE_FIELD_LENGTH) {
      return "block pool ID longer than " + MAX_NODE_FIELD_LENGTH + " characters";
    }
    if (p.getNumBytes() < 0 || p.getGenerationStamp() < 0) {
      return "negative block length or generation stamp";
    }
    if (p.getFlow().isBlank() || p.getFlow().length() > MAX_FLOW_LENGTH) {
      return "flow name must have 1.." + MAX_FLOW_LENGTH + " characters";
    }
    if (!(p.getFlowWeight() > 0) || Double.isInfinite(p.getFlowWeight())) {
      return "flow weight must be a finite number > 0, was " + p.getFlowWeight();
    }
    // long: a uint32 position near 2^31 plus the downstream count must not wrap around into range
    if (p.getPosition() < 2 || (long) p.getPosition() + p.getDownstreamCount() > MAX_PIPELINE) {
      return "position " + p.getPosition() + " with " + p.getDownstreamCount() + " downstream nodes is outside 2.."
          + MAX_PIPELINE;
    }
    if (canonicalType(p.getStorageType()) == null) {
      return "unknown storage type " + p.getStorageType();
    }
    String source = refProblem(p.getSource());
    if (source != null) {
      return "source: " + source;
    }
    for (DataNodeRefProto d : p.getDownstreamList()) {
      String bad = refProblem(d);
      if (bad != null) {
        return "downstream: " + bad;
      }
    }
    return null;
  }

  private static String refProblem(DataNodeRefProto r) {
    if (r.getDatanodeUuid().isBlank() || r.getIpAddr().isBlank()) {
      return "missing DataNode UUID or IP address";
    }
    if (r.getDatanodeUuid().length() > MAX_NODE_FIELD_LENGTH || r.getIpAddr().length() > MAX_NODE_FIELD_LENGTH
        || r.getHostName().length() > MAX_NODE_FIELD_LENGTH) {
      return "DataNode UUID, IP address or host name longer than " + MAX_NODE_FIELD_LENGTH + " characters";
    }
    if (r.getXferPort() < 1 || r.getXferPort() > 65535) {
      return "transfer port " + r.getXferPort() + " outside 1..65535";
    }
    if (canonicalType(r.getStorageType()) == null) {
      return "unknown storage type " + r.getStorageType();
    }
    return null;
  }

  /** The HDFS storage type's name, or null when {@code name} is none. */
  static String canonicalType(String name) {
    try {
      return StorageType.valueOf(name.trim().toUpperCase(Locale.ROOT)).name();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
