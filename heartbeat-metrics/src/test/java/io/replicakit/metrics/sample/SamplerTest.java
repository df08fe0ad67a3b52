/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SamplerTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long GIB = 1L << 30;
  private static final VolumeRef DISK = new VolumeRef("DS-1", "DISK", "/data/1");
  private static final VolumeRef SSD = new VolumeRef("DS-2", "SSD", "/data/2");
  private static final List<VolumeRef> VOLUMES = List.of(DISK, SSD);

  /**
   * Every read advances one second: 1000 CPU ticks of which 400 idle, and on every volume 10 requests, 1 MiB read,
   * 2 MiB written, 0.5 s busy, 0.1 s of I/O time. Reads listed in {@code failOn} (1-based) throw instead.
   */
  private static final class FakeHost implements HostSource {
    final List<Integer> failOn = new ArrayList<>();
    int reads;
    boolean closed;

    @Override
    public HostCounters read() {
      reads++;
      if (failOn.contains(reads)) {
        throw new IllegalStateException("host read " + reads + " failed");
      }
      return new HostCounters(1_000L * reads, 400L * reads, 16 * GIB, 4 * GIB, reads * SECOND);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private static final class FakeVolumes implements VolumeSource {
    final List<Integer> failOn = new ArrayList<>();
    final List<Integer> dropOneOn = new ArrayList<>();
    int reads;
    boolean closed;

    @Override
    public List<VolumeCounters> read(List<VolumeRef> volumes) {
      reads++;
      if (failOn.contains(reads)) {
        throw new IllegalStateException("volume read " + reads + " failed");
      }
      List<VolumeCounters> out = new ArrayList<>();
      for (VolumeRef v : volumes) {
        out.add(new VolumeCounters(v, "/dev/" + v.storageId(), 10L * reads, (1L << 20) * reads,
            (2L << 20) * reads, reads * SECOND / 2, reads * SECOND / 10, 0, reads * SECOND));
      }
      if (dropOneOn.contains(reads)) {
        out.remove(out.size() - 1);
      }
      return out;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final FakeHost host = new FakeHost();
  private final FakeVolumes volumes = new FakeVolumes();
  private final Sampler sampler = new Sampler(host, volumes);

  private static void assertVolumeRates(VolumeMetrics m) {
    assertEquals(1024.0, m.readKbPerSec(), 1e-9);
    assertEquals(2048.0, m.writeKbPerSec(), 1e-9);
    assertEquals(50.0, m.utilizationPct(), 1e-9);
    assertEquals(10.0, m.awaitMs(), 1e-9);
    assertEquals(0.1, m.queueLength(), 1e-9);
  }

  private static void assertMissing(VolumeMetrics m) {
    assertFalse(m.hasIo(), m.toString());
    assertFalse(m.hasUtilization(), m.toString());
    assertTrue(Double.isNaN(m.queueLength()), m.toString());
  }

  @Test
  void hostSourceReturningNull_countsAsAnError_andYieldsMissingHost() {
    Sampler nullHost = new Sampler(() -> null, volumes);

    Sampler.Reading r = nullHost.read(VOLUMES);

    assertEquals(HostMetrics.MISSING, r.host());
    assertEquals(1, nullHost.sourceErrors());
  }

  @Test
  void aNativeLibraryErrorOfASource_countsAsASourceError_andYieldsMissingHost() {
    Sampler broken = new Sampler(() -> {
      throw new UnsatisfiedLinkError("injected: no JNA on this host");
    }, volumes);
    assertEquals(HostMetrics.MISSING, broken.read(List.of()).host());
    assertEquals(1, broken.sourceErrors());
    assertTrue(broken.lastError() instanceof UnsatisfiedLinkError);
  }

  @Test
  void firstRead_hasMemoryButNoRates() {
    Sampler.Reading r = sampler.read(VOLUMES);

    assertFalse(r.host().hasCpu());
    assertEquals(25.0, r.host().memoryFreePct(), 1e-9);
    assertEquals(2, r.volumes().size());
    r.volumes().forEach(SamplerTest::assertMissing);
    assertEquals(0, sampler.sourceErrors());
    assertNull(sampler.lastError());
  }

  @Test
  void secondRead_yieldsRatesAgainstTheFirst() {
    sampler.read(VOLUMES);
    Sampler.Reading r = sampler.read(VOLUMES);

    assertEquals(40.0, r.host().cpuIdlePct(), 1e-9);
    assertEquals(List.of("DS-1", "DS-2"), r.volumes().stream().map(VolumeMetrics::storageId).toList());
    assertEquals("DISK", r.volumes().get(0).storageType());
    assertEquals("/dev/DS-2", r.volumes().get(1).device());
    r.volumes().forEach(SamplerTest::assertVolumeRates);
  }

  @Test
  void volumeAddedLater_hasNoRatesUntilItsSecondReading() {
    sampler.read(List.of(DISK));
    Sampler.Reading second = sampler.read(VOLUMES);
    Sampler.Reading third = sampler.read(VOLUMES);

    assertVolumeRates(second.volumes().get(0));
    assertMissing(second.volumes().get(1));
    assertVolumeRates(third.volumes().get(1));
  }

  @Test
  void throwingHostSource_yieldsMissingHost_countsAnError_andRecoversTheReadAfterNext() {
    host.failOn.add(2);
    sampler.read(VOLUMES);

    Sampler.Reading failed = sampler.read(VOLUMES);
    assertEquals(HostMetrics.MISSING, failed.host());
    assertEquals(1, sampler.sourceErrors());
    assertTrue(sampler.lastError().getMessage().contains("host read 2"), sampler.lastError().toString());
    failed.volumes().forEach(SamplerTest::assertVolumeRates); // the volume source was unaffected

    Sampler.Reading next = sampler.read(VOLUMES);
    assertFalse(next.host().hasCpu(), "no earlier reading to diff against");
    assertTrue(next.host().hasMemory());

    Sampler.Reading nextButOne = sampler.read(VOLUMES);
    assertEquals(40.0, nextButOne.host().cpuIdlePct(), 1e-9);
    assertEquals(1, sampler.sourceErrors());
  }

  @Test
  void throwingVolumeSource_yieldsMissingVolumes_countsAnError_andRecoversTheReadAfterNext() {
    volumes.failOn.add(2);
    sampler.read(VOLUMES);

    Sampler.Reading failed = sampler.read(VOLUMES);
    assertEquals(List.of("DS-1", "DS-2"), failed.volumes().stream().map(VolumeMetrics::storageId).toList());
    assertEquals(List.of("DISK", "SSD"), failed.volumes().stream().map(VolumeMetrics::storageType).toList());
    failed.volumes().forEach(SamplerTest::assertMissing);
    assertEquals(1, sampler.sourceErrors());
    assertTrue(failed.host().hasCpu(), "the host source was unaffected");

    Sampler.Reading next = sampler.read(VOLUMES);
    next.volumes().forEach(SamplerTest::assertMissing);

    Sampler.Reading nextButOne = sampler.read(VOLUMES);
    nextButOne.volumes().forEach(SamplerTest::assertVolumeRates);
    assertEquals(1, sampler.sourceErrors());
  }

  @Test
  void volumeSourceReturningTheWrongNumberOfEntries_countsAsAnError() {
    volumes.dropOneOn.add(2);
    sampler.read(VOLUMES);

    Sampler.Reading r = sampler.read(VOLUMES);

    assertEquals(2, r.volumes().size(), "one entry per requested volume all the same");
    r.volumes().forEach(SamplerTest::assertMissing);
    assertEquals(1, sampler.sourceErrors());
    assertTrue(sampler.lastError() instanceof IllegalStateException);
  }

  @Test
  void bothSourcesFailing_countTwoErrors_andDoNotThrow() {
    host.failOn.add(1);
    volumes.failOn.add(1);

    Sampler.Reading r = sampler.read(VOLUMES);

    assertEquals(HostMetrics.MISSING, r.host());
    r.volumes().forEach(SamplerTest::assertMissing);
    assertEquals(2, sampler.sourceErrors());
  }

  @Test
  void volumeSourceReturningNull_countsAsAnError() {
    Sampler nulls = new Sampler(host, v -> null);

    Sampler.Reading r = nulls.read(VOLUMES);

    assertEquals(2, r.volumes().size());
    assertEquals(1, nulls.sourceErrors());
  }

  @Test
  void close_closesBothSources() throws Exception {
    sampler.close();

    assertTrue(host.closed);
    assertTrue(volumes.closed);
  }

  @Test
  void close_closesTheVolumeSource_evenWhenTheHostSourceFailsToClose() {
    HostSource failingClose = new HostSource() {
      @Override
      public HostCounters read() {
        return new HostCounters(0, 0, 0, 0, 0);
      }

      @Override
      public void close() {
        throw new IllegalStateException("close failed");
      }
    };
    Sampler s = new Sampler(failingClose, volumes);

    IllegalStateException e = assertThrows(IllegalStateException.class, s::close);
    assertEquals("close failed", e.getMessage());
    assertTrue(volumes.closed);
  }
}
