/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.StorageType;

/**
 * A {@link Throughput} for every HDFS storage type, never fewer: the testbed's emulated devices and read selection's
 * storage model both hold their speeds as one, so neither needs a fallback for a type nobody configured.
 */
public final class StorageSpeeds {

  private final Map<StorageType, Throughput> speeds;

  private StorageSpeeds(EnumMap<StorageType, Throughput> speeds) {
    this.speeds = Collections.unmodifiableMap(speeds);
  }

  /**
   * The speeds of {@code each} type.
   *
   * @throws IllegalArgumentException naming the types without a speed
   */
  public static StorageSpeeds of(Map<StorageType, Throughput> each) {
    EnumMap<StorageType, Throughput> copy = new EnumMap<>(StorageType.class);
    each.forEach((type, speed) -> copy.put(Objects.requireNonNull(type), Objects.requireNonNull(speed, "speed")));
    List<StorageType> missing = new ArrayList<>();
    for (StorageType type : StorageType.values()) {
      if (!copy.containsKey(type)) {
        missing.add(type);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("no speed for storage types " + missing);
    }
    return new StorageSpeeds(copy);
  }

  /** These speeds with those of {@code changes} instead. */
  public StorageSpeeds with(Map<StorageType, Throughput> changes) {
    EnumMap<StorageType, Throughput> copy = new EnumMap<>(speeds);
    changes.forEach((type, speed) -> copy.put(Objects.requireNonNull(type), Objects.requireNonNull(speed, "speed")));
    return new StorageSpeeds(copy);
  }

  public Throughput get(StorageType type) {
    return speeds.get(type);
  }

  /** Every type's speed, in the enum's order. */
  public Map<StorageType, Throughput> asMap() {
    return speeds;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StorageSpeeds s && speeds.equals(s.speeds);
  }

  @Override
  public int hashCode() {
    return speeds.hashCode();
  }

  @Override
  public String toString() {
    return speeds.toString();
  }
}
