#!/usr/bin/env node
// The baseline of the benches: a plain fastify server answering GET / with a small JSON body, and
// GET /bytes/<n> with a JSON body of n bytes (to compare against an API answer of the same size).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map();
app.get('/', async () => ({ hello: 'world' }));
app.get('/bytes/:size', async (request, reply) => {
  const size = Math.min(Number(request.params.size) || 0, 1_000_000);
  if (!bodies.has(size)) bodies.set(size, JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 11)) }));
  return reply.type('application/json; charset=utf-8').send(bodies.get(size));
});
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
