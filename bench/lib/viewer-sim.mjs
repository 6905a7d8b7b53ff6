// The simulated viewers of `npm run bench:viewers`: each one a signed-in account of its own, coming from
// a loopback address of its own (127.10.x.y: the portal's per-address limits apply to each viewer as to
// a household, none has to be raised), with its own keep-alive connections and the three sockets the web
// client keeps open (general, /chat, /notifications). A viewer runs visits (bench/lib/viewers-plan.mjs,
// planVisit) with a think time between actions, and records every request into the phase that is
// being measured.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { solveCaptcha } from '../../web/e2e/lib/browser.mjs';
import { latency, planVisit, SLOW_MS, thinkMs } from './viewers-plan.mjs';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const REQUEST_TIMEOUT_MS = 30_000;
const CHAT_MARKER = /#bv(\d+)-(\d+)/;

/** The loopback address viewer `index` comes from: 127.10.0.1, 127.10.0.2, … (250 per third octet). */
export const viewerAddress = (index) => `127.10.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** A measured interval: every request, socket failure and chat message inside it. */
export class Phase {
  constructor(name) {
    this.name = name;
    this.startedAt = performance.now();
    this.endedAt = null;
    this.kinds = new Map();
    this.all = [];
    this.errors = 0;
    this.errorsByStatus = {};
    this.slow = 0;
    this.socketErrors = 0;
    this.socketErrorsByKind = {};
    this.chat = { posted: 0, expected: 0, received: 0, latencies: [] };
    this.notificationsPushed = 0;
  }

  record(kind, ms, status, ok) {
    let figures = this.kinds.get(kind);
    if (!figures) this.kinds.set(kind, (figures = { samples: [], errorsByStatus: {}, slow: 0 }));
    figures.samples.push(ms);
    this.all.push(ms);
    if (ms > SLOW_MS) {
      figures.slow += 1;
      this.slow += 1;
    }
    if (!ok) {
      this.errors += 1;
      this.errorsByStatus[status] = (this.errorsByStatus[status] ?? 0) + 1;
      figures.errorsByStatus[status] = (figures.errorsByStatus[status] ?? 0) + 1;
    }
  }

  socketError(kind) {
    this.socketErrors += 1;
    this.socketErrorsByKind[kind] = (this.socketErrorsByKind[kind] ?? 0) + 1;
  }

  end() {
    this.endedAt = performance.now();
  }

  /** The figures of the interval (latency per kind, req/s, errors); `seconds` its length. */
  summary() {
    const seconds = ((this.endedAt ?? performance.now()) - this.startedAt) / 1000;
    const byKind = Object.fromEntries(
      [...this.kinds]
        .sort((a, b) => b[1].samples.length - a[1].samples.length)
        .map(([kind, figures]) => [
          kind,
          { perSecond: figures.samples.length / seconds, latency: latency(figures.samples), errorsByStatus: figures.errorsByStatus, slow: figures.slow },
        ]),
    );
    return {
      seconds,
      requests: this.all.length,
      requestsPerSecond: this.all.length / seconds,
      latency: latency(this.all),
      errors: this.errors,
      errorsByStatus: this.errorsByStatus,
      slow: this.slow,
      socketErrors: this.socketErrors,
      socketErrorsByKind: this.socketErrorsByKind,
      chat: {
        posted: this.chat.posted,
        expected: this.chat.expected,
        received: this.chat.received,
        lost: Math.max(0, this.chat.expected - this.chat.received),
        latency: latency(this.chat.latencies),
      },
      notificationsPushed: this.notificationsPushed,
      byKind,
    };
  }
}

/**
 * What every viewer shares: where requests are recorded (`phase`, null between measurements), the
 * title pool, the search queries, the chat messages in flight, and the count of connected chat sockets.
 */
export class Audience {
  constructor({ titles, queries, prefixes, random, viewersPerTitle, thinkMeanMs, saves, chatterShare }) {
    Object.assign(this, { titles, queries, prefixes, random, viewersPerTitle, thinkMeanMs, saves, chatterShare });
    this.phase = null;
    this.active = 0;
    this.chatSockets = 0;
    this.chatSent = new Map();
  }

  record(kind, ms, status, ok) {
    this.phase?.record(kind, ms, status, ok);
  }

  socketError(kind) {
    this.phase?.socketError(kind);
  }

  /** A title for a visit: about `viewersPerTitle` viewers on each, among the most popular. */
  titleFor() {
    const size = Math.max(1, Math.min(this.titles.length, Math.round(this.active / this.viewersPerTitle)));
    return this.titles[Math.floor(this.random() * size)];
  }

  pick(list) {
    return list[Math.floor(this.random() * list.length)];
  }

  /** A chat message arrived on a socket: its delivery counted toward the phase it was posted in. */
  delivered(text) {
    const marker = CHAT_MARKER.exec(text ?? '');
    const sent = marker && this.chatSent.get(marker[0]);
    if (!sent) return;
    if (sent.phase) {
      sent.phase.chat.received += 1;
      sent.phase.chat.latencies.push(performance.now() - sent.at);
    }
  }
}

/** One request; resolves (never rejects) with status ('network', 'timeout' on failure), ms and body. */
function send(agent, target, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      resolve({ ms: performance.now() - started, ...result });
    };
    const request = http.request({ host: target.host, port: target.port, method, path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode, body: chunks.length > 0 ? Buffer.concat(chunks) : null, encoding: response.headers['content-encoding'] }),
      );
      response.on('error', (error) => done({ status: 'network', error: error.code ?? error.message }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error) => done({ status: error.code === 'TIMEOUT' ? 'timeout' : 'network', error: error.code ?? error.message }));
    request.end(body);
  });
}

function decode({ body, encoding }) {
  if (!body) return null;
  const raw = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Registers viewer `index`'s account through the gateway from its own address, as the web form does
 * (captcha solved, agreement accepted). Resolves with { token, user, failures }: a registration that
 * fails (a 503 may still have created the account: then it signs in) is tried again, three times at
 * most, and each failure is reported in `failures` (status and message).
 */
export async function registerAccount(baseUrl, index, runId) {
  const url = new URL(baseUrl);
  const target = { host: url.hostname, port: url.port };
  const agent = new http.Agent({ keepAlive: false, localAddress: viewerAddress(index) });
  const headers = { 'user-agent': BROWSER, accept: 'application/json' };
  const json = { ...headers, 'content-type': 'application/json' };
  const name = `vw${runId}_${index}`;
  const credentials = { email: `${name}@example.com`, password: `Pw-${name}-viewers!` };
  const failures = [];
  const failed = (what, answer) => failures.push(`${what} ${answer.status}: ${answer.body?.toString('utf8').slice(0, 160) ?? answer.error}`);
  try {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const captcha = await send(agent, target, { method: 'GET', path: '/api/auth/captcha', headers });
      const question = decode(captcha)?.data;
      if (captcha.status !== 200 || !question) {
        failed('captcha', captcha);
        continue;
      }
      const body = JSON.stringify({
        username: name,
        ...credentials,
        captchaId: question.captchaId,
        captchaAnswer: solveCaptcha(question.question),
        agreement: true,
      });
      const answer = await send(agent, target, { method: 'POST', path: '/api/auth/register', headers: json, body });
      const data = decode(answer)?.data;
      if (answer.status === 201 && data?.token) return { token: data.token, user: data.user, failures };
      failed('register', answer);
      // A registration past its deadline may have created the account all the same: sign in then.
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
      const login = await send(agent, target, { method: 'POST', path: '/api/auth/login', headers: json, body: JSON.stringify(credentials) });
      const session = decode(login)?.data;
      if (login.status === 200 && session?.token) return { token: session.token, user: session.user, failures };
      failed('login', login);
    }
    throw new Error(`registering viewer ${index} failed three times: ${failures.join(' | ')}`);
  } finally {
    agent.destroy();
  }
}

/**
 * A viewer: `account` null makes it a baseline viewer (every request a GET / of the hello-world, no
 * sockets, the same visits and think times). `connectionsPerViewer` keep-alive connections at most.
 */
export class Viewer {
  constructor({ index, account, baseUrl, audience, random, connectionsPerViewer, sockets = true, sessionCookieName }) {
    const target = new URL(baseUrl);
    Object.assign(this, { index, account, baseUrl, audience, random });
    this.sessionCookie = account ? `${sessionCookieName}=${account.token}` : '';
    this.target = { host: target.hostname, port: target.port };
    this.baseline = account === null;
    this.withSockets = sockets && !this.baseline;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connectionsPerViewer, localAddress: viewerAddress(index) });
    this.headers = {
      'user-agent': BROWSER,
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      ...(account && { authorization: `Bearer ${account.token}` }),
    };
    this.chatter = random() < audience.chatterShare;
    // Where its first visit starts: viewers who joined together would otherwise move through their
    // visits in step (all on the home page, then all watching), a load no audience makes.
    this.firstAction = Math.floor(random() * 10);
    this.stopped = false;
    this.sleepers = new Set();
    this.sockets = [];
    this.listChanges = 0;
    this.visits = 0;
    this.chatSeq = 0;
    this.loop = null;
  }

  /** One timed request of a kind; answers whether it succeeded, and the parsed JSON when `parse`. */
  async request(kind, method, path, { body, parse = false, headers } = {}) {
    if (this.stopped) return { ok: false, data: null };
    const call = this.baseline
      ? { method: 'GET', path: '/', headers: this.headers }
      : {
          method,
          path,
          headers: body === undefined ? { ...this.headers, ...headers } : { ...this.headers, ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        };
    const result = await send(this.agent, this.target, call);
    const ok = typeof result.status === 'number' && result.status >= 200 && result.status < 300;
    if (!this.stopped) this.audience.record(kind, result.ms, result.status, ok);
    return { ok, data: ok && parse ? decode(result) : null };
  }

  sleep(ms) {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** The three sockets of a signed-in page; resolves once each connected or failed (20 s at most). */
  async connectSockets() {
    if (!this.withSockets) return;
    const common = {
      path: '/socket.io/',
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
      localAddress: viewerAddress(this.index),
      extraHeaders: { 'user-agent': BROWSER },
    };
    const { token, user } = this.account;
    const general = io(this.baseUrl, {
      ...common,
      transports: ['websocket', 'polling'],
      auth: { token, username: user.username, clientId: `bench-viewer-${this.index}` },
    });
    const chat = io(`${this.baseUrl}/chat`, { ...common, auth: { token } });
    const notifications = io(`${this.baseUrl}/notifications`, { ...common, auth: { token } });
    chat.on('newMessage', (message) => this.audience.delivered(message?.message));
    chat.on('connect', () => (this.audience.chatSockets += 1));
    chat.on('disconnect', () => (this.audience.chatSockets -= 1));
    notifications.on('notification:new', () => this.audience.phase && (this.audience.phase.notificationsPushed += 1));
    this.sockets = [
      ['general socket', general],
      ['chat socket', chat],
      ['notifications socket', notifications],
    ];
    await Promise.all(
      this.sockets.map(
        ([name, socket]) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => {
              this.audience.socketError(`${name}: not connected in 20 s`);
              resolve();
            }, 20_000);
            socket.once('connect', () => {
              clearTimeout(timer);
              resolve();
            });
            socket.on('connect_error', (error) => {
              if (!this.stopped) this.audience.socketError(`${name}: connect_error ${error.message}`);
            });
            socket.on('disconnect', (reason) => {
              if (!this.stopped) this.audience.socketError(`${name}: disconnect (${reason})`);
            });
          }),
      ),
    );
  }

  start(delayMs) {
    this.audience.active += 1;
    this.loop = (async () => {
      await this.sleep(delayMs);
      if (this.stopped) return;
      await this.connectSockets();
      while (!this.stopped) await this.visit();
    })();
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.audience.active -= 1;
    for (const wake of [...this.sleepers]) wake();
    for (const [, socket] of this.sockets) socket.disconnect();
    await this.loop;
    this.agent.destroy();
  }

  /** One visit: home, catalogue, a search, a title, list, rating, an episode, a comment, the bell, a status. */
  async visit() {
    const audience = this.audience;
    const title = audience.titleFor();
    const episode = 1 + (this.visits % Math.max(1, title.episodes));
    this.visits += 1;
    const actions = planVisit(this.random, { chatter: this.chatter, saves: audience.saves });
    let threads = [];
    const from = this.visits === 1 ? Math.min(this.firstAction, actions.length - 1) : 0;
    for (const [index, step] of actions.entries()) {
      if (index < from) continue;
      if (this.stopped) return;
      if (index > from) await this.sleep(thinkMs(this.random, audience.thinkMeanMs));
      if (this.stopped) return;
      switch (step.action) {
        case 'home':
          // A page load: index.html (drawn with the viewer's «Продолжить просмотр» from the session hint
          // cookie), then what the page asks for at once; the latest comments and the bell once it settled.
          await Promise.all([
            this.request('page / (HTML)', 'GET', '/', { headers: { accept: 'text/html', cookie: this.sessionCookie } }),
            this.request('auth verify', 'GET', '/api/auth/verify'),
            this.request('continue watching', 'GET', '/api/progress/continue?limit=20'),
            this.request('popular (home row)', 'GET', '/api/anime/popular?limit=12'),
            this.request('new (home row)', 'GET', '/api/anime/new?limit=12'),
            this.request('featured collections', 'GET', '/api/collections/featured'),
          ]);
          await Promise.all([
            this.request('latest comments', 'GET', '/api/comments/latest?limit=10'),
            this.request('unread count', 'GET', '/api/notifications/unread-count'),
          ]);
          break;
        case 'catalogue':
          await Promise.all([
            this.request('catalogue page', 'GET', `/api/anime?limit=24&page=${1 + Math.floor(this.random() * 3)}&sort=popularity`),
            this.request('genres', 'GET', '/api/genres'),
          ]);
          break;
        case 'search': {
          const query = audience.pick(audience.queries);
          const typed = [...query].slice(0, 3 + Math.floor(this.random() * 3)).join('');
          await this.request('suggest', 'GET', `/api/anime/suggest?q=${encodeURIComponent(typed)}&limit=8`);
          await this.request('search', 'GET', `/api/anime/search?title=${encodeURIComponent(query)}`);
          break;
        }
        case 'title': {
          const [, , , comments] = await Promise.all([
            this.request('title', 'GET', `/api/anime/${title.id}`),
            this.request('title stats', 'GET', `/api/anime/${title.id}/stats`),
            this.request('list entry', 'GET', `/api/users/anime/${title.id}`),
            this.request('title comments', 'GET', `/api/anime/${title.id}/comments?limit=20`, { parse: true }),
            this.request('episodes', 'GET', `/api/anime/${title.id}/episodes`),
          ]);
          threads = (comments.data?.data?.items ?? []).filter((thread) => thread?.id && thread.author?.id !== this.account?.user.id && !thread.deleted);
          break;
        }
        case 'list-add':
          await this.listChange({ animeId: title.id, status: 'watching' });
          break;
        case 'rate':
          await this.request('rating', 'POST', '/api/rating', { body: { animeId: title.id, rating: 5 + Math.floor(this.random() * 6) } });
          break;
        case 'play':
          await this.request('progress read', 'GET', `/api/progress?animeId=${title.id}&episode=${episode}`);
          for (let save = 1; save <= step.saves && !this.stopped; save++) {
            await this.sleep(10_000);
            await this.request('progress save', 'POST', '/api/progress', { body: { animeId: title.id, episode, position: save * 10, duration: 1440 } });
          }
          await this.listChange({ animeId: title.id, watchedEpisode: episode });
          break;
        case 'comment': {
          const parent = threads.length > 0 && this.random() < 0.5 ? audience.pick(threads) : null;
          await this.request('comment post', 'POST', '/api/comments', {
            body: {
              animeId: title.id,
              content: `Серия ${episode} — отлично! Смотрю дальше (${this.index}.${this.visits})`,
              ...(parent && { parentId: parent.id }),
            },
          });
          const liked = threads.length > 0 ? audience.pick(threads) : null;
          if (liked && this.random() < 0.5) await this.request('comment like', 'POST', `/api/comments/${liked.id}/like`);
          break;
        }
        case 'notifications': {
          const list = await this.request('notifications', 'GET', '/api/notifications?limit=20', { parse: true });
          if (list.data?.data?.unread > 0) await this.request('notifications read', 'POST', '/api/notifications/read', { body: { all: true } });
          break;
        }
        case 'list-status':
          await this.listChange({ animeId: title.id, status: step.status });
          break;
        case 'chat':
          await this.chat();
          break;
        default:
          throw new Error(`unknown action ${step.action}`);
      }
    }
    await this.sleep(thinkMs(this.random, audience.thinkMeanMs));
  }

  /** A list change; the viewer's first one of the (UTC) day is its own kind: it waits for the day's card. */
  async listChange(body) {
    const kind = this.listChanges === 0 ? 'list change, first of the day' : 'list change';
    this.listChanges += 1;
    await this.request(kind, 'PUT', '/api/users/anime/status', { body });
  }

  async chat() {
    this.chatSeq += 1;
    const marker = `#bv${this.index}-${this.chatSeq}`;
    const audience = this.audience;
    const phase = this.baseline ? null : audience.phase;
    const expected = audience.chatSockets;
    const now = performance.now();
    for (const [key, sent] of audience.chatSent) {
      if (now - sent.at < 60_000) break;
      audience.chatSent.delete(key);
    }
    // Every chat socket connected now should receive it (the poster's own too); the push may arrive
    // before the answer, so it is expected before it is sent.
    if (phase) {
      audience.chatSent.set(marker, { at: now, phase });
      phase.chat.posted += 1;
      phase.chat.expected += expected;
    }
    const { ok } = await this.request('chat post', 'POST', '/api/chat/messages', { body: { message: `Всем привет, смотрю аниме! ${marker}` } });
    if (phase && !ok) {
      // A refused post is already an error of its own, not a lost delivery.
      phase.chat.posted -= 1;
      phase.chat.expected -= expected;
    }
  }
}
