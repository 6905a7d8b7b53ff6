import { rpcClientCalls } from '@portal/platform';

/**
 * Requests the gateway running in this test process has sent for `pattern` so far, whatever their
 * outcome (its `portal_rpc_client_calls_total`). Only the gateway's RpcClient is metered, so calls the
 * services make of each other are not counted.
 */
export async function gatewayCallsOf(pattern: string): Promise<number> {
  const { values } = await rpcClientCalls.get();
  return values.filter((sample) => sample.labels.pattern === pattern).reduce((sum, sample) => sum + sample.value, 0);
}
