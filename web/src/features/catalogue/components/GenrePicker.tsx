import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { genresQuery } from '../api/catalogue-api';
import { LISTED_GENRES, resolveGenre } from '../lib/labels';
import '../catalogue.css';

export interface GenrePickerProps {
  legend: string;
  value: readonly string[];
  onChange(value: string[]): void;
  message?: string | null;
  disabled?: boolean;
}

/** A multi-select of genres as a group of checkboxes (usable with keyboard and screen readers). */
export function GenrePicker({ legend, value, onChange, message, disabled }: GenrePickerProps) {
  const id = useId();
  const genres = useQuery(genresQuery());
  const options = (genres.data ?? LISTED_GENRES).map((genre) => ({ slug: genre.slug, name: genre.name }));
  value.forEach((slug) => {
    if (!options.some((option) => option.slug === slug)) options.push({ slug, name: resolveGenre(slug).name });
  });
  const toggle = (slug: string, checked: boolean) => onChange(checked ? [...value, slug] : value.filter((item) => item !== slug));

  return (
    <div className="field">
      <fieldset className="genre-picker" aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-message` : undefined} disabled={disabled}>
        <legend>{legend}</legend>
        {options.map((option) => (
          <label key={option.slug}>
            <input type="checkbox" checked={value.includes(option.slug)} onChange={(event) => toggle(option.slug, event.target.checked)} />
            {option.name}
          </label>
        ))}
      </fieldset>
      <FieldMessage id={`${id}-message`} message={message} />
    </div>
  );
}
