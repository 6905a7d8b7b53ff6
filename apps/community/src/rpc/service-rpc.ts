import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { RpcPattern, RpcRequestOf, RpcResponseOf } from '@portal/contracts';
import { RedisStreamsClient, RpcClient } from '@portal/messaging';
import { passedOn, requestContext } from '@portal/platform';

export const SERVICE_TRANSPORT = Symbol('SERVICE_TRANSPORT');

/** Calls to other services (the catalogue, auth) with the caller's request id, so logs follow it. */
@Injectable()
export class ServiceRpc implements OnApplicationShutdown {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(SERVICE_TRANSPORT) private readonly transport: RedisStreamsClient,
  ) {}

  /** A failure of the other service reaches our caller as it is (a 404, a 503 when it is down). */
  async send<P extends RpcPattern>(pattern: P, data: RpcRequestOf<P>): Promise<RpcResponseOf<P>> {
    try {
      return await this.rpc.send(pattern, data, { requestId: requestContext.requestId() });
    } catch (error) {
      throw passedOn(error);
    }
  }

  async onApplicationShutdown() {
    await this.transport.close();
  }
}
