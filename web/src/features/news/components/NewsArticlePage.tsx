import type { NewsItem } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { formatFullDate } from '../../../shared/lib/relative-date';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { LinkedTitles } from '../../../shared/ui/LinkedTitles';
import { ListState } from '../../../shared/ui/ListState';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { newsQuery } from '../api/news-api';
import { NEWS_STRINGS } from '../strings';
import { NewsBadges, NewsTags } from './NewsCard';
import { NewsCover } from './NewsCover';
import '../news.css';

const S = NEWS_STRINGS.article;

export interface NewsArticleSlots {
  /** The comments thread of the item (the comments feature, target news), composed by the app. */
  comments?: ComponentType<{ newsId: string }>;
}

/** One news item: cover, title, date, author, tags, the body, linked titles, comments. */
export function NewsArticle({ item, slots = {} }: { item: NewsItem; slots?: NewsArticleSlots }) {
  const Comments = slots.comments;
  return (
    <article className="news-article" aria-labelledby="news-title">
      <p>
        <Link to="/news">← {S.back}</Link>
      </p>
      {item.cover ? <NewsCover cover={item.cover} alt="" sizes="(max-width: 900px) 100vw, 860px" eager /> : null}
      <h1 id="news-title">{item.title}</h1>
      <p className="news-card__meta muted">
        <time dateTime={item.publishedAt}>{formatFullDate(item.publishedAt)}</time> · {item.author ? S.author(item.author.username) : S.portal}{' '}
        <NewsBadges item={item} />
      </p>
      <NewsTags tags={item.tags} />
      {item.summary ? <p className="news-article__summary">{item.summary}</p> : null}
      {/* The body was sanitised by the server on every write (docs/community.md, «News»): an allowlist of
          tags, http(s) links, our own images and allowlisted players, so it is rendered as HTML. */}
      {/* eslint-disable-next-line no-restricted-syntax -- the one HTML the API serves, sanitised by the server (allowlist) */}
      <div className="news-article__body" dangerouslySetInnerHTML={{ __html: item.body }} />
      <LinkedTitles anime={item.anime} heading={S.linked} />
      {Comments ? (
        <section className="news-article__comments" aria-label={S.comments}>
          <Suspense fallback={null}>
            <Comments newsId={item.id} />
          </Suspense>
        </section>
      ) : null}
    </article>
  );
}

/** /news/:id (an id or a slug). */
export default function NewsArticlePage({ slots }: { slots?: NewsArticleSlots }) {
  const { id = '' } = useParams();
  const news = useQuery(newsQuery(id));
  if (news.isPending) {
    return (
      <div className="page news-page">
        <ListState kind="loading" label={S.loading} />
      </div>
    );
  }
  if (news.isError) {
    if (isApiError(news.error) && (news.error.status === 404 || news.error.status === 400)) {
      return (
        <div className="page news-page">
          <StatePanel
            title={S.notFound}
            text={S.notFoundText}
            actions={
              <ButtonLink to="/news" variant="secondary">
                {S.back}
              </ButtonLink>
            }
          />
        </div>
      );
    }
    return (
      <div className="page news-page">
        <ListState kind="error" title={S.error} message={errorMessage(news.error)} onRetry={() => void news.refetch()} />
      </div>
    );
  }
  return (
    <div className="page news-page">
      <NewsArticle item={news.data} slots={slots} />
    </div>
  );
}
