/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import io.replicakit.common.ValidationStatus;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;

/**
 * Every key of one module, in the order its documentation lists them. Validation checks every key and reports
 * every problem at once, so an operator fixes a configuration in one round instead of one restart per mistake.
 */
public final class ConfigKeys {

  private final String module;
  private final String prefix;
  private final String title;
  private final List<ConfigKey<?>> keys;

  private ConfigKeys(String module, String prefix, String title, List<ConfigKey<?>> keys) {
    this.module = module;
    this.prefix = prefix;
    this.title = title;
    this.keys = List.copyOf(keys);
  }

  /**
   * @param module the Maven module that declares the keys (names its table in docs/configuration.md)
   * @param prefix the prefix every key's name starts with
   * @param title how messages name the module's configuration ("invalid ReplicaKit TITLE configuration")
   * @throws IllegalArgumentException when a key is outside the prefix or declared twice
   */
  public static ConfigKeys of(String module, String prefix, String title, List<ConfigKey<?>> keys) {
    Set<String> names = new HashSet<>();
    for (ConfigKey<?> key : keys) {
      if (!key.name().startsWith(prefix)) {
        throw new IllegalArgumentException(key.name() + " is not under " + prefix);
      }
      if (!names.add(key.name())) {
        throw new IllegalArgumentException(key.name() + " is declared twice");
      }
    }
    return new ConfigKeys(module, prefix, title, keys);
  }

  public String module() {
    return module;
  }

  public String prefix() {
    return prefix;
  }

  public List<ConfigKey<?>> all() {
    return keys;
  }

  public List<String> names() {
    return keys.stream().map(ConfigKey::name).toList();
  }

  /** Every problem with the keys in {@code conf}, each naming its key and the allowed values. */
  public ValidationStatus validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    keys.forEach(key -> key.check(conf, problems));
    return new ValidationStatus(problems);
  }

  /**
   * Checks {@code conf}.
   *
   * @throws IllegalArgumentException listing every problem when it is invalid
   */
  public void requireValid(Configuration conf) {
    ValidationStatus status = validate(conf);
    if (!status.isValid()) {
      throw new IllegalArgumentException("invalid ReplicaKit " + title + " configuration: " + status.reason());
    }
  }

  /** Warns, once per configuration, about keys under the prefix that are none of these ({@link KnownKeys}). */
  public void warnUnknown(Configuration conf, Logger log) {
    KnownKeys.warnUnknown(conf, prefix, names(), log);
  }
}
