/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.device.VolumeDevice;
import io.replicakit.testbed.spec.VolumeSpec;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.FaultInjectorFileIoEvents;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The testbed's one adaptor to Hadoop internals that have no public hook (checked against Hadoop 3.5.0
 * sources). A Hadoop upgrade that moves them breaks here, loudly, and nowhere else: every Hadoop member it uses is
 * listed in {@link TestbedInternals}, which {@link EmulatedFsDatasetFactory} resolves before a DataNode builds its
 * dataset.
 *
 * <ul>
 *   <li>{@code FileIoProvider.faultInjectorEventHook}: a private final field every DataNode data I/O passes
 *       through ({@code beforeFileIo(volume, op, len)}) before touching the disk; replacing it is how devices
 *       are throttled.
 *   <li>{@code FsVolumeImpl.setCapacityForTesting}: makes a volume report the spec's capacity (0 while the
 *       node's disks are {@link NodeDevices#fillDisks filled}).
 *   <li>{@code TestDFSIO.excutorService}: a thread pool TestDFSIO never shuts down; its non-daemon threads
 *       would keep the JVM alive after a run.
 *   <li>{@code DatanodeManager.getHeartbeatManager()} and {@code HeartbeatManager.heartbeatCheck()}
 *       (package-private): declare a killed DataNode dead at once, as MiniDFSCluster's {@code setDataNodeDead}
 *       does, in a NameNode of its own process.
 *   <li>{@code DataNode.getAllBpOs()} and {@code BPOfferService.triggerHeartbeatForTests()} (package-private):
 *       send a heartbeat now, so a capacity change reaches the NameNode before the call returns.
 *   <li>{@code DataXceiver.updateCurrentThreadName}: not called, but the name it gives a data-transfer thread is
 *       how the device hook tells which block an I/O belongs to ({@link #currentBlock}).
 * </ul>
 */
public final class HadoopInternals {

  private static final Logger LOG = LoggerFactory.getLogger(HadoopInternals.class);

  private static final String HOOK_FIELD = "faultInjectorEventHook";
  private static final Pattern BLOCK_IN_THREAD_NAME = Pattern.compile("\\b(blk_-?\\d+)(?:_\\d+)?");
  private static final String DFSIO_POOL_FIELD = "excutorService";

  private HadoopInternals() {}

  /** Routes every data I/O of {@code dn} through {@code devices}. */
  public static void installDeviceHook(DataNode dn, NodeDevices devices) throws IOException {
    FileIoProvider provider = dn.getFileIoProvider();
    try {
      Field field = FileIoProvider.class.getDeclaredField(HOOK_FIELD);
      field.setAccessible(true);
      field.set(provider, new ThrottlingFileIoEvents(devices));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("cannot install the testbed's device emulation: FileIoProvider." + HOOK_FIELD
          + " is not accessible in this Hadoop version (" + e + ")", e);
    }
  }

  /**
   * Registers each volume's device and sets its reported capacity from {@code specs}: the i-th volume of a
   * storage type gets the i-th spec of that type, matching MiniDFSCluster's data-directory order. While the node's
   * disks are filled the capacity is 0, so the volume reports no space left: the NameNode stops choosing it as a
   * target, and HDFS's own volume choice on the DataNode refuses new replicas with {@code DiskOutOfSpaceException}.
   * Call again after filling or clearing the disks of a running DataNode.
   */
  public static void configureVolumes(FsDatasetSpi<?> dataset, NodeDevices devices, List<VolumeSpec> specs)
      throws IOException {
    List<VolumeSpec> unused = new ArrayList<>(specs);
    try (FsDatasetSpi.FsVolumeReferences refs = dataset.getFsVolumeReferences()) {
      for (FsVolumeSpi volume : refs) {
        devices.volume(volume.getStorageID(), volume.getStorageType());
        VolumeSpec spec = unused.stream().filter(s -> s.type() == volume.getStorageType()).findFirst().orElse(null);
        if (spec != null && volume instanceof FsVolumeImpl impl) {
          impl.setCapacityForTesting(devices.disksFull() ? 0 : spec.capacityBytes());
          unused.remove(spec);
        }
      }
    }
    if (!unused.isEmpty()) {
      throw new IOException("the DataNode has no volume for " + unused + " of its configured volumes "
          + specs + "; check the storage types of its data directories");
    }
  }

  /**
   * Has the NameNode declare every DataNode registered from {@code ipAddress} dead now, as it would after their
   * heartbeats expired, so re-replication of their blocks starts at once.
   *
   * @return how many DataNodes were declared dead (0 when none is registered from that address)
   */
  public static int declareDead(NameNode nameNode, String ipAddress) throws IOException {
    DatanodeManager manager = nameNode.getNamesystem().getBlockManager().getDatanodeManager();
    int found = 0;
    for (DatanodeDescriptor node : manager.getDatanodeListForReport(DatanodeReportType.ALL)) {
      if (node.getIpAddr().equals(ipAddress)) {
        node.setLastUpdate(0);
        // Far in the past even on a machine that booted moments ago (monotonic time starts near 0).
        node.setLastUpdateMonotonic(Long.MIN_VALUE / 2);
        found++;
      }
    }
    if (found > 0) {
      try {
        Object heartbeats = invoke(manager, DatanodeManager.class, "getHeartbeatManager");
        invoke(heartbeats, heartbeats.getClass(), "restartHeartbeatStopWatch");
        invoke(heartbeats, heartbeats.getClass(), "heartbeatCheck");
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new IOException("cannot run the NameNode's heartbeat check (" + e + "); the DataNodes at "
            + ipAddress + " will be declared dead when their heartbeats expire", e);
      }
    }
    return found;
  }

  /** Makes a DataNode send a heartbeat to each NameNode now, and waits until it has. */
  public static void triggerHeartbeat(DataNode dn) throws IOException {
    try {
      for (Object offerService : (List<?>) invoke(dn, DataNode.class, "getAllBpOs")) {
        invoke(offerService, offerService.getClass(), "triggerHeartbeatForTests");
      }
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new IOException("heartbeat failed: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("cannot trigger a DataNode heartbeat in this Hadoop version (" + e + ")", e);
    }
  }

  private static Object invoke(Object target, Class<?> type, String method) throws ReflectiveOperationException {
    Method m = type.getDeclaredMethod(method);
    m.setAccessible(true);
    return m.invoke(target);
  }

  /** Shuts down the thread pool a {@code TestDFSIO} instance leaves behind; best effort, logs on failure. */
  /**
   * A counter of the DataNode's own metrics ({@code DataNodeActivity}: {@code BlocksReplicated}, ...) as it stands
   * now, read from its metrics2 source: JMX serves a copy that metrics2 refreshes once per period (10 s by default),
   * too late for a check made seconds after what it counts.
   */
  public static long dataNodeCounter(DataNode dn, String counter) {
    String name = dn.getMetrics().name();
    MetricsSource source = DefaultMetricsSystem.instance().getSource(name);
    if (source == null) {
      throw new IllegalStateException("no metrics source " + name + " for DataNode " + dn.getDisplayName());
    }
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    for (MetricsRecord record : collector.getRecords()) {
      for (AbstractMetric metric : record.metrics()) {
        if (metric.name().equals(counter)) {
          return metric.value().longValue();
        }
      }
    }
    throw new IllegalStateException("DataNode metrics " + name + " have no counter " + counter);
  }

  public static void shutDownDfsioPool(Object testDfsio) {
    try {
      Field field = testDfsio.getClass().getDeclaredField(DFSIO_POOL_FIELD);
      field.setAccessible(true);
      ((ExecutorService) field.get(testDfsio)).shutdownNow();
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn("Cannot shut down TestDFSIO's thread pool ({}); the JVM may need System.exit to end", e.toString());
    }
  }

  /**
   * Maps {@code beforeFileIo} to device transfers: reads and zero-copy transfers read, writes write, syncs wait for
   * the data the calling thread wrote to the volume (with write-back; {@link VolumeDevice#sync}). A write to a
   * {@link VolumeDevice#isFull full} device fails with its {@code DiskOutOfSpaceException} instead.
   */
  static final class ThrottlingFileIoEvents extends FaultInjectorFileIoEvents {
    private final NodeDevices devices;

    ThrottlingFileIoEvents(NodeDevices devices) {
      super(null);
      this.devices = devices;
    }

    @Override
    public void beforeFileIo(FsVolumeSpi volume, FileIoProvider.OPERATION op, long len) {
      if (op == FileIoProvider.OPERATION.SYNC && volume != null) {
        sync(devices.volume(volume.getStorageID(), volume.getStorageType()));
        return;
      }
      VolumeDevice.Io io = switch (op) {
        case READ, TRANSFER -> VolumeDevice.Io.READ;
        case WRITE, NATIVE_COPY -> VolumeDevice.Io.WRITE;
        default -> null;
      };
      if (io == null || volume == null || len <= 0) {
        return;
      }
      VolumeDevice device = devices.volume(volume.getStorageID(), volume.getStorageType());
      if (io == VolumeDevice.Io.WRITE) {
        refuseIfFull(device);
      }
      try {
        device.transfer(io, len, currentBlock());
      } catch (InterruptedException e) {
        // DataNode threads are interrupted on shutdown; keep the flag and let the I/O proceed unthrottled.
        Thread.currentThread().interrupt();
      }
    }

    /** An {@code fsync} ({@code FileIoProvider.sync}, len 0): waits until this thread's dirty data is written. */
    private static void sync(VolumeDevice device) {
      try {
        device.sync();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /**
     * The hook's signature declares no exception, but every {@code FileIoProvider} stream that calls it declares
     * {@code IOException} and rethrows whatever the hook raised (after asking the DataNode to check the volume).
     * Raising the real {@code IOException} the disk code would raise, rather than wrapping it in an unchecked one,
     * is what makes the DataNode take the path of a real full disk.
     */
    private static void refuseIfFull(VolumeDevice device) {
      try {
        device.checkWritable();
      } catch (IOException e) {
        throw HadoopInternals.<RuntimeException>sneaky(e);
      }
    }
  }

  /**
   * The block the calling DataNode thread is reading or writing, as {@code blk_<id>}, or null when the thread does
   * not say. The hook is told no file, but a {@code DataXceiver} names its thread after the operation it serves
   * ({@code updateCurrentThreadName}: "Receiving block BP-...:blk_1073741825_1001", "Sending block ..."), and
   * every read and write of a client's or a peer's block runs on that thread. The generation stamp is left out:
   * a block keeps its cached bytes across an append or a recovery.
   */
  static String currentBlock() {
    Matcher m = BLOCK_IN_THREAD_NAME.matcher(Thread.currentThread().getName());
    return m.find() ? m.group(1) : null;
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable t) throws T {
    throw (T) t;
  }
}
