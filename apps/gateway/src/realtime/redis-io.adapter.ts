import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';
import { socketIoRedisKey } from '@portal/contracts';
import { createRedisClient } from '@portal/messaging';
import { trackSocketServer } from '@portal/platform';

/**
 * socket.io over Redis: a broadcast from any replica (or from a service's emitter) reaches every client.
 * Its servers' connections are counted in the metrics at each scrape.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly connections: Redis[] = [];
  private readonly untrack: Array<() => void> = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly keyPrefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    // Nest's IoAdapter declares its server `any`: it is socket.io's Server, checked rather than assumed.
    const server: unknown = super.createIOServer(port, { ...options, path: '/socket.io/', serveClient: false });
    if (!isServer(server)) throw new TypeError('IoAdapter.createIOServer did not answer a socket.io Server');
    const publisher = createRedisClient(this.redisUrl);
    // A subscriber connection cannot answer the ready check (INFO) when it reconnects.
    const subscriber = createRedisClient(this.redisUrl, { enableReadyCheck: false });
    // Reconnections are ioredis's job; without listeners its transient errors print as unhandled.
    for (const connection of [publisher, subscriber]) connection.on('error', () => undefined);
    this.connections.push(publisher, subscriber);
    server.adapter(createAdapter(publisher, subscriber, { key: socketIoRedisKey(this.keyPrefix) }));
    this.untrack.push(trackSocketServer(server));
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.untrack.splice(0).forEach((stop) => stop());
    await super.close(server);
    await Promise.all(this.connections.splice(0).map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}

/** socket.io's Server (with its default event maps, as this adapter serves it). */
function isServer(value: unknown): value is Server {
  return value instanceof Server;
}
