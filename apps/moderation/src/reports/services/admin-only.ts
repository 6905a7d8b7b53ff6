import { ErrorCode, REPORT_MESSAGES, type AuthenticatedUser, type RpcMeta } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import type { OwnerRpc } from '../../rpc/owner-rpc';

/** The gateway lets only admins through; this asks auth again, so a direct call is refused as well. */
export async function requireAdmin(owners: OwnerRpc, user: AuthenticatedUser | undefined, meta: RpcMeta): Promise<AuthenticatedUser> {
  if (!user || !(await owners.isAdmin(user, meta))) throw RpcError.of(ErrorCode.Forbidden, REPORT_MESSAGES.adminOnly);
  return user;
}
