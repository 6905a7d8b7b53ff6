import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMMUNITY_MESSAGES, ErrorCode } from '@portal/contracts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, startCommunityStack } from './community-test-kit';

const MAL = readFileSync(resolve(__dirname, '../fixtures/community/mal-export.xml'), 'utf8');

/** A MAL entry whose title is `title`: the id is not in the catalogue, so the report would name the title. */
const entry = (title: string) =>
  `<anime><series_animedb_id>987654321</series_animedb_id><series_title>${title}</series_title><my_status>Completed</my_status></anime>`;
const malFile = (doctype: string, title: string) =>
  `<?xml version="1.0" encoding="UTF-8" ?>\n${doctype}\n<myanimelist>${entry(title)}${entry('Death Note')}</myanimelist>\n`;

const lol = (n: number) => `&lol${n};`.repeat(10);
const HOSTILE = {
  'an external entity (XXE)': malFile('<!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]>', '&x;'),
  'an external parameter entity': malFile('<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:1/evil.dtd"> %p;]>', 'x'),
  'a billion laughs (nested internal entities)': malFile(
    `<!DOCTYPE lolz [<!ENTITY lol0 "lol">${Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${lol(n)}">`).join('')}]>`,
    '&lol9;',
  ),
  'a bare DOCTYPE': malFile('<!DOCTYPE myanimelist>', 'x'),
  'a lower-case doctype': malFile('<!doctype x [<!entity x "y">]>', '&x;'),
  'an entity declaration inside the document': `<?xml version="1.0"?><myanimelist><!ENTITY x SYSTEM "file:///etc/passwd">${entry('&x;')}</myanimelist>`,
};

/**
 * Issue #12: a MyAnimeList file with a DOCTYPE (an external entity) answered 500. Any DOCTYPE or
 * entity declaration is now refused with a Russian 400 before the XML parser runs, and the list stays
 * as it was.
 */
describe('a MyAnimeList import with a DOCTYPE or entities is refused', () => {
  let stack: CommunityStack;
  let user: RegisteredUser;
  const auth = () => ({ token: user.token });
  const form = (content: string | Buffer, fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', new Blob([content]), 'animelist.xml');
    return body;
  };
  const list = async () => (await stack.api.get('/api/users/anime?limit=100', auth())).body.data;
  const outboxRows = async () =>
    (await stack.db.query(`SELECT count(*)::int AS n FROM community.outbox WHERE payload->>'userId' = $1`, [user.id]))[0].n as number;

  const expectRefused = (res: { status: number; body: any }) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: ErrorCode.ValidationFailed,
      message: COMMUNITY_MESSAGES.malDoctype,
      errors: [{ field: 'file', message: COMMUNITY_MESSAGES.malDoctype }],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/root:|\/bin\/|lollol/);
  };

  beforeAll(async () => {
    stack = await startCommunityStack('hostileimport');
    user = await stack.user();
    // A list to keep: the hostile files must leave it exactly as it is.
    expect((await stack.api.post('/api/users/anime/import', form(MAL), auth())).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it.each(Object.entries(HOSTILE))('refuses %s with a Russian 400 and imports nothing', async (_name, file) => {
    const before = { list: await list(), events: await outboxRows() };
    expectRefused(await stack.api.post('/api/users/anime/import', form(file), auth()));
    expectRefused(await stack.api.post('/api/users/anime/import', form(file, { format: 'mal' }), auth()));
    expect(await list()).toEqual(before.list);
    expect(await outboxRows()).toBe(before.events);
  });

  it('refuses it gzipped, and as a raw text body, the same way', async () => {
    const before = await list();
    const xxe = HOSTILE['an external entity (XXE)'];
    expectRefused(await stack.api.post('/api/users/anime/import', form(gzipSync(xxe)), auth()));
    const raw = await fetch(new URL('/api/users/anime/import', stack.gatewayUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain; charset=utf-8' },
      body: xxe,
    });
    expectRefused({ status: raw.status, body: await raw.json() });
    expect(await list()).toEqual(before);
  });

  it('still imports an ordinary export afterwards (entities such as &amp; and CDATA are fine)', async () => {
    const other = await stack.user();
    const file = `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist>${entry('Tom &amp; Jerry')}<anime><series_animedb_id>1535</series_animedb_id><series_title><![CDATA[Death Note]]></series_title><my_status>Completed</my_status><my_watched_episodes>37</my_watched_episodes></anime></myanimelist>`;
    const res = await stack.api.post('/api/users/anime/import', form(file), { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'mal', imported: 1 });
    expect(res.body.data.skipped).toEqual([expect.objectContaining({ title: 'Tom & Jerry', reason: COMMUNITY_MESSAGES.skipNotInCatalogue })]);
  });
});
