import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failureOfStatus } from './failure-of-status';

type DecorateReply = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify answers a few requests itself, before any hook, route or Nest filter sees them: a URL it
 * cannot decode (400), a path parameter over the router's `maxParamLength` (414: a nickname of
 * 5,000 characters), and below it whatever Node's HTTP parser refuses (431 headers too large, 408
 * a request not received in time, 400 a malformed request). Its own answers are
 * `{ error, code: "FST_ERR_…", message, statusCode }`; these handlers, given to the Fastify
 * instance as `frameworkErrors` and `clientErrorHandler`, answer them in the portal's envelope
 * with the same status. Errors Fastify raises on a matched route (bad JSON, a body over the limit,
 * an unsupported content type) reach the ApiExceptionFilter, which uses the same mapping.
 */
export class FrameworkErrors {
  private decorate: DecorateReply = () => undefined;

  /** What every answer gets too (request id, security headers): the hooks that set them do not run here. */
  decorateWith(decorate: DecorateReply): void {
    this.decorate = decorate;
  }

  readonly onFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 400;
    this.decorate(request, reply);
    reply.status(status).send(failureOfStatus(status, error.code));
  };

  /** As Fastify's default handler does, but in the envelope: answered on the socket, which is then closed. */
  readonly onClientError = (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify(failureOfStatus(status));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
