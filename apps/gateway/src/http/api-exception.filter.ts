import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type ApiFailure, ErrorCode, GENERIC_MESSAGES, HTTP_STATUS_BY_CODE } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';
import { malformedMultipart } from '../uploads/multipart-form';
import { failureOfStatus } from './failure-of-status';
import type { SpaFallback } from '../web/spa-fallback';

/**
 * Every failure leaves the gateway in the envelope: service errors keep their code and Russian
 * message, framework errors get a generic one, and unexpected errors are logged, never shown.
 */
/** 503 as a plain status number, to compare with the statuses errors carry. */
const SERVICE_UNAVAILABLE: number = HttpStatus.SERVICE_UNAVAILABLE;

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly spa: SpaFallback,
  ) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (this.spa.serves(request, exception)) return this.spa.send(reply);

    const { status, body, retryAfterSeconds } = this.describe(exception, request);
    if (retryAfterSeconds) reply.header('Retry-After', String(retryAfterSeconds));
    reply.status(status).send(body);
  }

  private describe(exception: unknown, request: FastifyRequest): { status: number; body: ApiFailure; retryAfterSeconds?: number } {
    // A multipart body @fastify/multipart or busboy could not read (busboy's errors carry no status: 500 otherwise).
    exception = malformedMultipart(exception) ?? exception;
    if (exception instanceof RemoteServiceError) {
      const { code, message, errors, retryAfterSeconds, sanction } = exception.payload;
      return {
        status: HTTP_STATUS_BY_CODE[code] ?? 500,
        body: { success: false, message, code, ...(errors && { errors }), ...(sanction && { sanction }) },
        retryAfterSeconds,
      };
    }
    const status = httpStatusOf(exception);
    if (status !== undefined && (status < 500 || status === SERVICE_UNAVAILABLE)) {
      return { status, body: failureOfStatus(status, fastifyCodeOf(exception)) };
    }
    this.logger.error({ err: exception, requestId: request.id, url: request.url }, 'unhandled error');
    return { status: 500, body: { success: false, code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal } };
  }
}

function httpStatusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Fastify's own errors (bad JSON, body too large, wrong content type) carry a statusCode.
  const statusCode = (exception as { statusCode?: unknown })?.statusCode;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

function fastifyCodeOf(exception: unknown): string | undefined {
  const code = (exception as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}
