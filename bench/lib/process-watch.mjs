// What a bench reads about the processes it measures (Linux /proc): CPU time and memory of a set of
// processes over a step, the processes of a database, and a sampler of PostgreSQL's wait events.
import { readFileSync, readdirSync } from 'node:fs';
import Redis from 'ioredis';
import pg from 'pg';
import { cpuTimeMs } from './services.mjs';

/** Resident memory of a process in MB (VmRSS), null when it is gone. */
export function rssMb(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  } catch {
    return null;
  }
}

/** Proportional memory of a process in MB (Pss: shared pages divided among their users), null when gone. */
export function pssMb(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/Pss:\s+(\d+)/)[1]) / 1024;
  } catch {
    return null;
  }
}

/** Every process below `root` (children, their children…), with its command name. */
export function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push({ pid: Number(entry), comm });
    } catch {
      // ended meanwhile
    }
  }
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Seconds since boot, the clock of a process's start time in /proc/<pid>/stat. */
const uptimeSeconds = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);

/** When a process started, in seconds since boot; null when it is gone. */
function startedAt(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU (user + system, ms) of a process and of its children it has waited for (cutime + cstime): for a
 * server's parent process, the backends that exited are counted in it.
 */
export function cpuWithReapedChildrenMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU spent by named groups of processes between `start()` and `stop()`. A group is `{ name, pids() }`,
 * or `{ name, cpuMs() }` for a cumulative figure of its own. Pids are read at both ends (a database's
 * backends come and go): one seen only at the end counts from zero when it started inside the
 * interval (one that was only missed at the start is left out), one gone by the end is lost (its last
 * moments are not counted).
 */
export function cpuWatch(groups) {
  const read = () => new Map(groups.map((group) => [group.name, group.cpuMs ? group.cpuMs() : new Map(group.pids().map((pid) => [pid, cpuTimeMs(pid)]))]));
  let before;
  let since;
  return {
    start() {
      since = uptimeSeconds();
      before = read();
    },
    /** ms of CPU per group over the interval. */
    stop() {
      const after = read();
      return Object.fromEntries(
        groups.map(({ name, cpuMs }) => {
          if (cpuMs) return [name, (after.get(name) ?? 0) - (before.get(name) ?? 0)];
          let spent = 0;
          for (const [pid, ms] of after.get(name)) {
            if (ms === null) continue;
            const earlier = before.get(name).get(pid);
            if (earlier !== undefined && earlier !== null) spent += ms - earlier;
            else if ((startedAt(pid) ?? 0) >= since - 0.01) spent += ms;
          }
          return [name, spent];
        }),
      );
    },
  };
}

/** CPU time of the whole machine (all processes), to tell a busy machine from a busy portal. */
export function machineCpu() {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = fields[3] + fields[4];
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  /** The share of the machine's CPU time that was busy since the call. */
  return () => {
    const after = read();
    const total = after.total - before.total;
    return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
  };
}

/**
 * The machine's TCP counters (/proc/net/netstat): connections dropped because a listening socket's
 * accept queue was full (ListenOverflows), and SYNs sent again (TCPSynRetrans: each waits 1 s, then
 * 2, 4… before the connection is tried again). Machine-wide: other users' connections count too.
 */
export function tcpCounters() {
  const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('TcpExt:'))
    .map((line) => line.split(/\s+/).slice(1));
  const of = (name) => Number(values[names.indexOf(name)] ?? 0);
  return { listenOverflows: of('ListenOverflows'), synRetransmits: of('TCPSynRetrans') };
}

/**
 * The event-loop delay a portal process saw since its metrics were last read (prom-client's
 * `portal_nodejs_eventloop_lag_*`, reset by every read): p99 and max in ms, null when unreadable.
 */
export async function eventLoopLag(metricsUrl) {
  try {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(10_000) })).text();
    const value = (name) => Number(new RegExp(`^portal_nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1]) * 1000;
    const lag = { p99: value('p99'), max: value('max') };
    return Number.isFinite(lag.p99) && Number.isFinite(lag.max) ? lag : null;
  } catch {
    return null;
  }
}

/** A section of a Redis server's INFO, or null when the server does not answer. */
async function redisInfo(url, section) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    return await redis.info(section);
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

/** The pid of a Redis server (INFO server), for its CPU and memory; null when it cannot be read. */
export async function redisPid(url) {
  const match = (await redisInfo(url, 'server'))?.match(/process_id:(\d+)/);
  return match ? Number(match[1]) : null;
}

/** The commands a Redis server has run since it started (every client's: the server may be shared). */
export async function redisCommandsRun(url) {
  const match = (await redisInfo(url, 'stats'))?.match(/total_commands_processed:(\d+)/);
  return match ? Number(match[1]) : null;
}

/**
 * A connection to the database the portal uses: its backends' pids (CPU of the server's work for this
 * database only, when the server is shared), and a sampler of what they are doing (pg_stat_activity
 * once a second: active on CPU, waiting and on what, idle inside a transaction, the queries waiting
 * on a lock).
 */
export async function databaseWatch(url) {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-viewers-watch' });
  await client.connect();
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  let backends = [];
  const refresh = async () => {
    backends = (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows.map((row) => row.pid);
  };
  await refresh();
  let timer = null;
  let samples = null;
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const sample = async () => {
    const { rows } = await client.query(
      `SELECT pid, state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [database],
    );
    backends = rows.map((row) => row.pid);
    samples.count += 1;
    for (const row of rows) {
      if (row.state === 'active') {
        samples.active += 1;
        const wait = row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : 'CPU (no wait event)';
        samples.waits.set(wait, (samples.waits.get(wait) ?? 0) + 1);
        count(samples.activeQueries, row.query);
        if (row.wait_event_type === 'Lock') count(samples.lockedQueries, row.query);
      } else if (row.state?.startsWith('idle in transaction')) {
        samples.idleInTransaction += 1;
        count(samples.idleInTransactionAfter, row.query);
      }
    }
  };
  return {
    database,
    /** Transactions committed or rolled back in this database (the statistics lag by up to a second). */
    transactions: async () =>
      Number((await client.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [database])).rows[0]?.n ?? 0),
    /** The backends seen at the last refresh or sample. */
    pids: () => backends,
    refresh,
    startSampling(everyMs = 1000) {
      samples = {
        count: 0,
        active: 0,
        idleInTransaction: 0,
        waits: new Map(),
        activeQueries: new Map(),
        lockedQueries: new Map(),
        idleInTransactionAfter: new Map(),
      };
      const tick = () => {
        timer = setTimeout(
          () =>
            void sample()
              .catch(() => undefined)
              .finally(() => timer && tick()),
          everyMs,
        );
      };
      tick();
    },
    /**
     * Means per sample: active backends, idle in transaction, each wait; the statements most often
     * running, most often waiting on a lock, and the last statements of transactions left idle.
     */
    stopSampling() {
      clearTimeout(timer);
      timer = null;
      const per = (value) => (samples.count === 0 ? 0 : value / samples.count);
      const top = (map) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([query, times]) => ({ query, mean: per(times) }));
      return {
        samples: samples.count,
        active: per(samples.active),
        idleInTransaction: per(samples.idleInTransaction),
        waits: Object.fromEntries([...samples.waits].sort((a, b) => b[1] - a[1]).map(([wait, count]) => [wait, per(count)])),
        activeQueries: top(samples.activeQueries),
        lockedQueries: top(samples.lockedQueries),
        idleInTransactionAfter: top(samples.idleInTransactionAfter),
      };
    },
    close: () => client.end().catch(() => undefined),
  };
}
