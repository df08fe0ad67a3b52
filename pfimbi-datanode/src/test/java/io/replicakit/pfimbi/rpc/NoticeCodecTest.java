/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.DataNodeRefProto;
import io.replicakit.pfimbi.sched.BlockNotice;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.apache.hadoop.thirdparty.protobuf.InvalidProtocolBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NoticeCodecTest {

  private static final NodeRef SOURCE = new NodeRef("uuid-1", "10.0.0.1", "host1", 9866, 9867, 9864, "DISK");
  private static final NodeRef B = new NodeRef("uuid-2", "10.0.0.2", "host2", 9866, 9867, 9864, "SSD");
  private static final NodeRef C = new NodeRef("uuid-3", "10.0.0.3", "host3", 1, 65535, 0, "ARCHIVE");
  private static final BlockAvailable NOTICE = new BlockAvailable("BP-1-10.0.0.1-1700000000000", 1_073_741_825L,
      1001, 134_217_728, SOURCE, "job-1", 2.5, 2, "RAM_DISK", List.of(B, C));

  // ---------------------------------------------------------------------------------------------- round trip

  @Test
  void roundTrip_givesAnEqualNotice() {
    NoticeCodec.Decoded decoded = NoticeCodec.fromProto(NoticeCodec.toProto(NOTICE));

    assertEquals("", decoded.problem());
    assertEquals(NOTICE, decoded.notice().orElseThrow());
  }

  @Test
  void roundTrip_survivesTheWire() throws Exception {
    byte[] wire = NoticeCodec.toProto(NOTICE).toByteArray();

    assertEquals(NOTICE, NoticeCodec.fromProto(BlockAvailableProto.parseFrom(wire)).notice().orElseThrow());
  }

  @Test
  void roundTrip_ofTheLastHop_withoutDownstream() {
    BlockAvailable last = new BlockAvailable("BP-1", -5, 0, 0, SOURCE, "f", Double.MIN_VALUE, 32, "DISK", List.of());

    assertEquals(last, NoticeCodec.fromProto(NoticeCodec.toProto(last)).notice().orElseThrow());
  }

  @Test
  void storageTypes_areAcceptedInAnyCase_andDecodedToHdfsNames() {
    BlockAvailableProto p = valid(b -> b.setStorageType(" ssd ")
        .setSource(NoticeCodec.toProto(SOURCE).toBuilder().setStorageType("Disk")));

    BlockAvailable n = NoticeCodec.fromProto(p).notice().orElseThrow();

    assertEquals("SSD", n.storageType());
    assertEquals("DISK", n.source().storageType());
  }

  // ---------------------------------------------------------------------------------------------- refusals

  @ParameterizedTest
  @ValueSource(ints = {-1, 0, 1})
  void positionBelowTwo_isRefused(int position) {
    assertRefused(valid(b -> b.setPosition(position)), "position");
  }

  @Test
  void positionAsLargeUnsigned_isRefused() {
    assertRefused(valid(b -> b.setPosition(Integer.MAX_VALUE)), "position");
    assertRefused(valid(b -> b.setPosition(0x8000_0000)), "position"); // uint32 2^31 reads as negative
  }

  @Test
  void positionNearIntMax_withDownstreamNodes_doesNotWrapIntoRange() {
    assertRefused(valid(b -> b.setPosition(Integer.MAX_VALUE)), "position"); // two downstream nodes
    assertRefused(valid(b -> b.setPosition(Integer.MAX_VALUE - 1).clearDownstream()
        .addDownstream(NoticeCodec.toProto(B)).addDownstream(NoticeCodec.toProto(B))
        .addDownstream(NoticeCodec.toProto(B))), "position");
  }

  @Test
  void pipelineLongerThan32_isRefused_namingDownstream() {
    BlockAvailableProto.Builder b = NoticeCodec.toProto(NOTICE).toBuilder().clearDownstream();
    for (int i = 0; i < 30; i++) {
      b.addDownstream(NoticeCodec.toProto(B));
    }
    assertTrue(NoticeCodec.fromProto(b.build()).notice().isPresent(), "position 2 + 30 more = 32 copies");

    b.addDownstream(NoticeCodec.toProto(B));
    assertRefused(b.build(), "downstream");
    assertRefused(b.clearDownstream().setPosition(33).build(), "position");
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, -0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
  void weightNotFiniteAndPositive_isRefused(double weight) {
    assertRefused(valid(b -> b.setFlowWeight(weight)), "weight");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "FLASH", "disk2", "D I S K", "null"})
  void unknownStorageType_isRefused(String type) {
    assertRefused(valid(b -> b.setStorageType(type)), "storage type");
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setStorageType(type))),
        "storage type");
    assertRefused(valid(b -> b.setDownstream(1, NoticeCodec.toProto(C).toBuilder().setStorageType(type))),
        "storage type");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t\n"})
  void blankFlow_isRefused(String flow) {
    assertRefused(valid(b -> b.setFlow(flow)), "flow");
  }

  @Test
  void tooLongFlow_isRefused() {
    assertTrue(NoticeCodec.fromProto(valid(b -> b.setFlow("f".repeat(64)))).notice().isPresent());
    assertRefused(valid(b -> b.setFlow("f".repeat(65))), "flow");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE})
  void badTransferPort_isRefused_inSourceAndDownstream(int port) {
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setXferPort(port))),
        "source: transfer port");
    assertRefused(valid(b -> b.setDownstream(0, NoticeCodec.toProto(B).toBuilder().setXferPort(port))),
        "downstream: transfer port");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\u2003"})
  void blankDataNodeUuid_isRefused(String uuid) {
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setDatanodeUuid(uuid))),
        "source: missing DataNode UUID");
    assertRefused(valid(b -> b.setDownstream(1, NoticeCodec.toProto(C).toBuilder().setDatanodeUuid(uuid))),
        "downstream: missing DataNode UUID");
  }

  @Test
  void blankIpAddress_isRefused() {
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setIpAddr(""))), "IP address");
  }

  /** A notice's node fields are bounded, so that a full queue of notices stays small. */
  @Test
  void hugeHostNameUuidOrBlockPool_isRefused() {
    String huge = "h".repeat(200_000);
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setHostName(huge))), "host name");
    assertRefused(valid(b -> b.setSource(NoticeCodec.toProto(SOURCE).toBuilder().setDatanodeUuid(huge))), "UUID");
    assertRefused(valid(b -> b.setBlockPoolId(huge)), "block pool");
  }

  @Test
  void blankBlockPool_isRefused() {
    assertRefused(valid(b -> b.setBlockPoolId(" ")), "block pool");
  }

  @Test
  void lengthOrGenerationStampAbove2To63_isRefused() {
    assertRefused(valid(b -> b.setNumBytes(-1)), "block length");
    assertRefused(valid(b -> b.setGenerationStamp(Long.MIN_VALUE)), "generation stamp");
  }

  @Test
  void missingRequiredFields_areRefused_notThrown() {
    assertRefused(BlockAvailableProto.newBuilder().buildPartial(), "block pool");
    assertRefused(NoticeCodec.toProto(NOTICE).toBuilder().clearSource().buildPartial(), "source");
  }

  // ---------------------------------------------------------------------------------------------- garbage

  @Test
  void tenThousandRandomProtos_neverThrow_andWhatDecodesIsUsable() {
    Random random = new Random(20261122);
    int decoded = 0;
    for (int i = 0; i < 10_000; i++) {
      BlockAvailableProto p = randomProto(random);
      NoticeCodec.Decoded d = assertDoesNotThrow(() -> NoticeCodec.fromProto(p), p::toString);
      if (d.notice().isPresent()) {
        decoded++;
        assertEquals("", d.problem());
        assertUsable(d.notice().get());
      } else {
        assertFalse(d.problem().isBlank(), p::toString);
      }
    }
    assertTrue(decoded > 100, "the generator also makes valid notices: " + decoded);
    assertTrue(decoded < 9_900, "and invalid ones: " + decoded);
  }

  @Test
  void corruptedWireBytes_eitherFailToParse_orDecodeOrAreRefused() {
    Random random = new Random(7);
    byte[] good = NoticeCodec.toProto(NOTICE).toByteArray();
    for (int i = 0; i < 5_000; i++) {
      byte[] bad = good.clone();
      for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
        bad[random.nextInt(bad.length)] ^= (byte) (1 << random.nextInt(8));
      }
      BlockAvailableProto p;
      try {
        p = BlockAvailableProto.parser().parsePartialFrom(bad);
      } catch (InvalidProtocolBufferException e) {
        continue; // Hadoop IPC refuses this before it reaches the codec
      }
      NoticeCodec.Decoded d = assertDoesNotThrow(() -> NoticeCodec.fromProto(p));
      d.notice().ifPresent(NoticeCodecTest::assertUsable);
    }
  }

  // ---------------------------------------------------------------------------------------------- forwarding

  @Test
  void forwardedFrom_nextPosition_nextStorageType_shorterDownstream_selfAsSource() {
    BlockAvailable second = NOTICE.forwardedFrom(B);

    assertEquals(3, second.position());
    assertEquals("SSD", second.storageType(), "the next node's storage type");
    assertEquals(List.of(C), second.downstream());
    assertEquals(B, second.source());
    assertEquals(NOTICE.blockPoolId(), second.blockPoolId());
    assertEquals(NOTICE.blockId(), second.blockId());
    assertEquals(NOTICE.generationStamp(), second.generationStamp());
    assertEquals(NOTICE.numBytes(), second.numBytes());
    assertEquals(NOTICE.flow(), second.flow());
    assertEquals(NOTICE.flowWeight(), second.flowWeight());
    assertTrue(second.hasDownstream());

    BlockAvailable third = second.forwardedFrom(C);
    assertEquals(4, third.position());
    assertEquals("ARCHIVE", third.storageType());
    assertEquals(List.of(), third.downstream());
    assertFalse(third.hasDownstream());
    assertEquals(C, third.source());
  }

  @Test
  void forwardedNotice_passesTheCodec() {
    BlockAvailable second = NOTICE.forwardedFrom(B);

    assertEquals(second, NoticeCodec.fromProto(NoticeCodec.toProto(second)).notice().orElseThrow());
  }

  // ---------------------------------------------------------------------------------------------- helpers

  private static BlockAvailableProto valid(UnaryOperator<BlockAvailableProto.Builder> change) {
    return change.apply(NoticeCodec.toProto(NOTICE).toBuilder()).buildPartial();
  }

  private static void assertRefused(BlockAvailableProto p, String naming) {
    NoticeCodec.Decoded d = assertDoesNotThrow(() -> NoticeCodec.fromProto(p));
    assertTrue(d.notice().isEmpty(), () -> "accepted: " + d.notice().get());
    assertTrue(d.problem().toLowerCase(Locale.ROOT).contains(naming.toLowerCase(Locale.ROOT)),
        () -> "reason '" + d.problem() + "' does not name " + naming);
  }

  /** What a Replication Manager does with an accepted notice must not fail either. */
  private static void assertUsable(BlockAvailable n) {
    assertTrue(n.position() >= 2 && n.position() + n.downstream().size() <= 32, n::toString);
    assertTrue(Double.isFinite(n.flowWeight()) && n.flowWeight() > 0, n::toString);
    assertTrue(n.numBytes() >= 0 && n.generationStamp() >= 0, n::toString);
    assertDoesNotThrow(() -> new BlockNotice(n.source().toString(), n.blockId(), n.generationStamp(),
        n.numBytes(), n.flow(), n.flowWeight(), n.position(), 1));
    BlockAvailable hop = n;
    while (hop.hasDownstream()) {
      BlockAvailable next = hop.forwardedFrom(hop.downstream().get(0));
      assertEquals(next, NoticeCodec.fromProto(NoticeCodec.toProto(next)).notice().orElseThrow(),
          "a forwarded notice decodes again");
      hop = next;
    }
    assertEquals(n, NoticeCodec.fromProto(NoticeCodec.toProto(n)).notice().orElseThrow());
  }

  private static final String[] TYPES = {"DISK", "SSD", "ARCHIVE", "RAM_DISK", "NVDIMM", "PROVIDED", "disk"};
  private static final long[] LONGS = {0, 1, -1, 2, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE,
      Integer.MIN_VALUE, 0xFFFF_FFFFL};
  private static final int[] INTS = {0, 1, -1, 2, 3, 31, 32, 33, 65535, 65536, Integer.MAX_VALUE,
      Integer.MIN_VALUE, Integer.MAX_VALUE - 1};
  private static final double[] DOUBLES = {0, -0.0, 1, -1, Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1e6, 1e-300};

  private static BlockAvailableProto randomProto(Random r) {
    BlockAvailableProto.Builder b = BlockAvailableProto.newBuilder();
    boolean sane = r.nextInt(4) == 0; // a quarter near-valid, so the accepting path is exercised too
    if (sane || r.nextInt(10) > 0) {
      b.setBlockPoolId(sane ? "BP-" + r.nextInt(9) : string(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setBlockId(sane ? r.nextLong() : someLong(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setGenerationStamp(sane ? r.nextInt(Integer.MAX_VALUE) : someLong(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setNumBytes(sane ? r.nextInt(1 << 30) : someLong(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setSource(ref(r, sane));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setFlow(sane ? "flow" + r.nextInt(5) : string(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setFlowWeight(sane ? 0.01 + r.nextDouble() * 100 : someDouble(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setPosition(sane ? 2 + r.nextInt(8) : someInt(r));
    }
    if (sane || r.nextInt(10) > 0) {
      b.setStorageType(sane ? TYPES[r.nextInt(TYPES.length)] : type(r));
    }
    int downstream = sane ? r.nextInt(4) : r.nextInt(3) == 0 ? r.nextInt(40) : r.nextInt(3);
    for (int i = 0; i < downstream; i++) {
      b.addDownstream(ref(r, sane));
    }
    return b.buildPartial();
  }

  private static DataNodeRefProto ref(Random r, boolean sane) {
    DataNodeRefProto.Builder b = DataNodeRefProto.newBuilder();
    if (sane) {
      return b.setDatanodeUuid("uuid-" + r.nextInt(10)).setIpAddr("10.0.0." + r.nextInt(255))
          .setHostName("h").setXferPort(1 + r.nextInt(65535)).setIpcPort(r.nextInt(65536))
          .setInfoPort(r.nextInt(65536)).setStorageType(TYPES[r.nextInt(TYPES.length)]).build();
    }
    if (r.nextInt(8) > 0) {
      b.setDatanodeUuid(string(r));
    }
    if (r.nextInt(8) > 0) {
      b.setIpAddr(string(r));
    }
    if (r.nextInt(8) > 0) {
      b.setHostName(string(r));
    }
    if (r.nextInt(8) > 0) {
      b.setXferPort(someInt(r));
    }
    b.setIpcPort(someInt(r)).setInfoPort(someInt(r));
    if (r.nextInt(8) > 0) {
      b.setStorageType(type(r));
    }
    return b.buildPartial();
  }

  private static String type(Random r) {
    return r.nextBoolean() ? TYPES[r.nextInt(TYPES.length)] : string(r);
  }

  private static long someLong(Random r) {
    return r.nextBoolean() ? LONGS[r.nextInt(LONGS.length)] : r.nextLong();
  }

  private static int someInt(Random r) {
    return r.nextBoolean() ? INTS[r.nextInt(INTS.length)] : r.nextInt();
  }

  private static double someDouble(Random r) {
    return r.nextBoolean() ? DOUBLES[r.nextInt(DOUBLES.length)]
        : Double.longBitsToDouble(r.nextLong());
  }

  /** Empty, blank, long, control characters, surrogates (also unpaired), or plain text. */
  private static String string(Random r) {
    switch (r.nextInt(6)) {
      case 0:
        return "";
      case 1:
        return " \t\n".substring(r.nextInt(3));
      case 2:
        return "x".repeat(r.nextInt(200));
      default:
        int length = r.nextInt(80);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
          s.append(r.nextInt(4) == 0 ? (char) r.nextInt(0x10000) : (char) (32 + r.nextInt(95)));
        }
        return s.toString();
    }
  }
}
