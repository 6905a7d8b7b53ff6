import type { z } from 'zod';
import type { AuthenticatedUser } from '../auth/user.dto';
import type { OperationRpcMap } from '../operations/registry';
import type { ServiceHealth, ServiceName } from '../platform/services';
import type { rpcErrorPayloadSchema } from './rpc-error.answers';

/** What travels with every request over the transport, so logs and rules follow the caller. */
export interface RpcMeta {
  requestId: string;
  user?: AuthenticatedUser;
  clientIp?: string;
}

export interface RpcRequest<T> {
  meta: RpcMeta;
  data: T;
}

/** The error a service sends back; the gateway turns `code` into the HTTP status. */
export type RpcErrorPayload = z.output<typeof rpcErrorPayloadSchema>;

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface PageQuery {
  page?: number;
  limit?: number;
}

/** Every service's health probe (answered by the platform, not a declared operation). */
type HealthRpcMap = { [S in ServiceName as `${S}.health`]: { request: Record<string, never>; response: ServiceHealth } };

/** Every request/response pattern with its payload and result: the declared operations (libs/contracts/src/operations) and the health probes. */
export interface RpcMap extends HealthRpcMap, OperationRpcMap {}

export type RpcPattern = keyof RpcMap;
export type RpcRequestOf<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = RpcMap[P]['response'];

export const healthPattern = <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`;
