/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.function.UnaryOperator;

/**
 * The daemon configuration a source may read (e.g. the testbed's node name), without tying this package to
 * Hadoop's {@code Configuration}.
 *
 * @param lookup returns the trimmed value of a key, or {@code null} when it is not set
 */
public record SourceSettings(UnaryOperator<String> lookup) {

  public String get(String key) {
    return lookup.apply(key);
  }
}
