/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.config.ConfigReference;
import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.device.DirtyLedger;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.Sizes;
import io.replicakit.testbed.spec.VolumeSpec;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class TestbedConfigTest {

  @Test
  void deviceSettings_roundTripThroughConfiguration() {
    DeviceSettings settings = DeviceSettings.of("dn07", DeviceProfile.defaultProfile().withBurstBytes(4096),
        List.of(new VolumeSpec(StorageType.SSD, Sizes.GIB), new VolumeSpec(StorageType.DISK, 2 * Sizes.GIB)));
    Configuration conf = new Configuration(false);
    TestbedConfig.setDeviceSettings(conf, settings);
    assertEquals(settings, TestbedConfig.deviceSettings(conf));
  }

  @Test
  void pageCache_roundTripsAndDefaultsToNone() {
    DeviceSettings settings = DeviceSettings.of("dn07", DeviceProfile.defaultProfile(), List.of(), 256 * Sizes.MIB);
    Configuration conf = new Configuration(false);
    TestbedConfig.setDeviceSettings(conf, settings);
    assertEquals(settings, TestbedConfig.deviceSettings(conf));
    Configuration none = new Configuration(false);
    none.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    assertEquals(0, TestbedConfig.deviceSettings(none).pageCacheBytes());
  }

  @Test
  void writeBack_roundTripsAndDefaultsToWriteThrough() {
    DeviceSettings settings = DeviceSettings.of("dn07", DeviceProfile.defaultProfile(), List.of(), 256 * Sizes.MIB)
        .withWriteBack(new DirtyLedger.Limits(25 * Sizes.MIB, 51 * Sizes.MIB, 30_000_000_000L, 5_000_000_000L));
    Configuration conf = new Configuration(false);
    TestbedConfig.setDeviceSettings(conf, settings);
    assertEquals(settings, TestbedConfig.deviceSettings(conf));
    Configuration none = new Configuration(false);
    none.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    assertTrue(TestbedConfig.deviceSettings(none).writeBack().writesThrough());
  }

  @Test
  void backgroundThresholdAboveTheLimit_failsNamingBothKeys() {
    Configuration conf = new Configuration(false);
    conf.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    conf.setLong(TestbedConfig.DIRTY_BACKGROUND_BYTES.name(), 2 * Sizes.MIB);
    conf.setLong(TestbedConfig.DIRTY_BYTES.name(), Sizes.MIB);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestbedConfig.deviceSettings(conf));
    assertTrue(e.getMessage().contains("replicakit.testbed.dirty.background.bytes")
        && e.getMessage().contains("replicakit.testbed.dirty.bytes"), e.getMessage());
  }

  @Test
  void negativePageCache_failsNamingTheKey() {
    Configuration conf = new Configuration(false);
    conf.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    conf.setLong(TestbedConfig.PAGE_CACHE_BYTES_KEY, -1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestbedConfig.deviceSettings(conf));
    assertTrue(e.getMessage().contains(TestbedConfig.PAGE_CACHE_BYTES_KEY + " must be >= 0"), e.getMessage());
  }

  @Test
  void nonPositiveSpeed_failsNamingTheKeyAndRange() {
    Configuration conf = new Configuration(false);
    conf.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    conf.set("replicakit.testbed.device.mibps.ssd", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestbedConfig.deviceSettings(conf));
    assertTrue(e.getMessage().contains("replicakit.testbed.device.mibps.ssd must be a speed >= 0.01 MiB/s"),
        e.getMessage());
  }

  @Test
  void missingNodeName_failsNamingTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestbedConfig.deviceSettings(new Configuration(false)));
    assertTrue(e.getMessage().contains(TestbedConfig.NODE_NAME_KEY));
  }

  @Test
  void badVolumeCapacity_failsNamingTheKeyAndFormat() {
    Configuration conf = new Configuration(false);
    conf.set(TestbedConfig.NODE_NAME_KEY, "dn01");
    conf.set(TestbedConfig.VOLUME_CAPACITIES_KEY, "SSD:lots");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestbedConfig.deviceSettings(conf));
    assertTrue(e.getMessage().contains(TestbedConfig.VOLUME_CAPACITIES_KEY + " entries must be TYPE:BYTES"));
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(Path.of("..", "docs", "configuration.md"), TestbedConfig.KEYS)
        .ifPresent(Assertions::fail);
  }
}
