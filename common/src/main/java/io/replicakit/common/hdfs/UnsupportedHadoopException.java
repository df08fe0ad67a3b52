/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

/**
 * An adaptor's HDFS internals do not resolve in the running Hadoop: thrown at plugin start by
 * {@link InternalApi#check()}, with one message naming the adaptor, the Hadoop version and every missing member,
 * so that the mismatch is reported by the plugin's start-up handling instead of surfacing later as a
 * {@code NoSuchMethodError} in some daemon thread.
 */
public final class UnsupportedHadoopException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UnsupportedHadoopException(String message) {
    super(message);
  }
}
