import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { RpcMeta, RpcPattern, RpcRequestOf, RpcResponseOf } from '@portal/contracts';
import { createRpcTransport, RedisStreamsClient, RpcClient } from '@portal/messaging';
import { requestContext } from './request-context';
import { passedOn } from './rpc-error';

const SERVICE_RPC_TRANSPORT = Symbol('SERVICE_RPC_TRANSPORT');

/** A service's calls to other services (auth, the catalogue, the owners of reported content). */
@Injectable()
export class ServiceRpc {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Under the running request (its id, so logs follow it; no user unless `meta` names one): a failure
   * of the other service reaches our caller as it is (a 404, a 503 when it is down).
   */
  async send<P extends RpcPattern>(pattern: P, data: RpcRequestOf<P>, meta: RpcMeta = { requestId: requestContext.requestId() }): Promise<RpcResponseOf<P>> {
    try {
      return await this.rpc.send(pattern, data, meta);
    } catch (error) {
      throw passedOn(error);
    }
  }
}

/** The client side of the request transport for a service that calls others: connected at boot, closed at shutdown. */
@Module({})
export class ServiceRpcModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(SERVICE_RPC_TRANSPORT) private readonly transport: RedisStreamsClient) {}

  static forService(config: { REDIS_URL: string; REDIS_KEY_PREFIX: string; RPC_TIMEOUT_MS: number }): DynamicModule {
    return {
      module: ServiceRpcModule,
      providers: [
        { provide: SERVICE_RPC_TRANSPORT, useFactory: () => createRpcTransport(config) },
        { provide: RpcClient, inject: [SERVICE_RPC_TRANSPORT], useFactory: (transport: RedisStreamsClient) => new RpcClient(transport, config.RPC_TIMEOUT_MS) },
        ServiceRpc,
      ],
      exports: [RpcClient, ServiceRpc],
    };
  }

  async onApplicationBootstrap() {
    await this.transport.connect();
  }

  async onApplicationShutdown() {
    await this.transport.close();
  }
}
