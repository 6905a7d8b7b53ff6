import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';

export type GatewayRequest = FastifyRequest & { user?: AuthenticatedUser };

/** The caller as services see it: request id, verified user (if any) and client IP. */
export const metaOf = (request: GatewayRequest): RpcMeta => ({ requestId: String(request.id), user: request.user, clientIp: request.ip });

export const Meta = createParamDecorator((_: unknown, context: ExecutionContext): RpcMeta => metaOf(context.switchToHttp().getRequest<GatewayRequest>()));
