import { RpcException } from '@nestjs/microservices';
import { type AuthenticatedUser, ErrorCode, GENERIC_MESSAGES, type FieldError, type RpcErrorPayload } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';

/** A failure a service reports to its caller: a machine code, a Russian message, optional field errors. */
export class RpcError extends RpcException {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload);
  }

  static validation(errors: FieldError[]): RpcError {
    return new RpcError({ code: ErrorCode.ValidationFailed, message: errors[0]?.message ?? GENERIC_MESSAGES.badRequest, errors });
  }

  static of(code: ErrorCode, message: string, extra: Partial<RpcErrorPayload> = {}): RpcError {
    return new RpcError({ ...extra, code, message });
  }
}

/** The caller of an RPC that needs one: the gateway sends the token's user along; without one, 401. */
export function signedIn(user: AuthenticatedUser | undefined): AuthenticatedUser {
  if (!user) throw RpcError.of(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
  return user;
}

/** Another service's refusal, passed on to our caller as it is (a 404, a 503 when it is down); any other error unchanged. */
export function passedOn(error: unknown): unknown {
  return error instanceof RemoteServiceError ? new RpcError(error.payload) : error;
}
