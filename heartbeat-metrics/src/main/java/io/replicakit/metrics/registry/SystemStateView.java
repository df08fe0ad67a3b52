package io.replicakit.metrics.registry;

import java.util.List;
import java.util.Optional;

/**
 * What other modules (read selection, Pfimbi, placement) read in the NameNode: the latest fresh system state of
 * a DataNode. Lookups are a hash-map read, cheap enough for every {@code getBlockLocations}. Obtain it with
 * {@link SystemStates#current()}.
 */
public interface SystemStateView {

  /** The DataNode's latest sample if it is fresh; empty when stale, never reported, or the node is gone. */
  Optional<NodeState> fresh(String datanodeUuid);

  /** Every DataNode's latest sample, fresh or stale, for tables and monitoring. */
  List<NodeState> all();
}
