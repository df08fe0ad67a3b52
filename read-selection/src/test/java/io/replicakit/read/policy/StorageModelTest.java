package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.positions;
import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StorageModelTest {

  private static final Map<String, Double> THROUGHPUT = Map.of("RAM_DISK", 1000.0, "SSD", 300.0, "DISK", 60.0,
      "ARCHIVE", 30.0);

  private static StorageModel model(double intraRackMbps, double interRackMbps) {
    return new StorageModel(THROUGHPUT, intraRackMbps, interRackMbps);
  }

  @Test
  void split_putsTheSlowestTypePresentInSlow_andEveryOtherTypeInFast() {
    List<Replica> block = List.of(replica(0, RACK, "SSD"), replica(1, RACK, "DISK"), replica(2, RACK, "ARCHIVE"),
        replica(3, RACK, "DISK"));

    StorageModel.Split split = model(1250, 0).split(block);

    assertEquals(List.of(0, 1, 3), positions(split.fast()), "DISK is fast next to ARCHIVE");
    assertEquals(List.of(2), positions(split.slow()));
    assertEquals(300, split.fastestMbps());
    assertEquals(30, split.slowestMbps());
    assertTrue(split.hasBoth());
  }

  @Test
  void split_ofOneSsdBlock_hasTheSsdFast_andTheDisksSlow() {
    StorageModel.Split split = model(1250, 0).split(Fixtures.oneSsd(RACK, RACK, RACK));

    assertEquals(List.of(0), positions(split.fast()));
    assertEquals(List.of(1, 2), positions(split.slow()));
  }

  @ParameterizedTest(name = "all {0}")
  @CsvSource({"SSD", "DISK", "ARCHIVE", "TAPE"})
  void split_ofReplicasAllOfOneType_isAllSlow_noneFast(String type) {
    List<Replica> block = List.of(replica(0, LOCAL, type), replica(1, RACK, type), replica(2, OFF_RACK, type));

    StorageModel.Split split = model(1250, 1250).split(block);

    assertEquals(List.of(), split.fast());
    assertEquals(List.of(0, 1, 2), positions(split.slow()));
    assertFalse(split.hasBoth());
    assertEquals(List.of(), model(1250, 1250).eligibleFast(split));
  }

  @Test
  void unknownStorageType_countsAsDisk() {
    StorageModel model = model(1250, 0);
    assertEquals(60, model.throughput("TAPE"));

    StorageModel.Split withDisk = model.split(List.of(replica(0, RACK, "TAPE"), replica(1, RACK, "DISK")));
    assertEquals(List.of(), withDisk.fast(), "TAPE is as slow as DISK");

    StorageModel.Split withSsd = model.split(List.of(replica(0, RACK, "TAPE"), replica(1, RACK, "SSD")));
    assertEquals(List.of(1), positions(withSsd.fast()));
    assertEquals(List.of(0), positions(withSsd.slow()));
    assertEquals(60, withSsd.slowestMbps());
  }

  /** §3.1 with the defaults: intra-rack 1250 MB/s, inter-rack 0, slowest DISK 60 MB/s. */
  @ParameterizedTest(name = "SSD at distance {0}: eligible={1}")
  @CsvSource({"0, true", "1, true", "2, true", "4, false", "6, false"})
  void eligibleFast_withDefaults_isLocalAndSameRackOnly(int ssdDistance, boolean eligible) {
    StorageModel model = Fixtures.defaultStorage();
    StorageModel.Split split = model.split(Fixtures.oneSsd(ssdDistance, LOCAL, RACK));

    assertEquals(eligible ? List.of(0) : List.of(), positions(model.eligibleFast(split)));
  }

  @ParameterizedTest(name = "intra-rack {0} MB/s, slowest {1}: eligible={2}")
  @CsvSource({
      "60, DISK, false",
      "60.5, DISK, true",
      "0, DISK, false",
      "40, ARCHIVE, true",
      "30, ARCHIVE, false"})
  void sameRackFast_isEligibleOnlyWhenIntraRackBandwidthExceedsTheSlowestThroughput(double intraRackMbps,
      String slowType, boolean eligible) {
    StorageModel model = model(intraRackMbps, 0);
    StorageModel.Split split = model.split(List.of(replica(0, RACK, "SSD"), replica(1, RACK, slowType)));

    assertEquals(eligible ? List.of(0) : List.of(), positions(model.eligibleFast(split)));
  }

  @ParameterizedTest(name = "inter-rack {0} MB/s: eligible={1}")
  @CsvSource({"0, false", "60, false", "61, true", "1250, true"})
  void offRackFast_isEligibleOnlyWhenInterRackBandwidthExceedsTheSlowestThroughput(double interRackMbps,
      boolean eligible) {
    StorageModel model = model(1250, interRackMbps);
    StorageModel.Split split = model.split(Fixtures.oneSsd(OFF_RACK, RACK, RACK));

    assertEquals(eligible ? List.of(0) : List.of(), positions(model.eligibleFast(split)));
  }

  @Test
  void localFast_isAlwaysEligible_evenWithoutAnyNetworkBandwidth() {
    StorageModel model = model(0, 0);
    StorageModel.Split split = model.split(Fixtures.oneSsd(LOCAL, RACK, OFF_RACK));

    assertEquals(List.of(0), positions(model.eligibleFast(split)));
  }

  @Test
  void bestFast_prefersTheHigherThroughput_overACloserReplica() {
    StorageModel model = model(1250, 1250);
    List<Replica> eligible = List.of(replica(0, LOCAL, "SSD"), replica(1, OFF_RACK, "RAM_DISK"),
        replica(2, RACK, "DISK"));

    for (long seed = 0; seed < 200; seed++) {
      assertEquals(1, model.bestFast(eligible, new SplittableRandom(seed)).position());
    }
  }

  @Test
  void bestFast_amongEqualThroughput_prefersTheClosest() {
    StorageModel model = model(1250, 1250);
    List<Replica> eligible = List.of(replica(0, OFF_RACK, "SSD"), replica(1, RACK, "SSD"), replica(2, LOCAL, "SSD"),
        replica(3, RACK, "SSD"));

    for (long seed = 0; seed < 200; seed++) {
      assertEquals(2, model.bestFast(eligible, new SplittableRandom(seed)).position());
    }
  }

  @Test
  void bestFast_breaksFullTiesAtRandom() {
    StorageModel model = model(1250, 1250);
    List<Replica> eligible = List.of(replica(0, RACK, "SSD"), replica(1, RACK, "SSD"), replica(2, OFF_RACK, "SSD"));
    boolean[] chosen = new boolean[3];

    for (long seed = 0; seed < 200; seed++) {
      chosen[model.bestFast(eligible, new SplittableRandom(seed)).position()] = true;
    }

    assertTrue(chosen[0] && chosen[1], "both same-rack SSDs are chosen sometimes");
    assertFalse(chosen[2], "the farther SSD never is");
  }
}
