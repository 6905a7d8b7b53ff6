import { RpcException } from '@nestjs/microservices';
import { type AuthenticatedUser, ErrorCode, GENERIC_MESSAGES, type FieldError, type RpcErrorPayload } from '@portal/contracts';

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
