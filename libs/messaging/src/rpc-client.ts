import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload, type RpcMeta, type RpcPattern, type RpcRequestOf, type RpcResponseOf } from '@portal/contracts';
import { kindOf } from '@portal/contracts/operations';
import { assertNoOpenTransaction } from '@portal/db';
import { UnencodableMessageError } from './transport/encoding';

/** A failure reported by (or on the way to) a service, carrying the payload the gateway renders. */
export class RemoteServiceError extends Error {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload.message);
  }
}

/** Typed request/response over the transport: every call has a deadline and a mapped error. */
export class RpcClient {
  constructor(
    private readonly proxy: Pick<ClientProxy, 'send'>,
    private readonly timeoutMs: number,
  ) {}

  /** Never inside an open database transaction (assertNoOpenTransaction: the other service may need the same database). */
  async send<P extends RpcPattern>(pattern: P, data: RpcRequestOf<P>, meta: RpcMeta): Promise<RpcResponseOf<P>> {
    assertNoOpenTransaction(`RPC ${pattern}`);
    try {
      return await firstValueFrom(this.proxy.send<RpcResponseOf<P>>(pattern, { meta, data }).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      throw toRemoteServiceError(error, kindOf(pattern) === 'write');
    }
  }
}

function toRemoteServiceError(error: unknown, write: boolean): RemoteServiceError {
  if (error instanceof TimeoutError) {
    // A write past its deadline may still have run (a slow commit, a reply lost while Redis
    // restarted): «try again later» would invite a second copy, so the caller is told to check.
    return new RemoteServiceError({
      code: ErrorCode.ServiceUnavailable,
      message: write ? GENERIC_MESSAGES.outcomeUnknown : GENERIC_MESSAGES.serviceUnavailable,
    });
  }
  // A request that cannot be encoded (nested too deep, circular) is the caller's: it was never sent.
  if (error instanceof UnencodableMessageError) {
    return new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.badRequest });
  }
  if (isPayload(error)) return new RemoteServiceError(error);
  // A transport-level failure (no handler, connection lost): the service is not able to answer.
  return new RemoteServiceError({ code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.serviceUnavailable });
}

function isPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(ErrorCode).includes((value as RpcErrorPayload).code) &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}
