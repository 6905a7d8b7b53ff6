import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { type AnyOperation, type AuthenticatedUser, ErrorCode, GENERIC_MESSAGES, type RpcRequest } from '@portal/contracts';
import type { SanctionLookup } from '@portal/messaging';
import { requestContext, resolveRequestId } from '../request-context';
import { passedOn, RpcError, signedIn } from '../rpc-error';
import { operationOfHandler } from './handles-operation';
import type { RoleLookup } from './role-lookup';

/**
 * Access where the data lives (issue #31): whatever reached the service — through the gateway or
 * not — a declared operation refuses a guest when it needs a user, a banned user everything signed
 * in, a read-only user (and a muted one, in the chat) what creates content, and a non-admin what
 * only admins may do. The gateway checks the same first; this is the rule, that is the fast path.
 */
export class OperationAccessGuard implements CanActivate {
  constructor(
    private readonly sanctions: SanctionLookup,
    private readonly roles: RoleLookup | null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const operation = context.getType() === 'rpc' ? operationOfHandler(context.getHandler()) : undefined;
    if (!operation || operation.access === 'public') return true;
    const meta = context.switchToRpc().getData<RpcRequest<unknown>>().meta;
    const user = signedIn(meta?.user);
    // Guards run before RpcContextInterceptor: the role lookup carries the caller's request id this way.
    await requestContext.run({ ...meta, requestId: resolveRequestId(meta?.requestId) }, () => this.check(operation, user));
    return true;
  }

  private async check(operation: AnyOperation, user: AuthenticatedUser): Promise<void> {
    try {
      if (operation.creates) await this.sanctions.assertMayWrite(user.id, operation.creates === 'chat');
      else await this.sanctions.assertNotBanned(user.id);
    } catch (error) {
      throw passedOn(error);
    }
    if (operation.access === 'admin' || operation.access === 'uploader') {
      if (!this.roles) throw new Error(`${operation.pattern} is for ${operation.access}s, but this service provides no RoleLookup`);
      const roles = await this.roles.rolesOf(user);
      if (!(operation.access === 'admin' ? roles.isAdmin : roles.isUploader)) throw RpcError.of(ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden);
    }
  }
}
