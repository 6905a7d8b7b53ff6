import { Injectable } from '@nestjs/common';
import { type AuthenticatedUser, USER_RANKING_BOARDS, USER_RANKING_SIZE, type UserRankingEntry, type UserRankings } from '@portal/contracts';
import { type BoardRow, RankingCountersRepository } from '../ranking-counters.repository';

const toEntry = (row: Omit<BoardRow, 'board'>, place: number): UserRankingEntry => ({
  place,
  username: row.username,
  displayName: row.display_name,
  avatar: row.avatar,
  value: row.value,
});

/** Equal values share the place of the first of them (1, 2, 2, 4). */
export function withPlaces(rows: Array<Omit<BoardRow, 'board'>>): UserRankingEntry[] {
  let place = 0;
  return rows.map((row, index) => {
    if (index === 0 || row.value !== rows[index - 1].value) place = index + 1;
    return toEntry(row, place);
  });
}

/** The four user leaderboards and the viewer's own place on each: two indexed reads whatever the number of users. */
@Injectable()
export class UserRankingsReader {
  constructor(private readonly counters: RankingCountersRepository) {}

  async read(viewer: AuthenticatedUser | undefined): Promise<UserRankings> {
    const [rows, own] = await Promise.all([this.counters.top(USER_RANKING_BOARDS, USER_RANKING_SIZE), viewer ? this.counters.own(viewer.id) : []]);
    const rankings = { me: {} } as UserRankings;
    for (const board of USER_RANKING_BOARDS) {
      const mine = own.find((row) => row.board === board);
      rankings[board] = withPlaces(rows.filter((row) => row.board === board));
      rankings.me[board] = mine ? toEntry(mine, mine.place) : null;
    }
    return rankings;
  }
}
