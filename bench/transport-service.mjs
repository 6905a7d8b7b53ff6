#!/usr/bin/env node
// The service side of `npm run bench:transport`: one echo handler on the transport named by TRANSPORT
// (`pubsub`: Nest's stock Redis transport, the portal's before #15; `streams`: the portal's own), from
// dist/, in its own process so its CPU time is its own. Says `ready` on stdout once listening.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ServerRedis } = require('@nestjs/microservices');
const { RedisStreamsServer } = require('../dist/libs/messaging/src/index.js');

const { TRANSPORT, REDIS_URL, KEY_PREFIX, PATTERN } = process.env;
const redis = new URL(REDIS_URL);
const server =
  TRANSPORT === 'pubsub'
    ? new ServerRedis({ host: redis.hostname, port: Number(redis.port || 6379) })
    : new RedisStreamsServer({ url: REDIS_URL, keyPrefix: KEY_PREFIX });

// About the size of one title's summary in a catalogue answer.
const item = {
  id: 20,
  title: 'Наруто',
  titleEn: 'Naruto',
  poster: '/api/posters/20.webp',
  score: 7.99,
  year: 2002,
  genres: ['Экшен', 'Приключения', 'Комедия'],
  episodes: 220,
  status: 'released',
  description: 'x'.repeat(600),
};
server.addHandler(PATTERN, async (payload) => ({ n: payload.data.n, item }));
server.listen(() => process.stdout.write('ready\n'));
