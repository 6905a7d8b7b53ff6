import type { AchievementKind } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { ListState } from '../../../shared/ui/ListState';
import { achievementsQuery, type RewardsOwner } from '../api/rewards-api';
import { formatDate } from '../lib/collection';
import { ACHIEVEMENTS_STRINGS } from '../strings';
import '../rewards.css';

const S = ACHIEVEMENTS_STRINGS;
const ICONS: Record<AchievementKind, string> = { genre: '🎭', franchise: '🧩', 'list-size': '📚', streak: '🔥', 'first-review': '✍️' };

/** A user's achievements with the dates they were earned, newest first. */
export function AchievementsList({ owner, own }: { owner: RewardsOwner; own: boolean }) {
  const achievements = useQuery(achievementsQuery(owner));
  if (achievements.isPending) return <ListState kind="loading" label={S.loading} />;
  if (achievements.isError) {
    return <ListState kind="error" title={S.loadError} message={errorMessage(achievements.error)} onRetry={() => void achievements.refetch()} />;
  }
  const items = [...achievements.data].sort((a, b) => b.earnedAt.localeCompare(a.earnedAt));
  return (
    <section className="rewards-section" aria-labelledby="achievements-heading">
      <h2 id="achievements-heading">{S.heading}</h2>
      {items.length === 0 ? (
        <ListState kind="empty" text={own ? S.emptyOwn : S.emptyOther} />
      ) : (
        <ul className="achievements" aria-labelledby="achievements-heading">
          {items.map((item) => (
            <li key={item.key} className="achievement">
              <span className="achievement__icon" aria-hidden="true">
                {ICONS[item.kind] ?? '🏅'}
              </span>
              <span className="achievement__title">{item.title}</span>
              <span>{item.description}</span>
              <time className="achievement__date" dateTime={item.earnedAt}>
                {S.earned(formatDate(item.earnedAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
