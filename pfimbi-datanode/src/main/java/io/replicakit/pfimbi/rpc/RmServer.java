package io.replicakit.pfimbi.rpc;

import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableResponseProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.ReplicationManagerService;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusRequestProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusResponseProto;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.thirdparty.protobuf.BlockingService;
import org.apache.hadoop.thirdparty.protobuf.RpcController;

/**
 * A DataNode's Replication Manager endpoint (thesis §4.7, "Communication Manager"): Hadoop IPC with protobuf, as
 * HDFS's own DataNode-to-DataNode calls, so that SASL/Kerberos and service ACLs apply when security is on. A
 * notice is small; the block data moves over HDFS's data-transfer protocol when the receiver pulls it.
 */
public final class RmServer implements AutoCloseable {

  private final RPC.Server server;

  private RmServer(RPC.Server server) {
    this.server = server;
  }

  public static RmServer start(Configuration conf, InetSocketAddress bind, int handlers, NoticeHandler handler)
      throws IOException {
    Configuration rpcConf = new Configuration(conf);
    RPC.setProtocolEngine(rpcConf, ReplicationManagerProtocolPB.class, ProtobufRpcEngine2.class);
    BlockingService service = ReplicationManagerService.newReflectiveBlockingService(new Translator(handler));
    RPC.Server server = new RPC.Builder(rpcConf)
        .setProtocol(ReplicationManagerProtocolPB.class)
        .setInstance(service)
        .setBindAddress(bind.getHostString())
        .setPort(bind.getPort())
        .setNumHandlers(handlers)
        .setVerbose(false)
        .build();
    server.start();
    return new RmServer(server);
  }

  public InetSocketAddress address() {
    return server.getListenerAddress();
  }

  @Override
  public void close() {
    server.stop();
  }

  /** Server-side translator: decode, validate, delegate; a bad notice is refused, never thrown. */
  private static final class Translator implements ReplicationManagerProtocolPB {

    private final NoticeHandler handler;

    Translator(NoticeHandler handler) {
      this.handler = handler;
    }

    @Override
    public BlockAvailableResponseProto blockAvailable(RpcController controller, BlockAvailableProto request) {
      NoticeCodec.Decoded decoded = NoticeCodec.fromProto(request);
      Optional<String> refusal = decoded.notice().isPresent()
          ? handler.accept(decoded.notice().get()) : Optional.of(decoded.problem());
      BlockAvailableResponseProto.Builder b = BlockAvailableResponseProto.newBuilder()
          .setAccepted(refusal.isEmpty());
      refusal.ifPresent(b::setReason);
      return b.build();
    }

    @Override
    public StatusResponseProto status(RpcController controller, StatusRequestProto request) {
      return StatusResponseProto.newBuilder().addAllManagers(handler.status())
          .addAllFailedBlocks(handler.failedBlocks()).build();
    }
  }
}
