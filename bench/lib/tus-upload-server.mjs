#!/usr/bin/env node
// The gateway's episode upload (apps/gateway/src/media/episode-uploads.ts, compiled in dist/) on a bare
// Fastify, for `npm run bench:transcode`: the real serveEpisodeUploads (its @tus/server and FileStore with
// the same options, content-type parser, route, ownership check, ffprobe check of the finished file)
// with the gateway's access guard and its RPC client stubbed: every caller is the uploader `bench`, the
// catalogue's upload-slot and register-source answers are made up. Nothing else of the gateway runs
// (no Nest, Redis, rate limit, access log or metrics hooks). Environment: PORT, MEDIA_DIR.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';

const require = createRequire(import.meta.url);
const dist = (path) => require(join(import.meta.dirname, '../../dist', path));
const { serveEpisodeUploads } = dist('apps/gateway/src/media/episode-uploads');
const { AccessGuard } = dist('apps/gateway/src/auth/access.guard');
const { RpcClient } = dist('libs/messaging/src/index.js');
const { gatewayEnvSchema } = dist('libs/config/src/index.js');

const mediaDir = process.env.MEDIA_DIR;
if (!mediaDir) throw new Error('MEDIA_DIR is not set');
const UPLOADER = { id: 'bench', username: 'bench', isAdmin: false, isUploader: true };
const stubs = new Map([
  [
    AccessGuard,
    {
      async admit(request) {
        request.user = UPLOADER;
      },
    },
  ],
  [
    RpcClient,
    {
      async send(pattern, data) {
        if (pattern === 'catalogue.episodes.upload-slot') return { animeId: data.animeId };
        if (pattern === 'catalogue.episodes.register-source') return { id: 'bench', animeId: data.animeId, number: data.number, sizeBytes: data.sizeBytes };
        throw new Error(`no stub for ${pattern}`);
      },
    },
  ],
]);
// The gateway's Fastify options that matter here (create-gateway-app.ts): the 1 MiB body limit of parsed bodies.
const fastify = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
const app = {
  get(token) {
    if (!stubs.has(token)) throw new Error(`no stub for ${token?.name ?? token}`);
    return stubs.get(token);
  },
  getHttpAdapter: () => ({ getInstance: () => fastify }),
};
const logger = pino({ level: 'warn' });
// The gateway's own defaults of the upload's limits (EPISODE_UPLOAD_MAX_MB, EPISODE_UPLOAD_EXPIRY_HOURS).
const limits = gatewayEnvSchema.pick({ EPISODE_UPLOAD_MAX_MB: true, EPISODE_UPLOAD_EXPIRY_HOURS: true }).parse({});
await serveEpisodeUploads(app, { MEDIA_DIR: mediaDir, ...limits }, logger);
fastify.get('/', async () => ({ ok: true }));
await fastify.listen({ port: Number(process.env.PORT ?? 3997), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => fastify.close().then(() => process.exit(0)));
