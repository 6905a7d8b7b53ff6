import { Injectable } from '@nestjs/common';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { passedOn } from '@portal/platform';

/** The account behind a public profile's nickname, asked of auth: an unknown nickname is auth's 404. */
@Injectable()
export class ProfileOwners {
  constructor(private readonly rpc: RpcClient) {}

  async idOf(username: string, meta: RpcMeta): Promise<string> {
    try {
      return (await this.rpc.send('auth.user.profile', { username }, { requestId: meta.requestId })).id;
    } catch (error) {
      throw passedOn(error);
    }
  }
}
