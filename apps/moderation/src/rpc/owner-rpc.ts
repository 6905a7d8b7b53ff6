import { Injectable } from '@nestjs/common';
import type { RpcMeta, RpcPattern, RpcRequestOf, RpcResponseOf } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { passedOn } from '@portal/platform';

/**
 * Calls to the services that own reported content, and to auth, under the caller's request (its
 * id and its user): the owner applies its own rules to the reporter or the admin as to anyone.
 */
@Injectable()
export class OwnerRpc {
  constructor(private readonly rpc: RpcClient) {}

  /** A failure of the other service reaches our caller as it is (a 404, a 503 when it is down). */
  async send<P extends RpcPattern>(pattern: P, data: RpcRequestOf<P>, meta: RpcMeta): Promise<RpcResponseOf<P>> {
    try {
      return await this.rpc.send(pattern, data, meta);
    } catch (error) {
      throw passedOn(error);
    }
  }
}
