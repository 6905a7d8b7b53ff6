import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { serveMetrics } from '@portal/platform';

/** Loopback and the ranges never routed on the internet: where a cluster's Prometheus scrapes from. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** A proxy in front says who the client is: such a request came from outside, whatever the proxy's own address. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return INTERNAL.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

/**
 * Who may read the gateway's `/metrics`: a scraper connected straight from a private address (not
 * through the ingress: the ingress's own address is private too, and a forwarded client address can
 * be forged at the far end of the chain), or anyone with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function metricsAccess(token: string | undefined): (request: FastifyRequest) => boolean {
  const expected = token ? digest(token) : undefined;
  return (request) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (expected && bearer && timingSafeEqual(digest(bearer), expected)) return true;
    const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    return !proxied && isInternalAddress(request.socket.remoteAddress);
  };
}

/** `GET /metrics` outside `/api` and the SPA fallback; refused callers get the API's 404, as for a path that does not exist. */
export function serveGatewayMetrics(fastify: FastifyInstance, token: string | undefined): void {
  serveMetrics(fastify, {
    allow: metricsAccess(token),
    notFound: (reply: FastifyReply) => reply.status(404).send({ success: false, code: ErrorCode.NotFound, message: GENERIC_MESSAGES.notFound }),
  });
}

/** Equal-length inputs for timingSafeEqual, whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
