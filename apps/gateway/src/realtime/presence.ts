import { ONLINE_USERNAMES_SHOWN, type OnlineStats } from '@portal/contracts';

export type VisitorKind = 'user' | 'guest' | 'bot';

export interface Visitor {
  kind: VisitorKind;
  /** User id, or the browser's client id for guests and bots: several tabs count once. */
  key: string;
  username: string | null;
}

/** What one gateway replica has connected, as it publishes it for the others. */
export interface ReplicaSnapshot {
  users: Record<string, string>;
  guests: string[];
  bots: string[];
}

export function snapshotOf(visitors: Iterable<Visitor>): ReplicaSnapshot {
  const snapshot: ReplicaSnapshot = { users: {}, guests: [], bots: [] };
  const guests = new Set<string>();
  const bots = new Set<string>();
  for (const visitor of visitors) {
    if (visitor.kind === 'user') snapshot.users[visitor.key] = visitor.username ?? visitor.key;
    else (visitor.kind === 'bot' ? bots : guests).add(visitor.key);
  }
  snapshot.guests = [...guests];
  snapshot.bots = [...bots];
  return snapshot;
}

/** Everyone online across the live replicas. */
export interface Presence {
  /** What every client is told: the counts and the first names. */
  stats: OnlineStats;
  /** Every signed-in user's name once, in list order; the dialog pages through it. */
  usernames: string[];
  /** Who the counts hold: user ids, guests' and bots' keys. */
  counted: Record<VisitorKind, { has(key: string): boolean }>;
}

// Letters compare case-insensitively (a, B, c); case only breaks ties, so every replica sorts alike.
const byName = new Intl.Collator('ru').compare;

/** The portal's counts from every live replica: a user or a browser connected twice counts once. */
export function aggregatePresence(snapshots: ReplicaSnapshot[]): Presence {
  const users = new Map<string, string>();
  const guests = new Set<string>();
  const bots = new Set<string>();
  for (const snapshot of snapshots) {
    for (const [id, username] of Object.entries(snapshot.users)) users.set(id, username);
    snapshot.guests.forEach((guest) => guests.add(guest));
    snapshot.bots.forEach((bot) => bots.add(bot));
  }
  const usernames = [...new Set(users.values())].sort(byName);
  // A signed-in user's browser may also have been counted as a guest elsewhere: users win.
  return {
    stats: { usersOnline: users.size, guestsOnline: guests.size, botsOnline: bots.size, usernames: usernames.slice(0, ONLINE_USERNAMES_SHOWN) },
    usernames,
    counted: { user: users, guest: guests, bot: bots },
  };
}

/**
 * The counts as a visitor who has just connected is told them: the last recount, with the visitor
 * added when it does not hold them yet (the recount that will comes up to 200 ms later). Costs no
 * Redis call and at most 20 name comparisons, so a burst of connections stays cheap.
 */
export function withVisitor(presence: Presence, visitor: Visitor): OnlineStats {
  const { stats } = presence;
  if (presence.counted[visitor.kind].has(visitor.key)) return stats;
  if (visitor.kind === 'guest') return { ...stats, guestsOnline: stats.guestsOnline + 1 };
  if (visitor.kind === 'bot') return { ...stats, botsOnline: stats.botsOnline + 1 };
  const name = visitor.username ?? visitor.key;
  const shown = stats.usernames;
  let usernames = shown;
  if (!shown.includes(name)) {
    const at = shown.findIndex((other) => byName(other, name) > 0);
    usernames = at === -1 ? [...shown, name] : [...shown.slice(0, at), name, ...shown.slice(at)];
    usernames = usernames.slice(0, ONLINE_USERNAMES_SHOWN);
  }
  return { ...stats, usersOnline: stats.usersOnline + 1, usernames };
}
