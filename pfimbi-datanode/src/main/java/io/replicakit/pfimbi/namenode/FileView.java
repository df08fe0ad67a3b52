package io.replicakit.pfimbi.namenode;

import io.replicakit.pfimbi.client.PfimbiSpec;
import java.util.List;
import java.util.Optional;

/**
 * A file as the coordinator needs to see it: its replication, whether it is still being written, its storage
 * policy, its Pfimbi request (from its own or its parent directory's extended attribute) and its blocks.
 *
 * @param blocks the blocks a background copy can start from: finalized somewhere (every block of a closed file,
 *     all but an unfinished last block of an open one)
 */
public record FileView(String path, short replication, boolean underConstruction, byte storagePolicyId,
    Optional<PfimbiSpec> spec, List<BlockView> blocks) {

  /** A block and the live DataNodes holding it. */
  public record BlockView(long blockId, long generationStamp, long numBytes, List<String> holders) {}

  /** Whether Pfimbi has copies to add: a request asking for more copies than the file was written with. */
  public boolean wantsBackgroundCopies() {
    return spec.isPresent() && spec.get().replication() > replication;
  }
}
