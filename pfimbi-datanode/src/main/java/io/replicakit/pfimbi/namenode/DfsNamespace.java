package io.replicakit.pfimbi.namenode;

import io.replicakit.pfimbi.client.InvalidPfimbiSpecException;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.namenode.FileView.BlockView;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's namespace through HDFS's public client API, called by the NameNode on itself as its own
 * (super)user: file status, located blocks, extended attributes and {@code setReplication} behave exactly as for
 * any client, permissions, audit log and edit log included.
 *
 * <p>A file's Pfimbi request is its own {@value PfimbiConfig#XATTR} attribute, else its nearest ancestor
 * directory's, so that a job marks its output tree once, even when it recreates subdirectories (TestDFSIO deletes
 * and recreates its data directory). A malformed request is logged once and the file is written as in HDFS.
 */
public final class DfsNamespace implements Namespace {

  private static final Logger LOG = LoggerFactory.getLogger(DfsNamespace.class);

  private final DFSClient client;
  private final Set<String> reportedBadSpecs = ConcurrentHashMap.newKeySet();

  public DfsNamespace(DFSClient client) {
    this.client = client;
  }

  @Override
  public Optional<FileView> file(String path) throws IOException {
    HdfsFileStatus status = client.getFileInfo(path);
    if (status == null || status.isDirectory()) {
      return Optional.empty();
    }
    Optional<PfimbiSpec> spec = spec(path);
    if (spec.isEmpty()) {
      return Optional.of(new FileView(path, status.getReplication(), false, status.getStoragePolicy(), spec,
          List.of()));
    }
    try {
      LocatedBlocks located = client.getLocatedBlocks(path, 0, Long.MAX_VALUE);
      return Optional.of(new FileView(path, status.getReplication(), located.isUnderConstruction(),
          status.getStoragePolicy(), spec, finalizedBlocks(located)));
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
  }

  /** Every block but an unfinished last one of a file still being written. */
  private static List<BlockView> finalizedBlocks(LocatedBlocks located) {
    LocatedBlock last = located.getLastLocatedBlock();
    boolean skipLast = located.isUnderConstruction() && !located.isLastBlockComplete() && last != null;
    List<BlockView> blocks = new ArrayList<>();
    for (LocatedBlock b : located.getLocatedBlocks()) {
      if (skipLast && b.getBlock().getBlockId() == last.getBlock().getBlockId()) {
        continue;
      }
      List<String> holders = new ArrayList<>();
      for (DatanodeInfo d : b.getLocations()) {
        holders.add(d.getDatanodeUuid());
      }
      blocks.add(new BlockView(b.getBlock().getBlockId(), b.getBlock().getGenerationStamp(),
          b.getBlock().getNumBytes(), holders));
    }
    return blocks;
  }

  private Optional<PfimbiSpec> spec(String path) throws IOException {
    for (Path p = new Path(path); p != null; p = p.getParent()) {
      Optional<PfimbiSpec> spec = specOf(p.toUri().getPath());
      if (spec.isPresent()) {
        return spec;
      }
    }
    return Optional.empty();
  }

  private Optional<PfimbiSpec> specOf(String path) throws IOException {
    Map<String, byte[]> attrs;
    try {
      attrs = client.getXAttrs(path);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    byte[] value = attrs.get(PfimbiConfig.XATTR);
    if (value == null) {
      return Optional.empty();
    }
    String text = new String(value, StandardCharsets.UTF_8);
    try {
      return Optional.of(PfimbiSpec.parse(text));
    } catch (InvalidPfimbiSpecException e) {
      if (reportedBadSpecs.add(path)) {
        LOG.warn("Pfimbi: ignoring {} on {} ('{}'): {}", PfimbiConfig.XATTR, path, text, e.getMessage());
      }
      return Optional.empty();
    }
  }

  @Override
  public void setReplication(String path, short replication) throws IOException {
    client.setReplication(path, replication);
  }
}
