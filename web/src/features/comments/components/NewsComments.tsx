import { TargetComments } from './TargetComments';

/** The comments under a news item (the news page's comments slot). */
export function NewsComments({ newsId }: { newsId: string }) {
  return <TargetComments target={{ type: 'news', id: newsId }} />;
}

export default NewsComments;
