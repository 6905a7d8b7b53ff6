import type { AnimeDetails, ReviewSort } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { InfiniteList } from '../../../shared/ui/InfiniteList';
import { animeReviewsQuery } from '../api/reviews-api';
import { errorText } from '../lib/review-errors';
import { REVIEWS_STRINGS } from '../strings';
import { ReviewCard } from './ReviewCard';
import { ReviewEditor } from './ReviewEditor';
import '../reviews.css';

const S = REVIEWS_STRINGS;
const SORTS: ReadonlyArray<{ value: ReviewSort; label: string }> = [
  { value: 'helpful', label: S.sortHelpful },
  { value: 'date', label: S.sortDate },
];

/** The anime page's «Рецензии»: sort switch, the caller's own review first, «Показать ещё», «Написать рецензию». */
export function AnimeReviews({ anime }: { anime: AnimeDetails }) {
  const animeId = anime.id;
  const { user, status } = useSession();
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const [editorOpen, setEditorOpen] = useState(false);
  const reviews = useInfiniteQuery(animeReviewsQuery(animeId, sort));
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const hasOwn = items.some((review) => review.mine);

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <div className="reviews__head">
        <h2 className="reviews__title" id="reviews-title">
          {S.title}
        </h2>
        <div className="reviews__sort" role="group" aria-label={S.sortLabel}>
          {SORTS.map((option) => (
            <button
              key={option.value}
              type="button"
              className={`reviews__sort-option${sort === option.value ? ' reviews__sort-option--on' : ''}`}
              aria-pressed={sort === option.value}
              onClick={() => setSort(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        {user && reviews.isSuccess && !hasOwn ? <Button onClick={() => setEditorOpen(true)}>{S.write}</Button> : null}
      </div>
      {!user && status !== 'checking' ? (
        <div className="reviews__guest">
          <p>{S.guestPrompt}</p>
          <div className="reviews__guest-actions">
            <ButtonLink to="/login" variant="primary">
              {S.signIn}
            </ButtonLink>
            <ButtonLink to="/register" variant="secondary">
              {S.register}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      <InfiniteList list={reviews} text={S} errorText={errorText} moreClassName="reviews__more">
        {(loaded) => (
          <ol className="review-list">
            {loaded.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ol>
        )}
      </InfiniteList>
      {user ? <ReviewEditor animeId={animeId} open={editorOpen} onOpenChange={setEditorOpen} /> : null}
    </section>
  );
}

export default AnimeReviews;
