/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.HostMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.VolumeMetricsProto;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MetricsCodecTest {

  private static final int MAX = 4096;
  private static final String DN = "6f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a5b";
  private static final long EPOCH = 1_700_000_000_000L;
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
  private static final List<String> VALID_TYPES = List.of("DISK", "SSD", "ARCHIVE", "RAM_DISK", "NVDIMM",
      "PROVIDED");
  private static final Set<String> STORAGE_TYPES = Set.copyOf(VALID_TYPES);
  private static final long MAX_INTERVAL_MS = 24L * 3600 * 1000;

  private final MetricsCodec codec = new MetricsCodec(MAX);

  private static SystemSample sample() {
    return new SystemSample(DN, EPOCH, 42, EPOCH + 10_000, 3_000, new HostMetrics(37.5, 61.25, 64L << 30),
        List.of(new VolumeMetrics("DS-" + DN, "DISK", "/dev/sdb", 4.5, 1024.0, 512.25, 88.0, 1.5),
            new VolumeMetrics("DS-2", "SSD", "/dev/nvme0n1", 0.25, 0.0, 3.0e6, 100.0, 0.0)));
  }

  private DatanodeSystemMetricsProto valid() {
    return codec.toProto(sample());
  }

  private DatanodeSystemMetricsProto modified(Consumer<DatanodeSystemMetricsProto.Builder> change) {
    DatanodeSystemMetricsProto.Builder b = valid().toBuilder();
    change.accept(b);
    return b.buildPartial();
  }

  /** One registry entry stays small: a sample of more volumes than any DataNode has is refused, not stored. */
  @Test
  void moreVolumesThanADataNodeMayReport_isInvalid() {
    DatanodeSystemMetricsProto.Builder b = valid().toBuilder();
    for (int i = b.getVolumesCount(); i <= MetricsCodec.MAX_VOLUMES; i++) {
      b.addVolumes(b.getVolumes(0).toBuilder().setStorageId("DS-" + i).setDevice(""));
    }
    Decoded d = new MetricsCodec(1 << 20).decode(b.build().toByteArray());
    assertEquals(Rejection.INVALID, d.rejection(), d.detail());
    assertTrue(d.detail().contains("volumes, more than"), d.detail());
  }

  /** Both entry points (raw bytes and an already parsed message) must agree on the rejection. */
  private void assertRejected(Rejection expected, DatanodeSystemMetricsProto proto) {
    Decoded parsed = codec.fromProto(proto);
    assertFalse(parsed.isOk(), "fromProto accepted " + proto);
    assertEquals(expected, parsed.rejection(), parsed.detail());
    assertFalse(parsed.detail().isEmpty());
    Decoded raw = codec.decode(proto.toByteArray());
    assertFalse(raw.isOk(), "decode accepted " + proto);
    assertEquals(expected, raw.rejection(), raw.detail());
  }

  private SystemSample roundTrip(SystemSample s) {
    Decoded d = codec.decode(codec.toProto(s).toByteArray());
    assertTrue(d.isOk(), d.toString());
    return d.sample();
  }

  // ---- round trip ----

  @Test
  void roundTrip_restoresTheSample() {
    assertEquals(sample(), roundTrip(sample()));
  }

  @Test
  void roundTrip_missingMetricsTravelAsAbsentFields_andComeBackAsNaN() {
    SystemSample s = new SystemSample(DN, EPOCH, 0, EPOCH, 1_000, new HostMetrics(Double.NaN, 12.5, -1),
        List.of(VolumeMetrics.missing("DS-1", "ARCHIVE", ""),
            new VolumeMetrics("DS-2", "RAM_DISK", "/dev/ram0", 1.0, Double.NaN, 2.0, Double.NaN, 0.5)));

    DatanodeSystemMetricsProto proto = codec.toProto(s);
    HostMetricsProto host = proto.getHost();
    assertFalse(host.hasCpuIdlePct());
    assertTrue(host.hasMemoryFreePct());
    assertFalse(host.hasMemoryTotalBytes());
    VolumeMetricsProto v1 = proto.getVolumes(0);
    assertFalse(v1.hasDevice());
    assertFalse(v1.hasAwaitMs() || v1.hasReadKbPerSec() || v1.hasWriteKbPerSec() || v1.hasUtilizationPct()
        || v1.hasQueueLength());
    VolumeMetricsProto v2 = proto.getVolumes(1);
    assertTrue(v2.hasAwaitMs() && v2.hasWriteKbPerSec() && v2.hasQueueLength());
    assertFalse(v2.hasReadKbPerSec() || v2.hasUtilizationPct());

    SystemSample back = roundTrip(s);
    assertEquals(s, back);
    assertTrue(Double.isNaN(back.host().cpuIdlePct()));
    assertTrue(Double.isNaN(back.volumes().get(1).readKbPerSec()));
    assertEquals("", back.volumes().get(0).device());
  }

  @Test
  void roundTrip_emptyVolumeList_andMissingHost() {
    SystemSample s = new SystemSample(DN, EPOCH, 7, EPOCH + 1, 500, HostMetrics.MISSING, List.of());

    SystemSample back = roundTrip(s);

    assertEquals(s, back);
    assertTrue(back.volumes().isEmpty());
    assertEquals(HostMetrics.MISSING, back.host());
  }

  @Test
  void roundTrip_keepsEveryStorageType() {
    List<VolumeMetrics> volumes = new ArrayList<>();
    int i = 0;
    for (String type : VALID_TYPES) {
      volumes.add(new VolumeMetrics("DS-" + i++, type, "", 0, 0, 0, 0, 0));
    }
    SystemSample s = new SystemSample(DN, EPOCH, 1, EPOCH, 3_000, HostMetrics.MISSING, volumes);

    assertEquals(s, roundTrip(s));
  }

  @Test
  void protoWithoutHost_decodesAsMissingHost() {
    Decoded d = codec.fromProto(modified(DatanodeSystemMetricsProto.Builder::clearHost));

    assertTrue(d.isOk(), d.toString());
    assertEquals(HostMetrics.MISSING, d.sample().host());
  }

  // ---- size ----

  @Test
  void messageOfExactlyMaxBytes_isAccepted_oneByteMoreIsOversized() {
    byte[] bytes = valid().toByteArray();

    assertTrue(new MetricsCodec(bytes.length).decode(bytes).isOk());
    Decoded d = new MetricsCodec(bytes.length - 1).decode(bytes);
    assertEquals(Rejection.OVERSIZED, d.rejection(), d.detail());
  }

  @Test
  void oversizedBytes_areRejectedBeforeParsing() {
    byte[] garbage = new byte[MAX + 1];
    Arrays.fill(garbage, (byte) 0xFF); // would be MALFORMED if it were parsed

    assertEquals(Rejection.OVERSIZED, codec.decode(garbage).rejection());
  }

  @Test
  void parsedProtoLargerThanMax_isOversized() {
    DatanodeSystemMetricsProto.Builder b = valid().toBuilder();
    for (int i = 0; b.build().getSerializedSize() <= MAX; i++) {
      b.addVolumes(VolumeMetricsProto.newBuilder().setStorageId("DS-" + i + "-" + DN).setStorageType("DISK")
          .setDevice("/dev/sd" + i).setAwaitMs(1).setReadKbPerSec(2).setWriteKbPerSec(3));
    }
    DatanodeSystemMetricsProto big = b.build();

    Decoded d = codec.fromProto(big);

    assertEquals(Rejection.OVERSIZED, d.rejection(), d.detail());
    assertTrue(new MetricsCodec(big.getSerializedSize()).fromProto(big).isOk(), "valid apart from its size");
  }

  // ---- malformed ----

  @Test
  void bytesThatAreNotProtobuf_areMalformed() {
    Decoded d = codec.decode("not a protobuf message".getBytes(StandardCharsets.US_ASCII));

    assertEquals(Rejection.MALFORMED, d.rejection(), d.detail());
  }

  @Test
  void emptyInput_isMalformed() {
    assertEquals(Rejection.MALFORMED, codec.decode(new byte[0]).rejection());
  }

  @Test
  void truncatedMessage_isMalformed() {
    byte[] bytes = valid().toByteArray();

    for (int cut : new int[] {1, 5, bytes.length / 2, bytes.length - 1}) {
      Decoded d = codec.decode(Arrays.copyOf(bytes, cut));
      assertEquals(Rejection.MALFORMED, d.rejection(), "cut at " + cut + ": " + d);
    }
  }

  static Stream<Arguments> missingRequiredFields() {
    return Stream.of(
        Arguments.of("datanode_uuid", (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.clearDatanodeUuid()),
        Arguments.of("epoch", (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.clearEpoch()),
        Arguments.of("sequence", (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.clearSequence()),
        Arguments.of("sample_time_ms", (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.clearSampleTimeMs()),
        Arguments.of("interval_ms", (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.clearIntervalMs()),
        Arguments.of("volume storage_id",
            (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.getVolumesBuilder(1).clearStorageId()),
        Arguments.of("volume storage_type",
            (Consumer<DatanodeSystemMetricsProto.Builder>) b -> b.getVolumesBuilder(0).clearStorageType()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("missingRequiredFields")
  void missingRequiredField_isMalformed(String field, Consumer<DatanodeSystemMetricsProto.Builder> change) {
    assertRejected(Rejection.MALFORMED, modified(change));
  }

  // ---- invalid ----

  private static Arguments invalid(String name, String detail, Consumer<DatanodeSystemMetricsProto.Builder> c) {
    return Arguments.of(name, detail, c);
  }

  static Stream<Arguments> invalidValues() {
    String dev257 = "/dev/" + "x".repeat(252);
    return Stream.of(
        invalid("cpu above 100", "cpu_idle_pct", b -> b.getHostBuilder().setCpuIdlePct(100.5)),
        invalid("cpu NaN sent explicitly", "cpu_idle_pct", b -> b.getHostBuilder().setCpuIdlePct(Double.NaN)),
        invalid("memory below 0", "memory_free_pct", b -> b.getHostBuilder().setMemoryFreePct(-0.1)),
        invalid("memory +Inf", "memory_free_pct",
            b -> b.getHostBuilder().setMemoryFreePct(Double.POSITIVE_INFINITY)),
        invalid("memory total top bit", "memory_total_bytes",
            b -> b.getHostBuilder().setMemoryTotalBytes(Long.MIN_VALUE)),
        invalid("utilization above 100", "utilization_pct", b -> b.getVolumesBuilder(0).setUtilizationPct(101)),
        invalid("utilization below 0", "utilization_pct", b -> b.getVolumesBuilder(1).setUtilizationPct(-1)),
        invalid("negative await", "await_ms", b -> b.getVolumesBuilder(0).setAwaitMs(-1)),
        invalid("NaN read rate", "read_kb_per_sec", b -> b.getVolumesBuilder(0).setReadKbPerSec(Double.NaN)),
        invalid("infinite write rate", "write_kb_per_sec",
            b -> b.getVolumesBuilder(0).setWriteKbPerSec(Double.POSITIVE_INFINITY)),
        invalid("negative infinite queue", "queue_length",
            b -> b.getVolumesBuilder(1).setQueueLength(Double.NEGATIVE_INFINITY)),
        invalid("unknown storage type", "storage_type", b -> b.getVolumesBuilder(0).setStorageType("TAPE")),
        invalid("lower-case storage type", "storage_type", b -> b.getVolumesBuilder(0).setStorageType("disk")),
        invalid("DEFAULT alias is not a type name", "storage_type",
            b -> b.getVolumesBuilder(0).setStorageType("DEFAULT")),
        invalid("empty storage type", "storage_type", b -> b.getVolumesBuilder(0).setStorageType("")),
        invalid("uuid with a space", "datanode_uuid", b -> b.setDatanodeUuid("dn 1")),
        invalid("uuid with a slash", "datanode_uuid", b -> b.setDatanodeUuid("../dn1")),
        invalid("uuid with non-ASCII", "datanode_uuid", b -> b.setDatanodeUuid("dn-\u00fc")),
        invalid("uuid with a newline", "datanode_uuid", b -> b.setDatanodeUuid("dn1\n")),
        invalid("empty uuid", "datanode_uuid", b -> b.setDatanodeUuid("")),
        invalid("uuid of 129 characters", "datanode_uuid", b -> b.setDatanodeUuid("a".repeat(129))),
        invalid("storage id with bad characters", "storage_id", b -> b.getVolumesBuilder(1).setStorageId("DS/2")),
        invalid("storage id of 129 characters", "storage_id",
            b -> b.getVolumesBuilder(1).setStorageId("D".repeat(129))),
        invalid("repeated storage id", "repeats", b -> b.addVolumes(b.getVolumes(0))),
        invalid("device name of 257 characters", "device", b -> b.getVolumesBuilder(0).setDevice(dev257)),
        invalid("device name with a newline", "control characters",
            b -> b.getVolumesBuilder(0).setDevice("/dev/sdb\nFORGED LOG LINE")),
        invalid("interval 0", "interval_ms", b -> b.setIntervalMs(0)),
        invalid("interval above a day", "interval_ms", b -> b.setIntervalMs((int) MAX_INTERVAL_MS + 1)),
        invalid("interval with the uint32 top bit", "interval_ms", b -> b.setIntervalMs(-1)),
        invalid("epoch with the uint64 top bit", "epoch", b -> b.setEpoch(-EPOCH)),
        invalid("epoch 2^63", "epoch", b -> b.setEpoch(Long.MIN_VALUE)),
        invalid("epoch 0", "epoch", b -> b.setEpoch(0)),
        invalid("sequence with the top bit", "sequence", b -> b.setSequence(-1)),
        invalid("sample time with the top bit", "sample_time_ms", b -> b.setSampleTimeMs(-1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidValues")
  void outOfRangeValue_isInvalid_andTheDetailNamesTheField(String name, String field,
      Consumer<DatanodeSystemMetricsProto.Builder> change) {
    DatanodeSystemMetricsProto proto = modified(change);

    assertRejected(Rejection.INVALID, proto);
    String detail = codec.fromProto(proto).detail();
    assertTrue(detail.contains(field), detail);
  }

  @Test
  void boundaryValues_areAccepted() {
    DatanodeSystemMetricsProto proto = modified(b -> {
      b.setDatanodeUuid("a".repeat(128)).setSequence(0).setIntervalMs((int) MAX_INTERVAL_MS).setEpoch(1)
          .setSampleTimeMs(Long.MAX_VALUE);
      b.getHostBuilder().setCpuIdlePct(0).setMemoryFreePct(100).setMemoryTotalBytes(Long.MAX_VALUE);
      b.getVolumesBuilder(0).setStorageId("D".repeat(128)).setUtilizationPct(100).setAwaitMs(0)
          .setReadKbPerSec(Double.MAX_VALUE).setDevice("/dev/" + "x".repeat(251));
      b.getVolumesBuilder(1).setUtilizationPct(0).setQueueLength(Double.MIN_VALUE);
    });

    Decoded d = codec.fromProto(proto);
    assertTrue(d.isOk(), d.toString());
    assertTrue(codec.decode(proto.toByteArray()).isOk());
    assertEquals(1, new MetricsCodec(MAX).fromProto(modified(b -> b.setIntervalMs(1))).sample().intervalMs());
  }

  @Test
  void everyProblemIsReported_notJustTheFirst() {
    Decoded d = codec.fromProto(modified(b -> {
      b.setIntervalMs(0);
      b.getHostBuilder().setCpuIdlePct(-5);
      b.getVolumesBuilder(1).setStorageType("TAPE");
    }));

    assertEquals(Rejection.INVALID, d.rejection());
    assertTrue(d.detail().contains("interval_ms") && d.detail().contains("cpu_idle_pct")
        && d.detail().contains("volume 2"), d.detail());
  }

  // ---- robustness ----

  private static final double[] EXTREME_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
      -Double.MAX_VALUE, 1e300, -1e300, 100.0, Math.nextUp(100.0), Math.nextDown(0.0), 50.0, 1e-12,
      Double.longBitsToDouble(0x7ff8_0000_0000_0001L), Double.longBitsToDouble(0xfff0_0000_0000_0001L)};

  /** Values valid both as a percentage and as a rate, boundaries included. */
  private static final double[] TAME_DOUBLES = {0.0, -0.0, 100.0, Double.MIN_VALUE, 1e-12, 99.999};

  private static double randomDouble(Random rnd, boolean wild) {
    if (!wild) {
      return rnd.nextBoolean() ? TAME_DOUBLES[rnd.nextInt(TAME_DOUBLES.length)] : 100 * rnd.nextDouble();
    }
    return switch (rnd.nextInt(4)) {
      case 0, 1 -> EXTREME_DOUBLES[rnd.nextInt(EXTREME_DOUBLES.length)];
      case 2 -> -50 + 200 * rnd.nextDouble();
      default -> Double.longBitsToDouble(rnd.nextLong());
    };
  }

  private static String randomAscii(Random rnd, int maxLen) {
    StringBuilder sb = new StringBuilder();
    int len = rnd.nextInt(maxLen + 1);
    for (int i = 0; i < len; i++) {
      sb.append((char) (32 + rnd.nextInt(95)));
    }
    return sb.toString();
  }

  private static String randomId(Random rnd, List<String> pool) {
    return switch (rnd.nextInt(10)) {
      case 0 -> "";
      case 1 -> "x".repeat(5_000 + rnd.nextInt(5_000)); // huge: oversized
      case 2 -> "a".repeat(128 + rnd.nextInt(2)); // at and just over the bound
      case 3 -> randomAscii(rnd, 20);
      case 4 -> "dn-\u00fc\uD83D\uDE00" + rnd.nextInt(10);
      case 5 -> "nul\u0000" + rnd.nextInt(10);
      case 6, 7 -> pool.get(rnd.nextInt(pool.size())); // valid, and repeats among a sample's volumes
      default -> new UUID(rnd.nextLong(), rnd.nextLong()).toString();
    };
  }

  private static long randomLong(Random rnd) {
    return switch (rnd.nextInt(6)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> Long.MIN_VALUE;
      case 3 -> Long.MAX_VALUE;
      case 4 -> rnd.nextLong();
      default -> 1 + (rnd.nextLong() >>> 2);
    };
  }

  private static int randomInterval(Random rnd) {
    int[] choices = {0, 1, 3_000, (int) MAX_INTERVAL_MS, (int) MAX_INTERVAL_MS + 1, -1, Integer.MAX_VALUE,
        Integer.MIN_VALUE};
    return rnd.nextBoolean() ? choices[rnd.nextInt(choices.length)] : rnd.nextInt();
  }

  private static final List<String> TYPES = List.of("DISK", "SSD", "ARCHIVE", "RAM_DISK", "NVDIMM", "PROVIDED",
      "disk", "DEFAULT", "TAPE", "", "DISK ", "SSD\u0000");

  /**
   * A message with random values. A wild one has often out-of-range values and sometimes lacks required fields;
   * a tame one has random but in-range values, with the boundaries, and is acceptable.
   */
  private static DatanodeSystemMetricsProto randomProto(Random rnd, boolean wild) {
    List<String> pool = List.of("DS-1", "DS-2", "DS-" + DN, "DS-3");
    boolean w = wild; // short name for the many conditions below
    DatanodeSystemMetricsProto.Builder b = DatanodeSystemMetricsProto.newBuilder()
        .setDatanodeUuid(w && rnd.nextInt(3) == 0 ? randomId(rnd, pool) : new UUID(rnd.nextLong(), 0).toString())
        .setEpoch(w && rnd.nextInt(3) == 0 ? randomLong(rnd) : EPOCH)
        .setSequence(w && rnd.nextInt(3) == 0 ? randomLong(rnd) : rnd.nextInt(1000))
        .setSampleTimeMs(w && rnd.nextInt(3) == 0 ? randomLong(rnd) : EPOCH + 1)
        .setIntervalMs(w && rnd.nextInt(3) == 0 ? randomInterval(rnd) : 1 + rnd.nextInt((int) MAX_INTERVAL_MS));
    if (rnd.nextBoolean()) {
      HostMetricsProto.Builder h = b.getHostBuilder();
      if (rnd.nextBoolean()) {
        h.setCpuIdlePct(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        h.setMemoryFreePct(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        h.setMemoryTotalBytes(w ? randomLong(rnd) : rnd.nextLong() >>> 1);
      }
    }
    int volumes = rnd.nextInt(6);
    for (int i = 0; i < volumes; i++) {
      VolumeMetricsProto.Builder v = VolumeMetricsProto.newBuilder()
          .setStorageId(w ? randomId(rnd, pool) : "DS-" + i + "-" + new UUID(rnd.nextLong(), rnd.nextLong()))
          .setStorageType(TYPES.get(rnd.nextInt(w ? TYPES.size() : VALID_TYPES.size())));
      switch (rnd.nextInt(w ? 4 : 2)) {
        case 0 -> { }
        case 1 -> v.setDevice("/dev/sd" + (char) ('a' + i));
        case 2 -> v.setDevice("/dev/" + "y".repeat(250 + rnd.nextInt(3)));
        default -> v.setDevice(randomAscii(rnd, 40));
      }
      if (rnd.nextBoolean()) {
        v.setAwaitMs(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        v.setReadKbPerSec(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        v.setWriteKbPerSec(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        v.setUtilizationPct(randomDouble(rnd, w));
      }
      if (rnd.nextBoolean()) {
        v.setQueueLength(randomDouble(rnd, w));
      }
      b.addVolumes(v);
    }
    switch (w ? rnd.nextInt(25) : -1) {
      case 0 -> b.clearDatanodeUuid();
      case 1 -> b.clearEpoch();
      case 2 -> b.clearIntervalMs();
      case 3 -> {
        if (volumes > 0) {
          b.getVolumesBuilder(0).clearStorageType();
        }
      }
      default -> { }
    }
    return b.buildPartial();
  }

  /** A valid sample with random in-range metrics, some missing. */
  private static SystemSample randomValidSample(Random rnd) {
    List<VolumeMetrics> volumes = new ArrayList<>();
    int n = rnd.nextInt(5);
    for (int i = 0; i < n; i++) {
      volumes.add(new VolumeMetrics("DS-" + i + "-" + new UUID(rnd.nextLong(), rnd.nextLong()),
          VALID_TYPES.get(rnd.nextInt(VALID_TYPES.size())), rnd.nextBoolean() ? "/dev/sdb" : "",
          maybe(rnd, 1000 * rnd.nextDouble()), maybe(rnd, 1e6 * rnd.nextDouble()),
          maybe(rnd, 1e6 * rnd.nextDouble()), maybe(rnd, 100 * rnd.nextDouble()), maybe(rnd, 64 * rnd.nextDouble())));
    }
    return new SystemSample(new UUID(rnd.nextLong(), rnd.nextLong()).toString(), 1 + rnd.nextInt(1 << 30),
        rnd.nextInt(1 << 20), 1 + rnd.nextInt(1 << 30), 1 + rnd.nextInt(60_000),
        new HostMetrics(maybe(rnd, 100 * rnd.nextDouble()), maybe(rnd, 100 * rnd.nextDouble()),
            rnd.nextBoolean() ? rnd.nextLong() >>> 1 : -1),
        volumes);
  }

  private static double maybe(Random rnd, double value) {
    return rnd.nextInt(5) == 0 ? Double.NaN : value;
  }

  private static byte[] mutate(Random rnd, byte[] valid) {
    byte[] b = valid.clone();
    int kind = rnd.nextInt(5);
    if ((kind == 0 || kind == 4) && b.length > 0) { // bit flips
      for (int flips = 1 + rnd.nextInt(8); flips > 0; flips--) {
        int bit = rnd.nextInt(b.length * 8);
        b[bit / 8] ^= (byte) (1 << (bit % 8));
      }
    }
    if (kind == 1 || kind == 4) { // insert random bytes
      byte[] extra = new byte[1 + rnd.nextInt(16)];
      rnd.nextBytes(extra);
      int at = rnd.nextInt(b.length + 1);
      byte[] out = new byte[b.length + extra.length];
      System.arraycopy(b, 0, out, 0, at);
      System.arraycopy(extra, 0, out, at, extra.length);
      System.arraycopy(b, at, out, at + extra.length, b.length - at);
      b = out;
    }
    if (kind == 2 || kind == 4) { // truncate
      b = Arrays.copyOf(b, rnd.nextInt(b.length + 1));
    }
    if (kind == 3 && b.length > 1) { // delete a range
      int from = rnd.nextInt(b.length);
      int to = from + 1 + rnd.nextInt(Math.min(8, b.length - from));
      byte[] out = new byte[b.length - (to - from)];
      System.arraycopy(b, 0, out, 0, from);
      System.arraycopy(b, to, out, from, b.length - to);
      b = out;
    }
    return b;
  }

  private static boolean pctOk(double v) {
    return v >= 0 && v <= 100;
  }

  private static boolean rateOk(double v) {
    return v >= 0 && !Double.isInfinite(v);
  }

  /** The acceptance rules, written out independently of the codec: null when the message is acceptable. */
  private static Rejection expectedOutcome(DatanodeSystemMetricsProto p) {
    if (!p.isInitialized()) {
      return Rejection.MALFORMED;
    }
    if (p.getSerializedSize() > MAX) {
      return Rejection.OVERSIZED;
    }
    boolean ok = ID.matcher(p.getDatanodeUuid()).matches() && p.getEpoch() > 0 && p.getSequence() >= 0
        && p.getSampleTimeMs() > 0 && p.getIntervalMs() >= 1 && p.getIntervalMs() <= MAX_INTERVAL_MS;
    if (p.hasHost()) {
      HostMetricsProto h = p.getHost();
      ok &= !h.hasCpuIdlePct() || pctOk(h.getCpuIdlePct());
      ok &= !h.hasMemoryFreePct() || pctOk(h.getMemoryFreePct());
      ok &= !h.hasMemoryTotalBytes() || h.getMemoryTotalBytes() >= 0;
    }
    Set<String> ids = new HashSet<>();
    for (VolumeMetricsProto v : p.getVolumesList()) {
      ok &= ID.matcher(v.getStorageId()).matches() && ids.add(v.getStorageId());
      ok &= STORAGE_TYPES.contains(v.getStorageType()) && v.getDevice().length() <= 256;
      ok &= !v.hasAwaitMs() || rateOk(v.getAwaitMs());
      ok &= !v.hasReadKbPerSec() || rateOk(v.getReadKbPerSec());
      ok &= !v.hasWriteKbPerSec() || rateOk(v.getWriteKbPerSec());
      ok &= !v.hasUtilizationPct() || pctOk(v.getUtilizationPct());
      ok &= !v.hasQueueLength() || rateOk(v.getQueueLength());
    }
    return ok ? null : Rejection.INVALID;
  }

  /** What everything the NameNode stores must satisfy. */
  private static void assertInvariants(SystemSample s, String context) {
    String at = context + ": " + s;
    assertTrue(ID.matcher(s.datanodeUuid()).matches(), at);
    assertTrue(s.epoch() > 0 && s.sequence() >= 0 && s.sampleTimeMs() > 0, at);
    assertTrue(s.intervalMs() >= 1 && s.intervalMs() <= MAX_INTERVAL_MS, at);
    assertTrue(Double.isNaN(s.host().cpuIdlePct()) || pctOk(s.host().cpuIdlePct()), at);
    assertTrue(Double.isNaN(s.host().memoryFreePct()) || pctOk(s.host().memoryFreePct()), at);
    assertTrue(s.host().memoryTotalBytes() >= -1, at);
    Set<String> ids = new HashSet<>();
    for (VolumeMetrics v : s.volumes()) {
      assertTrue(ID.matcher(v.storageId()).matches(), at);
      assertTrue(ids.add(v.storageId()), "repeated storage id: " + at);
      assertTrue(STORAGE_TYPES.contains(v.storageType()), at);
      assertTrue(v.device().length() <= 256, at);
      for (double rate : new double[] {v.awaitMs(), v.readKbPerSec(), v.writeKbPerSec(), v.queueLength()}) {
        assertTrue(Double.isNaN(rate) || rateOk(rate), "rate " + rate + ": " + at);
      }
      assertTrue(Double.isNaN(v.utilizationPct()) || pctOk(v.utilizationPct()), at);
    }
  }

  private Decoded decodeNeverThrowing(byte[] input, String context) {
    try {
      return codec.decode(input);
    } catch (RuntimeException e) {
      throw new AssertionError(context + ": decode threw on " + HexFormat.of().formatHex(input), e);
    }
  }

  private Decoded fromProtoNeverThrowing(DatanodeSystemMetricsProto proto, String context) {
    try {
      return codec.fromProto(proto);
    } catch (RuntimeException e) {
      throw new AssertionError(context + ": fromProto threw on " + proto, e);
    }
  }

  @Test
  void tenThousandGarbageInputs_areRejectedWithoutAnExceptionEscaping() {
    Random rnd = new Random(0x5eed_2025L);
    int randomBytes = 0;
    int randomBytesMalformedOrInvalid = 0;
    int mutated = 0;
    int mutatedRejected = 0;
    int randomProtos = 0;
    int randomProtosRejected = 0;
    int tameProtos = 0;
    for (int i = 0; i < 10_000; i++) {
      String context = "input " + i;
      switch (i % 10) {
        case 0, 1, 2, 3 -> { // (a) pure random bytes
          byte[] input = new byte[rnd.nextInt(2049)];
          rnd.nextBytes(input);
          Decoded d = decodeNeverThrowing(input, context);
          randomBytes++;
          assertFalse(d.isOk(), context + ": random bytes accepted: " + d);
          if (d.rejection() == Rejection.MALFORMED || d.rejection() == Rejection.INVALID) {
            randomBytesMalformedOrInvalid++;
          }
        }
        case 4, 5, 6 -> { // (b) a valid message, damaged
          SystemSample original = randomValidSample(rnd);
          byte[] valid = codec.toProto(original).toByteArray();
          Decoded intact = decodeNeverThrowing(valid, context);
          assertTrue(intact.isOk(), context + ": " + intact);
          assertEquals(original, intact.sample(), context);
          Decoded d = decodeNeverThrowing(mutate(rnd, valid), context);
          mutated++;
          if (d.isOk()) {
            assertInvariants(d.sample(), context);
          } else {
            mutatedRejected++;
            assertTrue(d.rejection() == Rejection.MALFORMED || d.rejection() == Rejection.INVALID, d.toString());
          }
        }
        default -> { // (c) random field values
          boolean wild = rnd.nextInt(4) != 0;
          DatanodeSystemMetricsProto proto = randomProto(rnd, wild);
          Rejection expected = expectedOutcome(proto);
          randomProtos++;
          if (!wild) {
            tameProtos++;
            assertNull(expected, context + ": the tame generator made a bad message: " + proto);
          }
          Decoded parsed = fromProtoNeverThrowing(proto, context);
          byte[] bytes = proto.toByteArray();
          Decoded raw = decodeNeverThrowing(bytes, context);
          Rejection expectedRaw = bytes.length > MAX ? Rejection.OVERSIZED : expected;
          if (expected == null) {
            assertTrue(parsed.isOk(), context + ": in-range message rejected: " + parsed + " / " + proto);
            assertInvariants(parsed.sample(), context);
          } else {
            randomProtosRejected++;
            assertFalse(parsed.isOk(), context + ": out-of-range message accepted: " + proto);
            assertEquals(expected, parsed.rejection(), context + ": " + parsed);
          }
          if (expectedRaw == null) {
            assertTrue(raw.isOk(), context + ": " + raw);
            assertInvariants(raw.sample(), context);
            assertEquals(parsed.sample(), raw.sample(), context);
          } else {
            assertEquals(expectedRaw, raw.rejection(), context + ": " + raw);
          }
        }
      }
    }
    assertEquals(4_000, randomBytes);
    assertEquals(3_000, mutated);
    assertEquals(3_000, randomProtos);
    assertTrue(randomBytesMalformedOrInvalid >= 0.99 * randomBytes,
        randomBytesMalformedOrInvalid + " of " + randomBytes + " random inputs rejected as MALFORMED/INVALID");
    // The generators must exercise both outcomes, or the assertions above prove little.
    assertTrue(mutatedRejected > 300 && mutatedRejected < mutated, "mutated rejected: " + mutatedRejected);
    assertTrue(randomProtosRejected > 1_500 && randomProtosRejected <= randomProtos - tameProtos,
        "random protos rejected: " + randomProtosRejected);
    assertTrue(tameProtos > 500, "tame protos: " + tameProtos);
  }

  @Test
  void rejectedDecoded_refusesToHandOutASample() {
    Decoded d = codec.decode(new byte[] {0x08});

    assertFalse(d.isOk());
    IllegalStateException e = assertThrows(IllegalStateException.class, d::sample);
    assertTrue(e.getMessage().contains("MALFORMED"), e.getMessage());
  }
}
