import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { ListState } from '../../../shared/ui/ListState';
import { latestNewsQuery } from '../api/news-api';
import { NEWS_STRINGS } from '../strings';
import { NewsCard } from './NewsCard';
import '../news.css';

const S = NEWS_STRINGS.latest;

/** The home page's «Новости»: the latest four, and a link to all. */
export default function LatestNews() {
  const news = useQuery(latestNewsQuery(4));
  return (
    <section className="latest-news" aria-labelledby="latest-news-title">
      <div className="latest-news__header">
        <h2 id="latest-news-title">{S.title}</h2>
        <Link to="/news">{S.all}</Link>
      </div>
      {news.isPending ? (
        <ListState kind="loading" label={NEWS_STRINGS.list.loading} />
      ) : news.isError ? (
        <ListState kind="error" title={S.error} message={errorMessage(news.error)} onRetry={() => void news.refetch()} />
      ) : news.data.data.length === 0 ? (
        <ListState kind="empty" text={S.empty} />
      ) : (
        <div className="latest-news__list">
          {news.data.data.map((item) => (
            <NewsCard key={item.id} item={item} compact />
          ))}
        </div>
      )}
    </section>
  );
}
