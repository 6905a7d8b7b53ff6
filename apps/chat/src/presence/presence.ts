import { ONLINE_USERNAMES_SHOWN, type OnlineStats, type PresenceSnapshot, type PresenceVisitor, type PresenceVisitorKind } from '@portal/contracts';

// The rules of online presence: how the gateways' reports add up, and what a newcomer is told.

/** Everyone online across the live gateways. */
export interface Presence {
  /** What every client is told: the counts and the first names. */
  stats: OnlineStats;
  /** Every signed-in user's name once, in list order; the dialog pages through it. */
  usernames: string[];
  /** Who the counts hold: user ids, guests' and bots' keys. */
  counted: Record<PresenceVisitorKind, { has(key: string): boolean }>;
}

// Letters compare case-insensitively (a, B, c); case only breaks ties, so every process sorts alike.
const byName = new Intl.Collator('ru').compare;

/** The portal's counts from every live gateway: a user or a browser connected twice counts once. */
export function aggregatePresence(snapshots: PresenceSnapshot[]): Presence {
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
export function withVisitor(presence: Presence, visitor: PresenceVisitor): OnlineStats {
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
