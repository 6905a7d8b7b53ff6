import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload } from '@portal/contracts';
import { RpcError } from './rpc-error';

/** Sends a service's known errors to the caller as they are; anything else is logged and hidden. */
@Catch()
export class RpcExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> | void {
    if (host.getType() === 'http') return this.replyOverHttp(exception, host);
    if (exception instanceof RpcError) return throwError(() => exception.payload);
    this.logger.error({ err: exception, pattern: host.switchToRpc().getContext()?.getChannel?.() }, 'unhandled error in message handler');
    return throwError(() => ({ code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal }));
  }

  /** A service's HTTP side only answers probes; an error there is a plain status. */
  private replyOverHttp(exception: unknown, host: ArgumentsHost) {
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    if (status >= 500) this.logger.error({ err: exception }, 'unhandled error in HTTP handler');
    host.switchToHttp().getResponse<FastifyReply>().status(status).send({ status: 'error' });
  }
}
