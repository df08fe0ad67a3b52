package io.replicakit.pfimbi.rpc;

import io.replicakit.pfimbi.proto.PfimbiProtos.ReplicationManagerService;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtocolInfo;
import org.apache.hadoop.security.KerberosInfo;

/**
 * The Replication Managers' protocol. Its callers are the NameNode and other DataNodes, so with Kerberos and
 * service authorization on, the server accepts the DataNode principal as HDFS does for DataNode-to-DataNode
 * IPC ({@code ClientDatanodeProtocol}); the protocol name is the class name, as service ACLs require.
 */
@KerberosInfo(serverPrincipal = DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY)
@ProtocolInfo(protocolName = "io.replicakit.pfimbi.rpc.ReplicationManagerProtocolPB", protocolVersion = 1)
public interface ReplicationManagerProtocolPB extends ReplicationManagerService.BlockingInterface {}
