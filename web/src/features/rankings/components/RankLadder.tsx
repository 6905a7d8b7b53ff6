import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../../shared/lib/plural';
import { rankLadderQuery } from '../api/rankings-api';
import { RANKINGS_STRINGS as S } from '../strings';

/** The rank ladder with the points each rank needs; the viewer's own rank marked. Nothing while it loads or fails. */
export function RankLadder({ current }: { current: string | null }) {
  const ladder = useQuery(rankLadderQuery());
  if (!ladder.data) return null;
  return (
    <details className="rankings-section rankings-ladder">
      <summary>{S.ranksTitle}</summary>
      <ol className="rankings-board" aria-label={S.ranksTitle}>
        {ladder.data.ranks.map((rank) => (
          <li
            key={rank.name}
            className={rank.name === current ? 'rankings-row rankings-row--mine' : 'rankings-row'}
            aria-current={rank.name === current || undefined}
          >
            <span className="rankings-row__place">{rank.level}</span>
            <span className="rankings-row__name">{rank.name}</span>
            <span className="rankings-row__value">{rank.minXp === 0 ? S.ranksStart : S.ranksFrom(formatCount(rank.minXp, S.xpForms))}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
