import type { NewsItem } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatFullDate } from '../../../shared/lib/relative-date';
import { NEWS_STRINGS } from '../strings';
import { NewsCover } from './NewsCover';

const S = NEWS_STRINGS.card;

/** Draft, scheduled (admins see those) or automatic: a badge says so. */
export function NewsBadges({ item }: { item: NewsItem }) {
  // The moment the card was first shown: a scheduled item stays marked so until the list is read again.
  const [now] = useState(() => Date.now());
  const badges: string[] = [
    item.status === 'draft' ? S.draft : null,
    item.status === 'published' && Date.parse(item.publishedAt) > now ? S.scheduled : null,
    item.automatic ? S.automatic : null,
  ].flatMap((badge) => (badge === null ? [] : [badge]));
  if (badges.length === 0) return null;
  return (
    <span className="news-badges">
      {badges.map((badge) => (
        <span key={badge} className="news-badge">
          {badge}
        </span>
      ))}
    </span>
  );
}

export function NewsTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="news-tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={`/news?tag=${encodeURIComponent(tag)}`}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}

/** A news item in a list: cover, title (the link), date, summary, tags. */
export function NewsCard({ item, compact = false }: { item: NewsItem; compact?: boolean }) {
  return (
    <article className={compact ? 'news-card news-card--compact' : 'news-card'} aria-labelledby={`news-${item.id}`}>
      {item.cover ? (
        <Link to={`/news/${item.slug}`} tabIndex={-1} aria-hidden="true" className="news-card__cover">
          <NewsCover cover={item.cover} alt="" sizes={compact ? '(max-width: 700px) 100vw, 320px' : '(max-width: 700px) 100vw, 640px'} />
        </Link>
      ) : null}
      <div className="news-card__body">
        <h3 className="news-card__title" id={`news-${item.id}`}>
          <Link to={`/news/${item.slug}`}>{item.title}</Link>
        </h3>
        <p className="news-card__meta muted">
          <time dateTime={item.publishedAt}>{formatFullDate(item.publishedAt)}</time> <NewsBadges item={item} />
        </p>
        {item.summary && !compact ? <p className="news-card__summary">{item.summary}</p> : null}
        {!compact ? <NewsTags tags={item.tags} /> : null}
      </div>
    </article>
  );
}
