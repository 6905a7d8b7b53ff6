import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable, tap } from 'rxjs';
import type { Logger } from 'pino';
import type { RpcRequest } from '@portal/contracts';
import { requestContext, resolveRequestId } from './request-context';

/**
 * Runs every message handler inside the caller's request context (request id, user, client IP),
 * and logs each handled message, so one request id finds a request's lines in every service.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const packet = context.switchToRpc().getData<Partial<RpcRequest<unknown>>>();
    const meta = { ...packet?.meta, requestId: resolveRequestId(packet?.meta?.requestId) };
    const handler = `${context.getClass().name}.${context.getHandler().name}`;
    const started = performance.now();
    const done = (outcome: 'ok' | 'error') => this.logger.info({ handler, outcome, ms: Math.round(performance.now() - started) }, 'message handled');
    return new Observable((subscriber) =>
      requestContext.run(meta, () =>
        next
          .handle()
          .pipe(tap({ complete: () => done('ok'), error: () => done('error') }))
          .subscribe(subscriber),
      ),
    );
  }
}
