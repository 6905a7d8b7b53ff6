import { ErrorCode, type RpcMeta, type RpcPattern, type RpcRequestOf, type RpcResponseOf } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { rpcClientCallDuration, rpcClientCalls } from './portal-metrics';

/** The RpcClient, counting and timing each call by pattern (`portal_rpc_client_*`). */
export class MeteredRpcClient extends RpcClient {
  override async send<P extends RpcPattern>(pattern: P, data: RpcRequestOf<P>, meta: RpcMeta): Promise<RpcResponseOf<P>> {
    const stopTimer = rpcClientCallDuration.startTimer({ pattern });
    try {
      const response = await super.send(pattern, data, meta);
      rpcClientCalls.inc({ pattern, outcome: 'ok' });
      return response;
    } catch (error) {
      const unavailable = !(error instanceof RemoteServiceError) || error.payload.code === ErrorCode.ServiceUnavailable;
      rpcClientCalls.inc({ pattern, outcome: unavailable ? 'unavailable' : 'error' });
      throw error;
    } finally {
      stopTimer();
    }
  }
}
