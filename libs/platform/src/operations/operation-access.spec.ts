import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type Redis from 'ioredis';
import { lastValueFrom, of } from 'rxjs';
import { z } from 'zod';
import { type AnyOperation, type AuthenticatedUser, ErrorCode, sanctionKeys, type SanctionNotice } from '@portal/contracts';
import { defineOperation } from '@portal/contracts/operations';
import { SanctionLookup } from '@portal/messaging';
import { createLogger } from '../logger';
import { RpcError } from '../rpc-error';
import { AnswerCheckInterceptor } from './answer-check.interceptor';
import { HandlesOperation } from './handles-operation';
import { OperationAccessGuard } from './operation-access.guard';
import { RoleLookup } from './role-lookup';

const reader: AuthenticatedUser = { id: '00000000-0000-4000-8000-000000000001', username: 'reader' };
const boss: AuthenticatedUser = { id: '00000000-0000-4000-8000-000000000002', username: 'boss' };
const releaser: AuthenticatedUser = { id: '00000000-0000-4000-8000-000000000003', username: 'releaser' };
const until = () => new Date(Date.now() + 3_600_000).toISOString();

const declare = (access: AnyOperation['access'], creates?: AnyOperation['creates']) =>
  defineOperation({
    pattern: `test.${access}.${creates ?? 'reads'}`,
    kind: 'write',
    access,
    creates,
    summary: 'test',
    request: z.object({}),
    answer: z.object({ id: z.string() }),
  });

class Handlers {
  handle() {}
}

/** The execution context Nest builds for a message handler declared with @HandlesOperation. */
function contextFor(operation: AnyOperation, user?: AuthenticatedUser): ExecutionContextHost {
  const handler = function handle() {};
  HandlesOperation(operation)(Handlers.prototype, 'handle', { value: handler });
  const context = new ExecutionContextHost([{ meta: { requestId: 'r', user }, data: {} }, {}], Handlers, handler);
  context.setType('rpc');
  return context;
}

class ListedRoles extends RoleLookup {
  constructor(
    private readonly admins: string[],
    private readonly uploaders: string[],
  ) {
    super();
  }

  rolesOf(user: AuthenticatedUser) {
    const isAdmin = this.admins.includes(user.id);
    return Promise.resolve({ isAdmin, isUploader: isAdmin || this.uploaders.includes(user.id) });
  }
}

function guardWith(sanctions: Record<string, SanctionNotice>, admins: string[] = [], uploaders: string[] = []) {
  const store = new Map(Object.entries(sanctions).map(([key, value]) => [key, JSON.stringify(value)]));
  const redis = { mget: async (...keys: string[]) => keys.map((key) => store.get(key) ?? null), get: async (key: string) => store.get(key) ?? null };
  return new OperationAccessGuard(new SanctionLookup(redis as unknown as Redis), new ListedRoles(admins, uploaders));
}

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof RpcError ? (error.payload.code as string) : error),
  );

describe('OperationAccessGuard', () => {
  const readOnly: SanctionNotice = { kind: 'read-only', reason: 'Спам', until: until() };
  const full: SanctionNotice = { kind: 'full', reason: 'Оскорбления', until: until() };

  it('lets anyone call a public operation, and refuses a guest everything else', async () => {
    const guard = guardWith({});
    expect(await outcomeOf(guard.canActivate(contextFor(declare('public'))))).toBe('allowed');
    for (const access of ['user', 'uploader', 'admin'] as const)
      expect(await outcomeOf(guard.canActivate(contextFor(declare(access))))).toBe(ErrorCode.Unauthorized);
  });

  it('refuses a read-only user what creates content only, and a banned user everything signed in', async () => {
    const guard = guardWith({ [sanctionKeys.ban(reader.id)]: readOnly, [sanctionKeys.ban(boss.id)]: full });
    expect(await outcomeOf(guard.canActivate(contextFor(declare('user'), reader)))).toBe('allowed');
    expect(await outcomeOf(guard.canActivate(contextFor(declare('user', 'content'), reader)))).toBe(ErrorCode.UserReadOnly);
    expect(await outcomeOf(guard.canActivate(contextFor(declare('user'), boss)))).toBe(ErrorCode.UserBanned);
  });

  it('refuses a muted user chat posts only', async () => {
    const guard = guardWith({ [sanctionKeys.chatMute(reader.id)]: { kind: 'chat-mute', reason: 'Флуд', until: until() } as SanctionNotice });
    expect(await outcomeOf(guard.canActivate(contextFor(declare('user', 'content'), reader)))).toBe('allowed');
    expect(await outcomeOf(guard.canActivate(contextFor(declare('user', 'chat'), reader)))).toBe(ErrorCode.ChatMuted);
  });

  it('asks the role of an admin operation live: a user is refused, an admin let through', async () => {
    const guard = guardWith({}, [boss.id]);
    expect(await outcomeOf(guard.canActivate(contextFor(declare('admin'), reader)))).toBe(ErrorCode.Forbidden);
    expect(await outcomeOf(guard.canActivate(contextFor(declare('admin'), boss)))).toBe('allowed');
  });

  it('lets an uploader, and an admin, call an uploader operation, but not an admin one', async () => {
    const guard = guardWith({}, [boss.id], [releaser.id]);
    expect(await outcomeOf(guard.canActivate(contextFor(declare('uploader'), reader)))).toBe(ErrorCode.Forbidden);
    expect(await outcomeOf(guard.canActivate(contextFor(declare('uploader'), releaser)))).toBe('allowed');
    expect(await outcomeOf(guard.canActivate(contextFor(declare('uploader'), boss)))).toBe('allowed');
    expect(await outcomeOf(guard.canActivate(contextFor(declare('admin'), releaser)))).toBe(ErrorCode.Forbidden);
  });
});

describe('AnswerCheckInterceptor', () => {
  const interceptor = new AnswerCheckInterceptor(createLogger('test', 'silent'));
  const answer = (operation: AnyOperation, value: unknown) => lastValueFrom(interceptor.intercept(contextFor(operation), { handle: () => of(value) }));

  it('passes an answer that matches its contract', async () => {
    await expect(answer(declare('public'), { id: 'a' })).resolves.toEqual({ id: 'a' });
  });

  it('fails an answer that does not, naming the field', async () => {
    const failure = await answer(declare('public'), { id: 7 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).payload).toMatchObject({ code: ErrorCode.Internal, message: expect.stringContaining('id:') });
  });
});
