import type { UserRankingBoard, UserRankingEntry } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/plural';
import { Avatar } from '../../../shared/ui/Avatar';
import { UserName } from '../../../shared/ui/UserName';
import { boardView } from '../lib/board-view';
import { RANKINGS_STRINGS as S } from '../strings';

interface UserBoardProps {
  board: UserRankingBoard;
  entries: UserRankingEntry[];
  /** The viewer's own place on this board. */
  me: UserRankingEntry | null;
  signedIn: boolean;
}

function EntryRow({ board, entry, mine }: { board: UserRankingBoard; entry: UserRankingEntry; mine: boolean }) {
  return (
    <li className={mine ? 'rankings-row rankings-row--mine' : 'rankings-row'} aria-current={mine || undefined}>
      <span className="rankings-row__place" aria-label={S.place(entry.place)}>
        {entry.place}
      </span>
      <Avatar src={entry.avatar} alt="" sizePx={32} />
      <span className="rankings-row__name">
        <Link to={`/user/${encodeURIComponent(entry.username)}`}>
          <UserName name={entry.displayName} />
        </Link>
        {mine ? <span className="rankings-row__you"> · {S.you}</span> : null}
      </span>
      <span className="rankings-row__value">{formatCount(entry.value, S.valueForms[board])}</span>
    </li>
  );
}

/** One leaderboard: the top with the viewer's row highlighted, or the viewer's place pinned below it. */
export function UserBoard({ board, entries, me, signedIn }: UserBoardProps) {
  const { rows, pinned } = boardView(entries, me);
  return (
    <>
      {rows.length === 0 ? (
        <p className="muted">{S.emptyBoard}</p>
      ) : (
        <ol className="rankings-board" aria-label={S.boardLabel(S.tabs[board])}>
          {rows.map((row) => (
            <EntryRow key={row.username} board={board} entry={row} mine={row.mine} />
          ))}
        </ol>
      )}
      {pinned ? (
        <div className="rankings-pinned">
          <h3 className="rankings-pinned__title">{S.yourPlace}</h3>
          <ul className="rankings-board" aria-label={S.yourPlace}>
            <EntryRow board={board} entry={pinned} mine />
          </ul>
        </div>
      ) : signedIn && me === null ? (
        <p className="muted rankings-pinned">{S.notRankedYet}</p>
      ) : null}
    </>
  );
}
