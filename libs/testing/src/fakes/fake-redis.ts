import type Redis from 'ioredis';

interface Entry {
  value: string;
  /** Epoch ms on the fake's clock; null: no expiry. */
  expiresAt: number | null;
}

type Reply = string | number | null;

/** The Lua script rate-limiter-flexible's RateLimiterRedis defines (`rlflxIncr`), done in memory. */
const RATE_LIMITER_COMMAND = 'rlflxIncr';

/**
 * An in-memory Redis for the commands the services' helpers use: SET (EX/PX, NX/XX), GET, GETDEL,
 * DEL, PTTL, INCRBY, EXPIRE, MULTI … EXEC, and the script of rate-limiter-flexible's RateLimiterRedis
 * (so the real CommentLimits, AuthRateLimits and CaptchaService run their own rules on it). Keys
 * expire on the fake's clock, which `advance` moves. Any other command throws, naming it.
 *
 * `client` is what a constructor takes for an ioredis client: ioredis declares dozens of overloads
 * per command, which no structural fake can implement, so this is the one cast; the Proxy keeps it
 * honest at run time.
 */
export class FakeRedis {
  private readonly keys = new Map<string, Entry>();
  private offsetMs = 0;
  /** Every command run, in order (name and arguments), for tests that assert what was sent. */
  readonly commands: Array<{ name: string; args: Array<string | number> }> = [];
  readonly client: Redis;

  constructor() {
    const commands: Record<string, (...args: never[]) => unknown> = {
      set: (key: string, value: string | number, ...options: Array<string | number>) =>
        this.reply('set', [key, value, ...options], () => this.set(key, value, options)),
      get: (key: string) => this.reply('get', [key], () => this.live(key)?.value ?? null),
      getdel: (key: string) => this.reply('getdel', [key], () => this.getdel(key)),
      del: (...keys: string[]) => this.reply('del', keys, () => keys.filter((key) => this.live(key) && this.keys.delete(key)).length),
      pttl: (key: string) => this.reply('pttl', [key], () => this.pttl(key)),
      incrby: (key: string, by: number | string) => this.reply('incrby', [key, by], () => this.incrby(key, Number(by))),
      expire: (key: string, seconds: number | string) => this.reply('expire', [key, seconds], () => this.expire(key, Number(seconds) * 1000)),
      defineCommand: (name: string) => {
        if (name !== RATE_LIMITER_COMMAND) throw new Error(`FakeRedis: no script «${name}» (only rate-limiter-flexible's ${RATE_LIMITER_COMMAND})`);
      },
      [RATE_LIMITER_COMMAND]: (args: Array<string | number>) => this.reply(RATE_LIMITER_COMMAND, args, () => this.rateLimiterIncr(args)),
      multi: () => this.multi(),
    };
    const client = new Proxy(commands, {
      get(object, property) {
        if (property === 'constructor') return FakeRedis;
        if (typeof property === 'symbol' || property === 'then' || property === 'toJSON' || property === 'status') return undefined;
        const command = object[property];
        if (!command) throw new Error(`FakeRedis: the command «${property}» is not faked; add it to libs/testing/src/fakes/fake-redis.ts`);
        return command;
      },
    });
    this.client = client as unknown as Redis;
  }

  /** Moves the fake's clock: keys expire as that much time passed. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** The live value of a key, or null (for assertions). */
  valueOf(key: string): string | null {
    return this.live(key)?.value ?? null;
  }

  /** The live keys (for assertions). */
  liveKeys(): string[] {
    return [...this.keys.keys()].filter((key) => this.live(key));
  }

  private now(): number {
    return Date.now() + this.offsetMs;
  }

  private reply<T>(name: string, args: Array<string | number>, run: () => T): Promise<T> {
    this.commands.push({ name, args });
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private live(key: string): Entry | undefined {
    const entry = this.keys.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.keys.delete(key);
      return undefined;
    }
    return entry;
  }

  private set(key: string, value: string | number, options: Array<string | number>): 'OK' | null {
    let expiresAt: number | null = null;
    let onlyIfAbsent = false;
    let onlyIfPresent = false;
    for (let i = 0; i < options.length; i += 1) {
      const option = String(options[i]).toUpperCase();
      if (option === 'EX') expiresAt = this.now() + Number(options[++i]) * 1000;
      else if (option === 'PX') expiresAt = this.now() + Number(options[++i]);
      else if (option === 'NX') onlyIfAbsent = true;
      else if (option === 'XX') onlyIfPresent = true;
      else throw new Error(`FakeRedis: SET option «${option}» is not faked`);
    }
    const exists = this.live(key) !== undefined;
    if ((onlyIfAbsent && exists) || (onlyIfPresent && !exists)) return null;
    this.keys.set(key, { value: String(value), expiresAt });
    return 'OK';
  }

  private getdel(key: string): string | null {
    const entry = this.live(key);
    this.keys.delete(key);
    return entry?.value ?? null;
  }

  private pttl(key: string): number {
    const entry = this.live(key);
    if (!entry) return -2;
    return entry.expiresAt === null ? -1 : entry.expiresAt - this.now();
  }

  private incrby(key: string, by: number): number {
    const entry = this.live(key);
    const next = Number(entry?.value ?? 0) + by;
    this.keys.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? null });
    return next;
  }

  private expire(key: string, ms: number): number {
    const entry = this.live(key);
    if (!entry) return 0;
    this.keys.set(key, { ...entry, expiresAt: this.now() + ms });
    return 1;
  }

  /** `SET key 0 EX duration NX; INCRBY key points; PTTL key` (with EXPIRE when it had none): [consumed, ttl]. */
  private rateLimiterIncr([key, points, seconds]: Array<string | number>): [number, number] {
    this.set(String(key), 0, ['EX', seconds, 'NX']);
    const consumed = this.incrby(String(key), Number(points));
    let ttl = this.pttl(String(key));
    if (ttl === -1) {
      this.expire(String(key), Number(seconds) * 1000);
      ttl = Number(seconds) * 1000;
    }
    return [consumed, ttl];
  }

  /** MULTI: the queued commands run in order on EXEC, answered as ioredis does, `[error, reply]` each. */
  private multi() {
    const queued: Array<() => Reply> = [];
    const chain = {
      get: (key: string) => (queued.push(() => this.live(key)?.value ?? null), chain),
      pttl: (key: string) => (queued.push(() => this.pttl(key)), chain),
      incrby: (key: string, by: number) => (queued.push(() => this.incrby(key, by)), chain),
      set: (key: string, value: string | number, ...options: Array<string | number>) => (queued.push(() => this.set(key, value, options)), chain),
      exec: () => this.reply('exec', [], () => queued.map((run): [null, Reply] => [null, run()])),
    };
    return chain;
  }
}
