import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

/** Structured JSON logs on stdout (or `destination`); every line written inside a request carries its requestId. */
export function createLogger(app: string, level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app },
      mixin: () => {
        const meta = requestContext.current();
        return meta ? { requestId: meta.requestId, userId: meta.user?.id } : {};
      },
      redact: { paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'], remove: true },
    },
    destination,
  );
}

/** Lets Nest's own messages go through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
