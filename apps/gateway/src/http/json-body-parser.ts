import { parse as parseQueryString } from 'node:querystring';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';

/**
 * The deepest nesting of objects and arrays a JSON body may have. No request of the API comes close
 * (a few levels); the limit keeps recursive code further on (JSON.stringify on the way to a service,
 * validators, loggers) far from the call stack's end.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects/arrays deeper than `maxDepth`, by one pass over its bytes that skips
 * strings; it stops at the first level too deep. UTF-8 multi-byte sequences never contain ASCII
 * bytes, so the raw bytes can be scanned. Malformed text is left for the parser to refuse.
 */
export function jsonDeeperThan(body: Buffer, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Replaces the JSON body parser: too-deep JSON is refused (400, in the envelope) before it is parsed,
 * then Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype` keys
 * refused, empty and malformed bodies answered 400) reads it, within the body limit.
 *
 * Registered through Nest's `useBodyParser`, which marks Nest's default parsers as registered: its
 * init would otherwise add its own JSON parser over this one (or fail on a second one). That also
 * skips Nest's `application/x-www-form-urlencoded` parser, so it is registered here as Nest does it.
 */
export function registerJsonBodyParser(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const { bodyLimit, onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  // Typed for a string body; secure-json-parse reads a Buffer as well (Nest's own parser passes one).
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error') as unknown as (
    request: unknown,
    body: Buffer,
    done: Done,
  ) => void;

  app.useBodyParser('application/json', { bodyLimit }, (request, body, done) => {
    if (jsonDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.jsonTooDeep }), undefined);
      return;
    }
    parseJson(request, body, done);
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit }, (_request, body, done) => {
    done(null, parseQueryString(body.toString()));
  });
}
