import { Injectable } from '@nestjs/common';
import { type RpcMeta, USER_IDS_MAX, type UserName } from '@portal/contracts';
import { ServiceRpc } from '@portal/platform';

/** Asks auth for the current nicknames of some accounts (auth.users.by-ids). */
export type UserNamesLookup = (userIds: string[]) => Promise<UserName[]>;

/**
 * How long a page waits for the names: well inside the gateway's own deadline for the page
 * (RPC_TIMEOUT_MS, 5 s by default), so an auth that does not answer costs the names, not the page.
 */
export const NAMES_DEADLINE_MS = 1_500;

class NamesDeadlineError extends Error {
  constructor(ms: number) {
    super(`auth did not name the accounts within ${ms} ms`);
  }
}

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NamesDeadlineError(ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The current nicknames of the distinct accounts a page names, by id, from one call to auth per 100
 * (made together). A page must stay readable while auth is down, so a failed call, or one slower than
 * NAMES_DEADLINE_MS, gives no names (the ids are still shown) and is only reported.
 */
export async function namesOf(ids: Iterable<string>, lookup: UserNamesLookup, onLookupFailed: (error: unknown) => void): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return names;
  try {
    const chunks = Array.from({ length: Math.ceil(distinct.length / USER_IDS_MAX) }, (_, index) =>
      distinct.slice(index * USER_IDS_MAX, (index + 1) * USER_IDS_MAX),
    );
    const answers = await withinDeadline(Promise.all(chunks.map(lookup)), NAMES_DEADLINE_MS);
    for (const user of answers.flat()) names.set(user.id, user.username);
  } catch (error) {
    onLookupFailed(error);
  }
  return names;
}

/** namesOf against auth (auth.users.by-ids through ServiceRpc, under the caller's request): the one way moderation names accounts. */
@Injectable()
export class UserNames {
  constructor(private readonly owners: ServiceRpc) {}

  /** The raw call to auth, for a view that runs namesOf itself (the audit log's). */
  lookup(meta: RpcMeta): UserNamesLookup {
    return (userIds) => this.owners.send('auth.users.by-ids', { userIds }, meta);
  }

  /** namesOf(ids) asked of auth: a failed or late lookup gives no names and is handed to onLookupFailed. */
  of(ids: Iterable<string>, meta: RpcMeta, onLookupFailed: (error: unknown) => void): Promise<Map<string, string>> {
    return namesOf(ids, this.lookup(meta), onLookupFailed);
  }
}
