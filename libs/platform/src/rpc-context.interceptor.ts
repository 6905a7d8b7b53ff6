import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { RpcRequest } from '@portal/contracts';
import { requestContext, resolveRequestId } from './request-context';

/** Runs every message handler inside the caller's request context (request id, user, client IP). */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const packet = context.switchToRpc().getData<Partial<RpcRequest<unknown>>>();
    const meta = { ...packet?.meta, requestId: resolveRequestId(packet?.meta?.requestId) };
    return new Observable((subscriber) =>
      requestContext.run(meta, () => next.handle().subscribe(subscriber)),
    );
  }
}
