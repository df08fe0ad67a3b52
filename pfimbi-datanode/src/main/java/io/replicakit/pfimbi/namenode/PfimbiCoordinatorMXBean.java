package io.replicakit.pfimbi.namenode;

/** The coordinator's state over JMX ({@code Hadoop:service=NameNode,name=ReplicaKitPfimbi}). */
public interface PfimbiCoordinatorMXBean {

  long getFilesTracked();

  long getBlocksStarted();

  long getFilesCompleted();

  long getFilesFellBack();

  int getFilesInProgress();

  int getProtectedBlocks();

  long getExcessDeletionsVetoed();
}
