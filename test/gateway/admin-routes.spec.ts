import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { gatewayEnvSchema, loadConfig } from '@portal/config';
import { GatewayAppModule } from '../../apps/gateway/src/gateway-app.module';
import { OperationsController } from '../../apps/gateway/src/operations/operations.controller';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { auth, type ModerationStack, startModerationStack } from '../moderation/moderation-test-kit';
import { testEnv } from '../support/test-apps';

/** What @AdminOnly() sets (apps/gateway/src/auth/access.guard.ts): read here to find every admin route. */
const ACCESS_METADATA = 'portal:access';
const NO_UUID = '00000000-0000-4000-8000-000000000000';
/** A catalogue id (titles, collections) of nothing. */
const NO_ANIME = '999999999';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface AdminRoute {
  /** The route as declared, `METHOD /api/path/:param`. */
  route: `${Method} /api/${string}`;
  /** The address to call when it has parameters (ids of nothing: the admin gets the owner's 404). */
  url?: string;
  /** The smallest body that passes the guard: valid, or deliberately not (then the admin gets a 400). */
  body?: unknown;
  /** What an admin gets: 2xx, or the documented 4xx for that body. */
  admin: number;
}

/**
 * Every admin route of the gateway, once. A guest gets 401, a signed-in user 403 (the guard, before
 * the body is read), an admin the status below. A route marked @AdminOnly() and missing here fails
 * the first test, and so does a row whose route is no longer an admin route.
 */
const ADMIN_ROUTES: AdminRoute[] = [
  // Users, the audit log, statistics (docs/moderation.md).
  { route: 'GET /api/users', admin: 200 },
  { route: 'PUT /api/user/:id/admin', url: `/api/user/${NO_UUID}/admin`, body: { isAdmin: true }, admin: 404 },
  { route: 'PUT /api/user/:id/uploader', url: `/api/user/${NO_UUID}/uploader`, body: { isUploader: true }, admin: 404 },
  { route: 'GET /api/admin/audit-log', admin: 200 },
  { route: 'GET /api/admin/stats', url: '/api/admin/stats?days=30', admin: 200 },
  // Reports.
  { route: 'GET /api/admin/reports', admin: 200 },
  { route: 'PUT /api/admin/reports/:id', url: `/api/admin/reports/${NO_UUID}`, body: { action: 'reject' }, admin: 404 },
  // Bans and restrictions (their behaviour: test/moderation/bans.spec.ts).
  { route: 'POST /api/admin/users/:id/ban', url: `/api/admin/users/${NO_UUID}/ban`, body: { kind: 'warning', reason: 'Спам' }, admin: 404 },
  { route: 'DELETE /api/admin/users/:id/ban', url: `/api/admin/users/${NO_UUID}/ban`, admin: 404 },
  { route: 'POST /api/admin/users/:id/chat-mute', url: `/api/admin/users/${NO_UUID}/chat-mute`, body: { minutes: 10, reason: 'Флуд' }, admin: 404 },
  { route: 'DELETE /api/admin/users/:id/chat-mute', url: `/api/admin/users/${NO_UUID}/chat-mute`, admin: 404 },
  { route: 'POST /api/admin/users/:id/reset-nickname', url: `/api/admin/users/${NO_UUID}/reset-nickname`, admin: 404 },
  { route: 'GET /api/admin/ip-bans', admin: 200 },
  { route: 'POST /api/admin/ip-bans', body: {}, admin: 400 },
  { route: 'DELETE /api/admin/ip-bans', url: '/api/admin/ip-bans?ip=192.0.2.77', admin: 404 },
  // Chat.
  { route: 'DELETE /api/chat/messages/:id', url: '/api/chat/messages/999999999', admin: 404 },
  // Reviews and quizzes.
  { route: 'GET /api/admin/reviews/pending', admin: 200 },
  { route: 'PUT /api/reviews/:id/approve', url: `/api/reviews/${NO_UUID}/approve`, admin: 404 },
  { route: 'PUT /api/reviews/:id/reject', url: `/api/reviews/${NO_UUID}/reject`, body: { reason: 'Слишком коротко и не по делу' }, admin: 404 },
  { route: 'GET /api/quiz/moderation', admin: 200 },
  { route: 'PUT /api/quiz/:id/approve', url: `/api/quiz/${NO_UUID}/approve`, admin: 404 },
  { route: 'PUT /api/quiz/:id/reject', url: `/api/quiz/${NO_UUID}/reject`, body: { reason: 'Вопросы с ошибками' }, admin: 404 },
  // Orders.
  { route: 'PUT /api/orders/:id/status', url: `/api/orders/${NO_UUID}/status`, body: { status: 'released' }, admin: 404 },
  // News.
  { route: 'POST /api/news', body: {}, admin: 400 },
  { route: 'PUT /api/news/:id', url: `/api/news/${NO_UUID}`, body: {}, admin: 400 },
  { route: 'DELETE /api/news/:id', url: `/api/news/${NO_UUID}`, admin: 404 },
  { route: 'POST /api/admin/news/covers', body: {}, admin: 400 },
  { route: 'GET /api/admin/news/settings', admin: 200 },
  { route: 'PUT /api/admin/news/settings', body: {}, admin: 400 },
  // AMV.
  { route: 'POST /api/amv/upload', body: {}, admin: 400 },
  { route: 'POST /api/amv', body: {}, admin: 400 },
  { route: 'PUT /api/amv/:id', url: `/api/amv/${NO_UUID}`, body: {}, admin: 400 },
  { route: 'DELETE /api/amv/:id', url: `/api/amv/${NO_UUID}`, admin: 404 },
  // Reward cards: refused at the gateway's edge (a form is required, an id must be a uuid), so this
  // table needs no rewards service; their behaviour is the rewards specs'.
  { route: 'POST /api/admin/cards', body: {}, admin: 400 },
  { route: 'PUT /api/admin/cards/:id', url: '/api/admin/cards/not-a-card', body: { title: 'Карта' }, admin: 400 },
  { route: 'DELETE /api/admin/cards/:id', url: '/api/admin/cards/not-a-card', admin: 400 },
  // Catalogue: titles, collections, Shikimori metadata.
  { route: 'POST /api/anime', body: {}, admin: 400 },
  { route: 'PUT /api/anime/:id', url: `/api/anime/${NO_ANIME}`, body: {}, admin: 400 },
  { route: 'PATCH /api/anime/:id', url: `/api/anime/${NO_ANIME}`, body: {}, admin: 400 },
  { route: 'DELETE /api/anime/:id', url: `/api/anime/${NO_ANIME}`, admin: 404 },
  { route: 'POST /api/anime/save-poster', body: {}, admin: 400 },
  { route: 'POST /api/collections', body: {}, admin: 400 },
  { route: 'PUT /api/collections/:id', url: `/api/collections/${NO_ANIME}`, body: {}, admin: 400 },
  { route: 'DELETE /api/collections/:id', url: `/api/collections/${NO_ANIME}`, admin: 404 },
  { route: 'GET /api/admin/catalogue/sync', admin: 200 },
  { route: 'POST /api/admin/catalogue/sync', body: { shikimoriIds: 'все' }, admin: 400 },
  { route: 'POST /api/anime/update-posters', admin: 202 },
  { route: 'POST /api/parser/parse', body: {}, admin: 400 },
  { route: 'GET /api/images/search/:id', url: `/api/images/search/${NO_ANIME}`, admin: 404 },
  { route: 'POST /api/images/set-background/:id', url: `/api/images/set-background/${NO_ANIME}`, body: {}, admin: 400 },
];

/**
 * The gateway's own uploader routes (an admin is an uploader too), outside the declared operations: the
 * same refusals. The declared uploader routes are the services' to check as well (test/media).
 */
const UPLOADER_ROUTES: AdminRoute[] = [
  // A voice-over or subtitles added to an episode: a multipart form is required.
  { route: 'POST /api/admin/anime/:animeId/episodes/:number/tracks', url: `/api/admin/anime/${NO_ANIME}/episodes/1/tracks`, body: {}, admin: 400 },
];
const GUARDED_ROUTES = [...ADMIN_ROUTES, ...UPLOADER_ROUTES];

/** Every route of the gateway's controllers whose handler or class is marked with `access` (@AdminOnly(), @UploaderOnly()), as `METHOD /api/path`. */
function declaredRoutes(access: 'admin' | 'uploader', include: (controller: Type<unknown>) => boolean = () => true): string[] {
  const config = loadConfig(gatewayEnvSchema, testEnv({}));
  const controllers = ((GatewayAppModule.forRoot(config).controllers ?? []) as Type<unknown>[]).filter(include);
  const routes: string[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const classAccess = Reflect.getMetadata(ACCESS_METADATA, controller);
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      if ((Reflect.getMetadata(ACCESS_METADATA, handler) ?? classAccess) !== access) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const full = [base, String(path)]
        .map((part) => part.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/');
      routes.push(`${method} /api/${full}`);
    }
  }
  return routes.sort();
}

describe('admin routes of the gateway', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  let user: RegisteredUser;

  const call = (row: AdminRoute, who?: RegisteredUser) => {
    const [method] = row.route.split(' ') as [Method];
    const url = row.url ?? row.route.slice(method.length + 1);
    const options = auth(who);
    switch (method) {
      case 'GET':
        return stack.api.get(url, options);
      case 'DELETE':
        return stack.api.delete(url, options);
      case 'POST':
        return stack.api.post(url, row.body, options);
      case 'PUT':
        return stack.api.put(url, row.body, options);
      case 'PATCH':
        return stack.api.patch(url, row.body, options);
    }
  };

  beforeAll(async () => {
    stack = await startModerationStack('adminroutes');
    [admin, user] = [await stack.admin(), await stack.user()];
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('lists every @AdminOnly() route once, and nothing else', () => {
    const listed = ADMIN_ROUTES.map((row) => row.route).sort();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual(declaredRoutes('admin'));
  });

  it('lists every @UploaderOnly() route of the hand-written controllers once', () => {
    expect(UPLOADER_ROUTES.map((row) => row.route).sort()).toEqual(declaredRoutes('uploader', (controller) => controller !== OperationsController));
  });

  it.each(GUARDED_ROUTES.map((row) => [row.route, row] as const))('%s: guest 401, user 403, admin as documented', async (_route, row) => {
    const guest = await call(row);
    expect({ status: guest.status, code: guest.body?.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const plain = await call(row, user);
    expect({ status: plain.status, code: plain.body?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const allowed = await call(row, admin);
    expect({ status: allowed.status, body: allowed.body }).toEqual({ status: row.admin, body: expect.anything() });
  });
});
