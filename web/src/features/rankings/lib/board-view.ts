import type { UserRankingEntry } from '@portal/contracts';

export interface BoardRow extends UserRankingEntry {
  /** The viewer's own row, highlighted. */
  mine: boolean;
}

export interface BoardView {
  rows: BoardRow[];
  /** The viewer's place when it is below the listed top: pinned under the list. */
  pinned: UserRankingEntry | null;
}

/** What a board shows: the top with the viewer's row marked, or the viewer pinned below it. */
export function boardView(entries: UserRankingEntry[], me: UserRankingEntry | null): BoardView {
  const rows = entries.map((entry) => ({ ...entry, mine: me !== null && entry.username === me.username }));
  return { rows, pinned: me && !rows.some((row) => row.mine) ? me : null };
}
