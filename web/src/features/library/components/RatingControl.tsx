import { RATING_MAX, RATING_MIN, type AnimeRef } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { listEntryQuery } from '../../../shared/api/title-api';
import { useRatingMutation } from '../hooks/useLibraryMutations';
import { LIBRARY_STRINGS } from '../strings';
import '../library.css';

const S = LIBRARY_STRINGS;
const VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/** A 1–10 rating as a group of radio buttons: arrows move between them, as with any radio group. */
export function RatingControl({ anime }: { anime: AnimeRef }) {
  const name = useId();
  const entry = useQuery(listEntryQuery(anime.id));
  const rate = useRatingMutation(anime);
  // The choice shows at once: the mutation's own state reaches the component a tick later, and a
  // controlled radio would flip back meanwhile.
  const [chosen, setChosen] = useState<number | null>(null);
  const value = chosen ?? (rate.isPending ? rate.variables : (entry.data?.userRating ?? (rate.isSuccess ? rate.data.userRating : null)));
  const summary = rate.isSuccess ? rate.data : null;
  return (
    <fieldset className="rating-control" disabled={entry.isPending} aria-busy={rate.isPending}>
      <legend className="library-control__label">{S.rating}</legend>
      <div className="rating-control__values">
        {VALUES.map((option) => (
          <label key={option} className="rating-control__value" data-filled={value !== null && value !== undefined && option <= value}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => {
                setChosen(option);
                rate.mutate(option, { onSettled: () => setChosen(null) });
              }}
              aria-label={S.ratingValue(option)}
            />
            <span aria-hidden="true">{option}</span>
          </label>
        ))}
      </div>
      <span className={rate.isError ? 'library-control__error' : 'library-control__hint'} role="status">
        {rate.isPending
          ? S.saving
          : rate.isError
            ? `${S.ratingErrorTitle}: ${rate.error.message}`
            : summary
              ? `${S.ratingYours(summary.userRating)}. ${S.ratingAverage(summary.average, summary.votes)}`
              : value
                ? S.ratingYours(value)
                : S.noRating}
      </span>
    </fieldset>
  );
}
