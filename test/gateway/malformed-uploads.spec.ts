import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, startCommunityStack } from '../community/community-test-kit';
import { watchEscapedErrors } from '../support/escaped-errors';

const BOUNDARY = '----portal-malformed-upload';
const PNG_START = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** The start of a form with one file part, cut before the file ends: no closing boundary. */
const truncatedForm = (field: string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_START,
  ]);

/** A whole, well-formed form body with `files` file parts. */
const formWithFiles = (field: string, files: number, boundary = BOUNDARY) =>
  Buffer.concat([
    ...Array.from({ length: files }, (_, index) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${index}.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG_START,
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

/**
 * Issue #12: a broken multipart upload answered 500 on every upload route (only errors with an FST_
 * code became 400). Whatever @fastify/multipart or busboy cannot read is now a 400 VALIDATION_FAILED
 * with a Russian message, and changes nothing.
 */
describe('malformed multipart uploads answer 400 with a Russian message', () => {
  let stack: CommunityStack;
  let uploadsDir: string;
  let user: RegisteredUser;
  let admin: RegisteredUser;
  let collectionId: string;
  const { escaped, start: watchEscapes, stop: unwatchEscapes } = watchEscapedErrors();

  beforeAll(async () => {
    watchEscapes();
    uploadsDir = mkdtempSync(join(tmpdir(), 'portal-malformed-uploads-'));
    stack = await startCommunityStack('badupload', { env: { UPLOADS_DIR: uploadsDir } });
    user = await stack.user();
    admin = await stack.admin();
    const form = new FormData();
    form.append('title', 'Коллекция для проверки загрузок');
    const created = await stack.api.post('/api/collections', form, { token: admin.token });
    expect(created.status).toBe(201);
    collectionId = created.body.data.id;
  }, 120_000);
  afterAll(async () => {
    unwatchEscapes();
    await stack?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const ROUTES = [
    { name: 'avatar', method: 'POST', path: () => '/api/users/me/avatar', field: 'file', token: () => user.token },
    { name: 'banner', method: 'POST', path: () => '/api/users/me/banner', field: 'file', token: () => user.token },
    { name: 'list import', method: 'POST', path: () => '/api/users/anime/import', field: 'file', token: () => user.token },
    { name: 'new collection', method: 'POST', path: () => '/api/collections', field: 'cover', token: () => admin.token },
    { name: 'collection update', method: 'PUT', path: () => `/api/collections/${collectionId}`, field: 'cover', token: () => admin.token },
  ] as const;
  type Route = (typeof ROUTES)[number];

  const send = async (route: Route, contentType: string, body: Buffer) => {
    const res = await fetch(new URL(route.path(), stack.gatewayUrl), {
      method: route.method,
      headers: { 'content-type': contentType, authorization: `Bearer ${route.token()}` },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  /** What an upload could change: the user's profile and list, the collection, the stored files. */
  const state = async () => ({
    me: (await stack.api.get('/api/auth/verify', { token: user.token })).body.data.user,
    list: (await stack.api.get('/api/users/anime?limit=100', { token: user.token })).body.data,
    collection: (await stack.api.get(`/api/collections/${collectionId}`)).body.data,
    files: existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true }).sort() : [],
  });

  const expectMalformed = (res: { status: number; body: Record<string, any> }, message: string = GENERIC_MESSAGES.malformedUpload) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: ErrorCode.ValidationFailed, message, errors: [{ field: 'body', message }] });
    expect(message).toMatch(/[а-яё]/);
  };

  describe.each(ROUTES)('$method $name', (route) => {
    it('a truncated body (the file cut short, no closing boundary)', async () => {
      const before = await state();
      expectMalformed(await send(route, `multipart/form-data; boundary=${BOUNDARY}`, truncatedForm(route.field)));
      expect(await state()).toEqual(before);
    });

    it('a multipart content type without a boundary', async () => {
      const before = await state();
      expectMalformed(await send(route, 'multipart/form-data', formWithFiles(route.field, 1)));
      expect(await state()).toEqual(before);
    });

    it('a boundary longer than the parser takes', async () => {
      const long = 'b'.repeat(300);
      expectMalformed(await send(route, `multipart/form-data; boundary=${long}`, formWithFiles(route.field, 1, long)));
    });

    it('more files than the form may have', async () => {
      const before = await state();
      expectMalformed(await send(route, `multipart/form-data; boundary=${BOUNDARY}`, formWithFiles(route.field, 3)), GENERIC_MESSAGES.formTooManyParts);
      expect(await state()).toEqual(before);
    });
  });

  it('let nothing escape as an uncaught exception, and the gateway still answers', async () => {
    expect(escaped).toEqual([]);
    expect((await stack.api.get('/api/health/live')).status).toBe(200);
  });
});
