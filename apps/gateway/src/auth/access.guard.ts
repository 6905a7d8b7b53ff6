import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { type GatewayRequest, metaOf } from '../http/request-meta.decorator';

type Access = 'public' | 'user' | 'admin';
const ACCESS = 'portal:access';

/** The route needs a valid session token. */
export const RequireUser = () => SetMetadata(ACCESS, 'user' satisfies Access);
/** The route needs an admin; the role is checked with the auth service at call time, not trusted from the token. */
export const AdminOnly = () => SetMetadata(ACCESS, 'admin' satisfies Access);

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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access>(ACCESS, [context.getHandler(), context.getClass()]) ?? 'public';
    const request = context.switchToHttp().getRequest<GatewayRequest>();
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
    if (access === 'public') return true;
    if (!request.user) throw fail(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
    if (access === 'admin') {
      const { isAdmin } = await this.rpc.send('auth.access.check', {}, metaOf(request));
      if (!isAdmin) throw fail(ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden);
    }
    return true;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}
