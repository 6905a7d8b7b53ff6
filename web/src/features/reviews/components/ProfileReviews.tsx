import type { ReviewWithAnime } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { PagedFeed } from '../../../shared/ui/PagedFeed';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { userReviewsQuery } from '../api/reviews-api';
import { errorText } from '../lib/review-errors';
import { parseReview, reviewExcerpt } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';
import { reviewPath } from './ReviewCard';
import { ReviewScoreAndDate, ReviewStatus } from './ReviewMeta';
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
          <ReviewScoreAndDate review={review} />
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
  return (
    <PagedFeed
      query={reviews}
      keyOf={(review) => review.id}
      renderItem={(review) => <ProfileReviewItem review={review} />}
      own={own}
      errorText={errorText}
      text={S.profileFeed}
    />
  );
}

export default ProfileReviews;
