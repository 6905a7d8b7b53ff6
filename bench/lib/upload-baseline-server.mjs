#!/usr/bin/env node
// The baseline of `npm run bench:transcode`'s upload figures: a plain Fastify server that streams the
// body of a PUT or PATCH /upload/<name> to UPLOAD_DIR/<name> and answers 204 once it is on disk.
// No parsing, no checks: what the tus endpoint's throughput is read against. GET / answers for readiness.
import { createWriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';

const directory = process.env.UPLOAD_DIR;
if (!directory) throw new Error('UPLOAD_DIR is not set');
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
// The body is the handler's to read, straight from the socket (as the gateway does for tus).
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
app.get('/', async () => ({ ok: true }));
app.route({
  method: ['PUT', 'PATCH'],
  url: '/upload/:name',
  handler: async (request, reply) => {
    await pipeline(request.raw, createWriteStream(join(directory, basename(request.params.name))));
    return reply.code(204).send();
  },
});
await app.listen({ port: Number(process.env.PORT ?? 3998), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
