import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable, tap } from 'rxjs';
import type { Logger } from 'pino';
import type { RpcRequest } from '@portal/contracts';
import { StreamsContext } from '@portal/messaging';
import { rpcRequestDuration, rpcRequests } from './metrics/portal-metrics';
import { requestContext, resolveRequestId } from './request-context';

/**
 * Runs every message handler inside the caller's request context (request id, user, client IP),
 * and logs each handled message (failures at info, the rest at debug), so one request id finds a
 * request's lines in every service;
 * counts and times it by pattern for the metrics.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  constructor(
    private readonly logger: Logger,
    private readonly service: string,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const packet = context.switchToRpc().getData<Partial<RpcRequest<unknown>>>();
    const meta = { ...packet?.meta, requestId: resolveRequestId(packet?.meta?.requestId) };
    const handler = `${context.getClass().name}.${context.getHandler().name}`;
    const rpcContext: unknown = context.switchToRpc().getContext();
    const pattern = rpcContext instanceof StreamsContext ? rpcContext.getChannel() : handler;
    const started = performance.now();
    const done = (outcome: 'ok' | 'error') => {
      const ms = performance.now() - started;
      rpcRequests.inc({ service: this.service, pattern, outcome });
      rpcRequestDuration.observe({ service: this.service, pattern }, ms / 1000);
      // A failed handler at info; a handled one at debug (a line per call costs as much as a cached read).
      this.logger[outcome === 'ok' ? 'debug' : 'info']({ handler, outcome, ms: Math.round(ms) }, 'message handled');
    };
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
