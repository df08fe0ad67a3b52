package io.replicakit.read.policy;

import java.util.List;
import java.util.Locale;

/** The registry of read policies by the names {@code replicakit.read.policy} accepts. */
public final class ReadPolicies {

  /** Every policy name, HDFS's own first. */
  public static final List<String> NAMES = List.of(NetworkDistancePolicy.NAME, StorageTypePolicy.NAME,
      WeightedRoundRobinPolicy.NAME, DynamicRoundRobinPolicy.NAME, SystemStatePolicy.NAME, CombinedPolicy.NAME);

  private ReadPolicies() {}

  public static boolean isKnown(String name) {
    return NAMES.contains(name.toLowerCase(Locale.ROOT));
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
        return new DynamicRoundRobinPolicy(storage, drrWeight(settings, env));
      case SystemStatePolicy.NAME:
        return new SystemStatePolicy(new Scorer(settings.score(), env.states()));
      case CombinedPolicy.NAME:
        return new CombinedPolicy(storage, drrWeight(settings, env), new Scorer(settings.score(), env.states()),
            settings.combinedClassBonus());
      default:
        throw new IllegalArgumentException("unknown read policy '" + settings.policy() + "'; known: " + NAMES);
    }
  }

  private static DrrWeight drrWeight(ReadSettings settings, PolicyEnvironment env) {
    return new DrrWeight(settings.drr(), settings.storage(), env, settings.wrrWeight());
  }
}
