import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry (docs/deployment.md, «Observability»). Every metric of the
 * portal is defined here, so the dashboard's queries can be checked against one list of names.
 * Gauges that describe something else's state (queue depth, open sockets) are read at scrape time
 * from the sources registered below, never kept up to date on the hot path.
 */
export const metricsRegistry = new Registry();

/** From 1 ms (a cached read) to 10 s (past every RPC deadline). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let defaultsStarted = false;
/** CPU, memory, event-loop lag, GC (`portal_process_*`, `portal_nodejs_*`); once per process, when it first serves metrics. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });
}

/** Messages a service handled (RpcContextInterceptor); `outcome` is `ok` or `error`. */
export const rpcRequests = new Counter({
  name: 'portal_rpc_requests_total',
  help: 'Messages handled by a service, by pattern and outcome (ok, error).',
  labelNames: ['service', 'pattern', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const rpcRequestDuration = new Histogram({
  name: 'portal_rpc_request_duration_seconds',
  help: 'Time a service spent handling a message, by pattern.',
  labelNames: ['service', 'pattern'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** Calls the gateway made; `unavailable`: no answer in time or no service to take it (the client got 503). */
export const rpcClientCalls = new Counter({
  name: 'portal_rpc_client_calls_total',
  help: 'Requests sent to the services, by pattern and outcome (ok, error, unavailable).',
  labelNames: ['pattern', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const rpcClientCallDuration = new Histogram({
  name: 'portal_rpc_client_call_duration_seconds',
  help: 'Time from sending a request to its answer, transport included, by pattern.',
  labelNames: ['pattern'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** `route` is the matched route pattern (`/api/anime/:id`), `unmatched` when none matched: never the raw URL. */
export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** Failed attempts of event handlers (a job retried 10 times counts up to 10). */
export const eventsFailed = new Counter({
  name: 'portal_events_failed_total',
  help: 'Failed attempts to apply an event, by consuming service and event name.',
  labelNames: ['service', 'event'] as const,
  registers: [metricsRegistry],
});

export const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** A queue whose jobs are counted at scrape time. */
export interface QueueDepthSource {
  service: string;
  queue: string;
  /** Undefined: nothing to report (the series are left out). */
  counts: () => Promise<Partial<Record<QueueState, number>> | undefined>;
}

const queueSources = new Set<QueueDepthSource>();
const QUEUE_COUNT_TIMEOUT_MS = 1000;

/** Starts counting a queue's jobs at every scrape; the returned function stops it. */
export function trackQueueDepth(source: QueueDepthSource): () => void {
  queueSources.add(source);
  return () => queueSources.delete(source);
}

new Gauge({
  name: 'portal_event_queue_jobs',
  help: "Jobs in a service's event queue by state (waiting, active, failed, delayed), read at scrape time.",
  labelNames: ['service', 'queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...queueSources].map(async ({ service, queue, counts }) => {
        // Redis unreachable: the series are missing from this scrape rather than the scrape failing.
        const read = await withTimeout(counts(), QUEUE_COUNT_TIMEOUT_MS).catch(() => undefined);
        if (!read) return;
        for (const state of QUEUE_STATES) this.set({ service, queue, state }, read[state] ?? 0);
      }),
    );
  },
});

/** What the gauges read of a socket.io server (structural, so this lib needs no socket.io import). */
export interface SocketServerLike {
  engine: { clientsCount: number };
  _nsps: Map<string, { sockets: Map<string, unknown> }>;
}

const socketServers = new Set<SocketServerLike>();

/** Counts a socket.io server's connections at every scrape; the returned function stops it. */
export function trackSocketServer(server: SocketServerLike): () => void {
  socketServers.add(server);
  return () => socketServers.delete(server);
}

new Gauge({
  name: 'portal_socket_connections',
  help: 'socket.io sockets connected to this process, by socket.io namespace.',
  // Not `namespace`: Prometheus' Kubernetes discovery puts the pod's namespace in that label.
  labelNames: ['socket_namespace'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const counts = new Map<string, number>();
    for (const server of socketServers) {
      for (const [name, namespace] of server._nsps) counts.set(name, (counts.get(name) ?? 0) + namespace.sockets.size);
    }
    for (const [name, count] of counts) this.set({ socket_namespace: name }, count);
  },
});

/** The gateway HPA's Pods metric (k8s/hpa.yaml): open connections, each holding any number of namespaces. */
new Gauge({
  name: 'socketio_connections',
  help: 'socket.io (Engine.IO) connections open on this process.',
  registers: [metricsRegistry],
  collect() {
    let total = 0;
    for (const server of socketServers) total += server.engine.clientsCount;
    this.set(total);
  },
});

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
