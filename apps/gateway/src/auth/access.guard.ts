import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';
import { SanctionLookup } from '@portal/messaging';

export type Access = 'public' | 'user' | 'uploader' | 'admin';
const ACCESS = 'portal:access';

/** The route needs a valid session token. */
export const RequireUser = () => SetMetadata(ACCESS, 'user' satisfies Access);
/** The route needs an admin; the role is checked with the auth service at call time, not trusted from the token. */
export const AdminOnly = () => SetMetadata(ACCESS, 'admin' satisfies Access);
/** The route needs an uploader (or an admin): episode uploads; checked with auth as the admin role is. */
export const UploaderOnly = () => SetMetadata(ACCESS, 'uploader' satisfies Access);

export type WriteKind = 'content' | 'chat';
const WRITES = 'portal:writes';
const IP_CHECKED = 'portal:ip-checked';

/**
 * The route creates content (a comment, a review, a chat message, a quiz, a report…): a read-only
 * user is refused it (403 USER_READ_ONLY), and a chat post a muted one too (docs/moderation.md, «Bans»).
 */
export const Writes = (kind: WriteKind = 'content') => SetMetadata(WRITES, kind);
/** Registration and sign-in: refused from an IP an admin banned (403 IP_BANNED). */
export const RefuseBannedIp = () => SetMetadata(IP_CHECKED, true);

interface TokenClaims {
  sub: string;
  username: string;
}

const fail = (code: ErrorCode, message: string) => new RemoteServiceError({ code, message });

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly rpc: RpcClient,
    private readonly sanctions: SanctionLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access>(ACCESS, [context.getHandler(), context.getClass()]) ?? 'public';
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    if (this.reflector.getAllAndOverride<boolean>(IP_CHECKED, [context.getHandler(), context.getClass()])) await this.sanctions.assertIpAllowed(request.ip);
    await this.admit(request, access, this.reflector.getAllAndOverride<WriteKind | undefined>(WRITES, [context.getHandler(), context.getClass()]));
    return true;
  }

  /**
   * The checks of a route's access, for a request that reaches no Nest route too (the resumable
   * episode upload): sets `request.user` from a valid token, or throws the envelope's error.
   */
  async admit(request: GatewayRequest, access: Access, writes?: WriteKind): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (token) {
      try {
        const claims = await this.jwt.verifyAsync<TokenClaims>(token);
        request.user = { id: claims.sub, username: claims.username };
      } catch (error) {
        // On public routes a stale token just means a guest; elsewhere it is a 401.
        if (access !== 'public') {
          throw error instanceof TokenExpiredError
            ? fail(ErrorCode.TokenExpired, GENERIC_MESSAGES.tokenExpired)
            : fail(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
        }
      }
    }
    if (access === 'public') return;
    if (!request.user) throw fail(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
    // Bans apply at once, not at token expiry: the moderation publishes them in Redis (cached here ≤ 2 s).
    if (writes) await this.sanctions.assertMayWrite(request.user.id, writes === 'chat');
    else await this.sanctions.assertNotBanned(request.user.id);
    if (access === 'admin' || access === 'uploader') {
      const roles = await this.rpc.send('auth.access.check', {}, metaOf(request));
      if (!(access === 'admin' ? roles.isAdmin : roles.isUploader)) throw fail(ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden);
    }
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}
