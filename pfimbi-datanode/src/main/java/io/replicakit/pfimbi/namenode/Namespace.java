package io.replicakit.pfimbi.namenode;

import java.io.IOException;
import java.util.Optional;

/** The namespace operations the coordinator uses: public client calls to its own NameNode. */
public interface Namespace {

  /** The file, or empty when it no longer exists (or is not a file). */
  Optional<FileView> file(String path) throws IOException;

  void setReplication(String path, short replication) throws IOException;
}
