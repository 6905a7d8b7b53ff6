import { RpcException } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type FieldError, type RpcErrorPayload } from '@portal/contracts';

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
