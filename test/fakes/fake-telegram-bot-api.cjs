'use strict';
// A stand-in for the Telegram Bot API (core.telegram.org/bots/api) on a free local port: the methods
// the portal calls, in their real request and answer shapes (`POST /bot<token>/<method>`, JSON or
// form body; `{ ok, result }` or `{ ok: false, error_code, description, parameters }`). Used by the
// jest specs and the browser flow, so it is plain CommonJS (typed by fake-telegram-bot-api.d.cts).
const { createServer } = require('node:http');

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const ok = (res, result) => json(res, 200, { ok: true, result });
const fail = (res, status, description, parameters) => json(res, status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((req.headers['content-type'] || '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return JSON.parse(raw);
}

/**
 * @param {import('./fake-telegram-bot-api.d.cts').FakeTelegramOptions} [options]
 * @returns {Promise<import('./fake-telegram-bot-api.d.cts').FakeTelegram>}
 */
async function startFakeTelegram(options = {}) {
  const botToken = options.botToken || '123456:TEST-fake-token';
  const bot = { id: 123456, is_bot: true, first_name: 'Portal Bot', username: options.botUsername || 'portal_test_bot' };
  const channel = {
    id: -1001234567890,
    type: 'channel',
    title: 'Аниме-портал',
    username: 'portal_test_channel',
    description: 'Новости портала',
    ...options.channel,
  };
  const members = new Map();
  const updates = [];
  const sends = [];
  const refusals = [];
  const calls = [];
  let nextUpdateId = 1000;
  let webhook = null;
  let flood = null;
  let pendingPoll = null;
  let concurrentPolls = 0;
  let conflicts = 0;

  const confirmUpTo = (offset) => {
    while (updates.length > 0 && updates[0].update_id < offset) updates.shift();
  };

  const answerPoll = () => {
    if (!pendingPoll || updates.length === 0) return;
    const { res, timer } = pendingPoll;
    pendingPoll = null;
    clearTimeout(timer);
    concurrentPolls--;
    ok(res, updates.slice(0, 100));
  };

  const methods = {
    getMe: (_body, res) => ok(res, bot),
    getChat: (body, res) => (sameChat(body.chat_id) ? ok(res, channel) : fail(res, 400, 'Bad Request: chat not found')),
    getChatMember: (body, res) => {
      if (!sameChat(body.chat_id)) return fail(res, 400, 'Bad Request: chat not found');
      const userId = Number(body.user_id);
      const member = members.get(userId);
      if (!member) return fail(res, 400, 'Bad Request: member not found');
      ok(res, { ...member, user: { id: userId, is_bot: false, first_name: `User ${userId}` } });
    },
    sendMessage: (body, res) => {
      const at = Date.now();
      if (flood && flood.times > 0) {
        flood.times--;
        refusals.push({ chatId: String(body.chat_id), text: body.text, at, retryAfter: flood.retryAfter });
        return fail(res, 429, `Too Many Requests: retry after ${flood.retryAfter}`, { retry_after: flood.retryAfter });
      }
      sends.push({ chatId: String(body.chat_id), text: String(body.text), at });
      ok(res, { message_id: sends.length, date: Math.floor(at / 1000), chat: { id: Number(body.chat_id), type: 'private' }, text: body.text });
    },
    setWebhook: (body, res) => {
      webhook = { url: body.url, secretToken: body.secret_token };
      ok(res, true);
    },
    deleteWebhook: (_body, res) => {
      webhook = null;
      ok(res, true);
    },
    getUpdates: (body, res) => {
      if (webhook) return fail(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
      if (pendingPoll) {
        // Telegram ends the earlier long poll when another starts: two pollers of one bot conflict.
        conflicts++;
        const earlier = pendingPoll;
        pendingPoll = null;
        clearTimeout(earlier.timer);
        concurrentPolls--;
        fail(earlier.res, 409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
      }
      if (body.offset !== undefined) confirmUpTo(Number(body.offset));
      if (updates.length > 0) return ok(res, updates.slice(0, 100));
      const timeoutMs = Math.min(Number(body.timeout || 0), 50) * 1000;
      if (timeoutMs === 0) return ok(res, []);
      concurrentPolls++;
      const timer = setTimeout(() => {
        if (pendingPoll?.res !== res) return;
        pendingPoll = null;
        concurrentPolls--;
        ok(res, []);
      }, timeoutMs);
      pendingPoll = { res, timer };
      res.on('close', () => {
        if (pendingPoll?.res === res) {
          pendingPoll = null;
          clearTimeout(timer);
          concurrentPolls--;
        }
      });
    },
  };

  function sameChat(chatId) {
    return String(chatId) === String(channel.id) || String(chatId) === `@${channel.username}`;
  }

  const server = createServer((req, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url || '/', 'http://fake').pathname);
    if (!match) return fail(res, 404, 'Not Found');
    if (match[1] !== botToken) return fail(res, 401, 'Unauthorized');
    readBody(req)
      .then((body) => {
        const method = methods[match[2]];
        calls.push({ method: match[2], at: Date.now() });
        if (!method) return fail(res, 404, 'Not Found: method not found');
        method(body, res);
      })
      .catch(() => fail(res, 400, "Bad Request: can't parse JSON object"));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    url,
    botToken,
    botUsername: bot.username,
    channel,
    setMember(userId, status, extra = {}) {
      members.set(Number(userId), { status, ...extra });
    },
    pressStart(userId, startParameter) {
      const text = `/start ${startParameter}`;
      const update = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          from: { id: Number(userId), is_bot: false, first_name: `User ${userId}`, language_code: 'ru' },
          chat: { id: Number(userId), type: 'private', first_name: `User ${userId}` },
          date: Math.floor(Date.now() / 1000),
          text,
          entities: [{ offset: 0, length: 6, type: 'bot_command' }],
        },
      };
      updates.push(update);
      answerPoll();
      return update;
    },
    floodControl(retryAfterSeconds, times = 1) {
      flood = { retryAfter: retryAfterSeconds, times };
    },
    get webhook() {
      return webhook;
    },
    get pendingUpdates() {
      return updates.length;
    },
    get conflicts() {
      return conflicts;
    },
    get activePolls() {
      return concurrentPolls;
    },
    sends,
    refusals,
    calls,
    close: () =>
      new Promise((resolve) => {
        if (pendingPoll) clearTimeout(pendingPoll.timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startFakeTelegram };
