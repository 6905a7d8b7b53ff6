import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload } from '@portal/contracts';
import { StreamsContext, transportCall } from '@portal/messaging';
import { databaseUnavailable } from './database-unavailable';
import { RpcError } from './rpc-error';

/**
 * The answer to an error a handler did not expect but the caller should hear about as it is: the
 * service's own RpcError, or the database or Redis being down or restarting (a 503 the caller may retry, not
 * a bug; a write whose connection was lost mid-way may have committed, so the caller is told to
 * check first). null for anything else (a bug: answered as an internal error).
 */
export function knownErrorPayload(error: unknown): RpcErrorPayload | null {
  if (error instanceof RpcError) return error.payload;
  const unavailable = databaseUnavailable(error);
  if (!unavailable) return null;
  const write = transportCall.current()?.kind === 'write';
  return {
    code: ErrorCode.ServiceUnavailable,
    message: unavailable === 'connection-lost' && write ? GENERIC_MESSAGES.outcomeUnknown : GENERIC_MESSAGES.serviceUnavailable,
  };
}

/** Sends a service's known errors to the caller as they are; anything else is logged and hidden. */
@Catch()
export class RpcExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> | void {
    if (host.getType() === 'http') return this.replyOverHttp(exception, host);
    if (exception instanceof RpcError) return throwError(() => exception.payload);
    const known = knownErrorPayload(exception);
    if (known) {
      this.logger.warn({ err: exception, pattern: patternOf(host) }, 'database or Redis unavailable');
      return throwError(() => known);
    }
    this.logger.error({ err: exception, pattern: patternOf(host) }, 'unhandled error in message handler');
    return throwError(() => ({ code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal }));
  }

  /** A service's HTTP side only answers probes; an error there is a plain status. */
  private replyOverHttp(exception: unknown, host: ArgumentsHost) {
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    if (status >= 500) this.logger.error({ err: exception }, 'unhandled error in HTTP handler');
    host.switchToHttp().getResponse<FastifyReply>().status(status).send({ status: 'error' });
  }
}

/** The pattern of the message being handled, for the log (the streams transport's context carries it). */
function patternOf(host: ArgumentsHost): string | undefined {
  const context: unknown = host.switchToRpc().getContext();
  return context instanceof StreamsContext ? context.getChannel() : undefined;
}
