import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { OutboxRelay } from '@portal/messaging';
import { type ApiClient, apiClient, waitFor } from '@portal/testing';
import { type RunningApp, startAuthService, startGateway, startModerationService } from '../support/test-apps';
import { dbQuery, type RegisteredUser, registerUser, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, uniqueDigits } from '../auth/auth-test-kit';

const REDIS_SERVER = '/usr/bin/redis-server';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway Redis with no persistence: a restart loses every key, like a crashed cache node. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(
    async () => {
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    },
    5000,
    50,
  );
  return child;
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('auth.user.registered through the outbox to the moderation audit log', () => {
  let port: number;
  let redisServer: ChildProcess | undefined;
  let env: Record<string, string>;
  let auth: RunningApp;
  let moderation: RunningApp;
  let gateway: RunningApp;
  let api: ApiClient;

  beforeAll(async () => {
    port = await freePort();
    redisServer = await startRedis(port);
    env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: `test:outbox${uniqueDigits()}:` };
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env });
    moderation = await startModerationService(env);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env });
    api = apiClient(gateway.url);
  }, 30000);
  afterAll(async () => {
    await gateway?.close();
    await moderation?.close();
    await auth?.close();
    await kill(redisServer);
  });

  const auditRows = (userId: string) =>
    dbQuery<{ event_id: string }>("SELECT event_id FROM moderation.audit_log WHERE subject_user_id = $1 AND event_name = 'auth.user.registered'", [userId]);

  let user: RegisteredUser;
  let event: { id: string; payload: Record<string, unknown>; relayed_at: Date | null };

  it('records the registration exactly once although Redis restarts, empty, between the write and the relay', async () => {
    const relay = auth.app.get(OutboxRelay);
    await relay.stop();

    user = await registerUser(api, 'outbox');
    [event] = await dbQuery("SELECT id, payload, relayed_at FROM auth.outbox WHERE event_name = 'auth.user.registered' AND payload->>'userId' = $1", [user.id]);
    expect(event).toBeDefined();
    expect(event.relayed_at).toBeNull();
    expect(event.payload).toMatchObject({ userId: user.id, username: user.username, eventId: event.id });

    await kill(redisServer);
    relay.start(); // its passes now fail and stay pending
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the outage itself: a few failed passes
    const [stillPending] = await dbQuery('SELECT relayed_at FROM auth.outbox WHERE id = $1', [event.id]);
    expect(stillPending.relayed_at).toBeNull();
    redisServer = await startRedis(port);

    const rows = await waitFor(
      async () => {
        const found = await auditRows(user.id);
        return found.length > 0 ? found : undefined;
      },
      20000,
      200,
    );
    expect(rows).toEqual([{ event_id: event.id }]);

    const [relayed] = await dbQuery('SELECT relayed_at FROM auth.outbox WHERE id = $1', [event.id]);
    expect(relayed.relayed_at).toBeInstanceOf(Date);
    const processed = await dbQuery('SELECT event_name FROM moderation.processed_events WHERE event_id = $1', [event.id]);
    expect(processed).toEqual([{ event_name: 'auth.user.registered' }]);
  }, 30000);

  it('changes nothing when the same event is delivered again under another job id', async () => {
    expect(event).toBeDefined();
    const queue = new Queue('events-moderation', { connection: { host: '127.0.0.1', port }, prefix: `${env.REDIS_KEY_PREFIX}bull` });
    try {
      const job = await queue.add('auth.user.registered', event.payload, { jobId: `redelivery-${randomUUID()}` });
      const state = await waitFor(
        async () => {
          const current = await queue.getJobState(job.id!);
          return current === 'completed' || current === 'failed' ? current : undefined;
        },
        10000,
        100,
      );
      expect(state).toBe('completed');
    } finally {
      await queue.close();
    }
    expect(await auditRows(user.id)).toEqual([{ event_id: event.id }]);
    const processed = await dbQuery('SELECT event_id FROM moderation.processed_events WHERE event_id = $1', [event.id]);
    expect(processed).toHaveLength(1);
  });
});
