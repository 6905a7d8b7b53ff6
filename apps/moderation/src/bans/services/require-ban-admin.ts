import { BAN_MESSAGES, ErrorCode, type AuthenticatedUser, type RpcMeta } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import type { OwnerRpc } from '../../rpc/owner-rpc';

/** The gateway lets only admins through; this asks auth again, so a direct call is refused as well. */
export async function requireBanAdmin(owners: OwnerRpc, user: AuthenticatedUser | undefined, meta: RpcMeta): Promise<AuthenticatedUser> {
  if (!user || !(await owners.isAdmin(user, meta))) throw RpcError.of(ErrorCode.Forbidden, BAN_MESSAGES.adminOnly);
  return user;
}
