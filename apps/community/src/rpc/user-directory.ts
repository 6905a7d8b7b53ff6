import { Injectable } from '@nestjs/common';
import { COMMUNITY_MESSAGES, ErrorCode } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { ServiceRpc } from './service-rpc';

/**
 * Accounts by username, as public pages name them (a profile's list, comments, reviews). Auth is asked,
 * not the community's `user_refs`: a user who never commented has no row there and still exists.
 */
@Injectable()
export class UserDirectory {
  constructor(private readonly rpc: ServiceRpc) {}

  /** The account's id (auth matches the username in any case); 404 «Пользователь не найден». */
  async idOf(username: string): Promise<string> {
    try {
      return (await this.rpc.send('auth.user.profile', { username })).id;
    } catch (error) {
      if (error instanceof RpcError && error.payload.code === ErrorCode.NotFound) {
        throw RpcError.of(ErrorCode.NotFound, COMMUNITY_MESSAGES.userNotFound);
      }
      throw error;
    }
  }
}
