/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.common.ValidationStatus;
/** A cluster spec that failed validation; the message lists every problem with the field it concerns. */
public final class InvalidSpecException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidSpecException(String source, ValidationStatus status) {
    super("invalid cluster spec '" + source + "': " + status.reason());
  }

  public InvalidSpecException(String message) {
    super(message);
  }
}
