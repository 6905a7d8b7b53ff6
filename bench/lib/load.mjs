// Throughput runs with autocannon: the same connections and duration for every target.
import autocannon from 'autocannon';

/**
 * Runs autocannon against baseUrl + path, or with `nextPath` a new path per request, and counts the
 * gateway's X-Cache answers. `amount`, when set, ends the run after that many requests (before
 * `duration`): for paths that must not repeat. Resolves with req/s, latency percentiles (ms) and counts.
 */
export function load({ baseUrl, path = '/', nextPath, connections, duration, amount }) {
  const cache = {};
  const requests = nextPath ? [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] : undefined;
  const countCache = ({ headers }) => {
    const at = headers.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'x-cache');
    if (at >= 0) cache[headers[at + 1]] = (cache[headers[at + 1]] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${baseUrl}${path}`, connections, duration, ...(amount && { amount }), requests, setupClient: (client) => client.on('headers', countCache) },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          requests: result.requests.total,
          latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          cache,
        });
      },
    );
  });
}
