package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeviceModelTest {

  /** The quick profile's cluster: six nodes with an SSD of 20 and a DISK of 4 MiB/s, One_SSD. */
  private final DeviceModel model = new DeviceModel(6, 20, 4, 3);

  @Test
  void networkDistance_isBoundByTheDisksReadingTwoThirds() {
    // The paper's §3.2: N (Rep-1)/Rep blocks from slow storage; 24 MiB/s of disks read 2/3 of the data.
    assertEquals(36.0, model.ceilingMibS("network-distance"), 1e-9);
  }

  @Test
  void storageType_isTheSsdsAlone_andWrrAddsTheDisks() {
    assertEquals(120.0, model.ceilingMibS("storage-type"), 1e-9);
    assertEquals(144.0, model.ceilingMibS("wrr"), 1e-9);
    assertEquals(144.0, model.ceilingMibS("wrr(w=5)"), 1e-9);
    assertEquals(144.0, model.ceilingMibS("drr"), 1e-9);
  }

  @Test
  void wrongWeights_loseOnOneSide() {
    assertEquals(48.0, model.ceilingMibS("wrr(w=1)"), 1e-9); // half the blocks on 24 MiB/s of disks
    assertEquals(126.0, model.ceilingMibS("wrr(w=20)"), 1e-9); // 20/21 on 120 MiB/s of SSDs
    assertEquals(7.0 / 8, model.fastFraction("wrr(w=7)"), 1e-9);
  }

  @Test
  void unknownVariants_haveNoCeiling() {
    assertTrue(Double.isNaN(model.ceilingMibS("something")));
  }
}
