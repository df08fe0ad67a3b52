/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.client;

import io.replicakit.pfimbi.config.PfimbiConfig;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A path's Pfimbi request through the client API: its own {@value PfimbiConfig#XATTR} attribute, else its
 * nearest ancestor directory's, so that a job marks its output tree once, even when it recreates subdirectories
 * (TestDFSIO deletes and recreates its data directory). A malformed request is logged once per path and ignored:
 * the file is written as in HDFS. Used by the coordinator and by the operator's check alike.
 */
public final class MarkLookup {

  private static final Logger LOG = LoggerFactory.getLogger(MarkLookup.class);
  private static final int MAX_REPORTED = 10_000;

  private final DFSClient client;
  private final Set<String> reportedBadSpecs = ConcurrentHashMap.newKeySet();

  public MarkLookup(DFSClient client) {
    this.client = client;
  }

  /** The request governing {@code path}, if any. */
  public Optional<PfimbiSpec> nearest(String path) throws IOException {
    for (Path p = new Path(path); p != null; p = p.getParent()) {
      Optional<PfimbiSpec> spec = own(p.toUri().getPath());
      if (spec.isPresent()) {
        return spec;
      }
    }
    return Optional.empty();
  }

  /** The text of the attribute on {@code path} itself, if it has one. */
  public Optional<String> ownText(String path) throws IOException {
    Map<String, byte[]> attrs;
    try {
      attrs = client.getXAttrs(path);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    byte[] value = attrs.get(PfimbiConfig.XATTR);
    return value == null ? Optional.empty() : Optional.of(new String(value, StandardCharsets.UTF_8));
  }

  private Optional<PfimbiSpec> own(String path) throws IOException {
    Optional<String> text = ownText(path);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(PfimbiSpec.parse(text.get()));
    } catch (InvalidPfimbiSpecException e) {
      if (reportedBadSpecs.size() < MAX_REPORTED && reportedBadSpecs.add(path)) {
        LOG.warn("Pfimbi: ignoring {} on {} ('{}'): {}", PfimbiConfig.XATTR, path, text.get(), e.getMessage());
      }
      return Optional.empty();
    }
  }
}
