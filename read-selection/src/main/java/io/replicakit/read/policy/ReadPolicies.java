/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.Locale;

/**
 * The registry of read policies by the names {@code replicakit.read.policy} accepts. A researcher's own policy
 * is named by its class instead: a {@link ReadPolicy} with a public constructor taking ({@link ReadSettings},
 * {@link PolicyEnvironment}) or none.
 */
public final class ReadPolicies {

  /** Every policy name, HDFS's own first. */
  public static final List<String> NAMES = List.of(NetworkDistancePolicy.NAME, StorageTypePolicy.NAME,
      WeightedRoundRobinPolicy.NAME, DynamicRoundRobinPolicy.NAME, SystemStatePolicy.NAME, CombinedPolicy.NAME);

  /** The policies that order by the DataNodes' system state (heartbeat-metrics' samples) among other things. */
  public static final List<String> STATE_READERS = List.of(DynamicRoundRobinPolicy.NAME, SystemStatePolicy.NAME,
      CombinedPolicy.NAME);

  private ReadPolicies() {}

  /** Whether the policy named {@code name} reads the DataNodes' system state. */
  public static boolean readsSystemState(String name) {
    return STATE_READERS.contains(name.toLowerCase(Locale.ROOT));
  }

  public static boolean isKnown(String name) {
    return NAMES.contains(name.toLowerCase(Locale.ROOT)) || policyClass(name) != null;
  }

  /** The policy {@code settings.policy()} names; its name must be {@link #isKnown known}. */
  public static ReadPolicy create(ReadSettings settings, PolicyEnvironment env) {
    StorageModel storage = settings.storage();
    switch (settings.policy().toLowerCase(Locale.ROOT)) {
      case NetworkDistancePolicy.NAME:
        return new NetworkDistancePolicy();
      case StorageTypePolicy.NAME:
        return new StorageTypePolicy(storage);
      case WeightedRoundRobinPolicy.NAME:
        return new WeightedRoundRobinPolicy(storage, settings.wrrWeight());
      case DynamicRoundRobinPolicy.NAME:
        EarliestFinish byVolume = earliestFinish(settings, env);
        return new DynamicRoundRobinPolicy(storage, drrWeight(settings, env, byVolume != null), byVolume);
      case SystemStatePolicy.NAME:
        return new SystemStatePolicy(new Scorer(settings.score(), env.states()));
      case CombinedPolicy.NAME:
        EarliestFinish combinedByVolume = earliestFinish(settings, env);
        return new CombinedPolicy(storage, drrWeight(settings, env, combinedByVolume != null),
            new Scorer(settings.score(), env.states()), settings.combinedClassBonus(), combinedByVolume);
      default:
        return custom(settings, env);
    }
  }

  private static ReadPolicy custom(ReadSettings settings, PolicyEnvironment env) {
    Class<? extends ReadPolicy> type = policyClass(settings.policy());
    if (type == null) {
      throw new IllegalArgumentException("unknown read policy '" + settings.policy() + "'; known: " + NAMES
          + " or the name of a ReadPolicy class");
    }
    try {
      try {
        return type.getConstructor(ReadSettings.class, PolicyEnvironment.class).newInstance(settings, env);
      } catch (NoSuchMethodException e) {
        return type.getConstructor().newInstance();
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("read policy class " + type.getName() + " cannot be created: " + e, e);
    }
  }

  /** The ReadPolicy class of that name, or null. */
  private static Class<? extends ReadPolicy> policyClass(String name) {
    if (!name.contains(".")) {
      return null;
    }
    try {
      Class<?> type = Class.forName(name, false, ReadPolicies.class.getClassLoader());
      return ReadPolicy.class.isAssignableFrom(type) ? type.asSubclass(ReadPolicy.class) : null;
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /** DRR's choice by volume, or null when its weight divides the storage classes (the paper's). */
  private static EarliestFinish earliestFinish(ReadSettings settings, PolicyEnvironment env) {
    DrrSettings drr = settings.drr();
    return drr.balance() == DrrBalance.VOLUME
        ? new EarliestFinish(settings.storage(), drr.booking(), env.clockMs())
        : null;
  }

  /** @param towardBalance DRR by volume's rule for moving the weight (see {@link DrrWeight}) */
  private static DrrWeight drrWeight(ReadSettings settings, PolicyEnvironment env, boolean towardBalance) {
    return new DrrWeight(settings.drr(), settings.storage(), env, settings.wrrWeight(), towardBalance);
  }
}
