import type { ReviewWithAnime } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListSkeleton } from '../../../shared/ui/ListSkeleton';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { userReviewsQuery } from '../api/reviews-api';
import { errorText } from '../lib/review-errors';
import { parseReview, reviewExcerpt } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';
import { reviewPath } from './ReviewCard';
import { formatReviewDate, ReviewStatus } from './ReviewMeta';
import { ReviewText } from './ReviewText';
import '../reviews.css';
import '../profile-reviews.css';

const S = REVIEWS_STRINGS;

export interface ProfileReviewsProps {
  username: string;
  /** The viewer's own profile (the empty state says so). */
  own: boolean;
}

/** One review of the profile: the title, score, date, its moderation status when not approved, the first paragraph. */
function ProfileReviewItem({ review }: { review: ReviewWithAnime }) {
  const excerpt = useMemo(() => reviewExcerpt(parseReview(review.text), 1, 300), [review.text]);
  const animeTitle = review.anime?.title ?? S.profileUnknownAnime(review.animeId);
  const path = reviewPath(review);
  return (
    <article className="profile-review" aria-label={S.profileItem(animeTitle)} data-status={review.status}>
      {review.anime ? (
        <Link className="profile-review__poster" to={path} tabIndex={-1} aria-hidden="true">
          <PosterImage src={review.anime.poster} fallbackSrc={review.anime.fallbackPoster} alt="" />
        </Link>
      ) : null}
      <div className="profile-review__body">
        <header className="profile-review__meta">
          <Link className="profile-review__anime" to={`/anime/${review.animeId}`}>
            {animeTitle}
          </Link>
          <span className="review__score" aria-label={S.scoreLabel(review.score)} title={S.scoreLabel(review.score)}>
            ★ {S.score(review.score)}
          </span>
          <time className="muted" dateTime={review.createdAt}>
            {formatReviewDate(review.createdAt)}
          </time>
          {/* Only the author and admins get reviews that are not approved: the badge says which. */}
          <ReviewStatus review={review} />
        </header>
        {review.title ? (
          <h3 className="profile-review__title">
            <Link to={path}>{review.title}</Link>
          </h3>
        ) : null}
        <ReviewText blocks={excerpt.blocks} />
        <Link className="review__more" to={path} aria-label={`${S.readMore}: ${review.title ?? animeTitle}`}>
          {S.readMore}
        </Link>
      </div>
    </article>
  );
}

/** The profile's «Рецензии» tab: the user's reviews, newest first, page by page. */
export function ProfileReviews({ username, own }: ProfileReviewsProps) {
  const reviews = useInfiniteQuery(userReviewsQuery(username));

  if (reviews.isPending) return <ListSkeleton label={S.profileLoading} />;
  if (reviews.isError) {
    return (
      <StatePanel
        headingLevel={2}
        title={S.profileErrorTitle}
        text={errorText(reviews.error)}
        actions={
          <Button variant="secondary" onClick={() => void reviews.refetch()}>
            {S.retry}
          </Button>
        }
      />
    );
  }
  const items = reviews.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <StatePanel
        headingLevel={2}
        title={S.profileEmptyTitle}
        text={own ? S.profileEmptyOwn : S.profileEmptyOther}
        actions={own ? <ButtonLink to="/catalog">{S.toCatalog}</ButtonLink> : undefined}
      />
    );
  }
  return (
    <div className="profile-reviews">
      <ul className="profile-reviews__list" aria-label={S.profileListLabel}>
        {items.map((review) => (
          <li key={review.id}>
            <ProfileReviewItem review={review} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <Button variant="secondary" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? S.moreLoading : S.showMore}
        </Button>
      ) : null}
    </div>
  );
}

export default ProfileReviews;
