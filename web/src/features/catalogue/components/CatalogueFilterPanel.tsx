import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { genresQuery } from '../api/catalogue-api';
import { hasActiveFilters, SCORE_MAX, SCORE_MIN, YEAR_MIN, type CatalogueFilters } from '../lib/catalogue-filters';
import { KIND_OPTIONS, LISTED_GENRES, SEASON_OPTIONS, STATUS_OPTIONS } from '../lib/labels';
import { CATALOGUE_STRINGS } from '../strings';
import { DraftField } from './DraftField';
import { SelectField } from './SelectField';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.filters;

export interface CatalogueFilterPanelProps {
  filters: CatalogueFilters;
  onChange(patch: Partial<CatalogueFilters>): void;
  onReset(): void;
}

const toNumber = (value: string): number | undefined => {
  if (value.trim() === '') return undefined;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : undefined;
};
const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

/** Genre, kind, status, season, year and score ranges, and a text filter; collapsible on phones. */
export function CatalogueFilterPanel({ filters, onChange, onReset }: CatalogueFilterPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const genres = useQuery(genresQuery());
  const genreOptions = (genres.data ?? (genres.isError ? LISTED_GENRES : [])).map((genre) => ({ value: genre.slug, label: genre.name }));
  // Keep a genre from a shared link selectable before (or without) the list of genres.
  if (filters.genre && !genreOptions.some((option) => option.value === filters.genre)) {
    genreOptions.push({ value: filters.genre, label: LISTED_GENRES.find((genre) => genre.slug === filters.genre)?.name ?? filters.genre });
  }
  const year = new Date().getFullYear() + 1;

  return (
    <section className={`card filters${open ? '' : ' filters--collapsed'}`} aria-labelledby={`${bodyId}-title`}>
      <div className="catalogue-section__header">
        <h2 className="filters__title" id={`${bodyId}-title`}>
          {S.title}
        </h2>
        <Button
          variant="secondary"
          size="small"
          className="filters__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {S.toggle}
        </Button>
      </div>
      <div className="filters__body" id={bodyId}>
        <DraftField
          label={S.text}
          placeholder={S.textPlaceholder}
          value={text(filters.text)}
          maxLength={100}
          onCommit={(value) => onChange({ text: value.trim() || undefined })}
        />
        <SelectField
          label={S.genre}
          value={filters.genre ?? ''}
          emptyLabel={genres.isPending ? S.genresLoading : S.any}
          options={genreOptions}
          onValueChange={(value) => onChange({ genre: value || undefined })}
        />
        <SelectField
          label={S.kind}
          value={filters.kind ?? ''}
          emptyLabel={S.any}
          options={KIND_OPTIONS}
          onValueChange={(value) => onChange({ kind: (value || undefined) as CatalogueFilters['kind'] })}
        />
        <SelectField
          label={S.status}
          value={filters.status ?? ''}
          emptyLabel={S.anyStatus}
          options={STATUS_OPTIONS}
          onValueChange={(value) => onChange({ status: (value || undefined) as CatalogueFilters['status'] })}
        />
        <SelectField
          label={S.season}
          value={filters.season ?? ''}
          emptyLabel={S.anySeason}
          options={SEASON_OPTIONS}
          onValueChange={(value) => onChange({ season: (value || undefined) as CatalogueFilters['season'] })}
        />
        <div className="filters__pair">
          <DraftField
            label={S.yearFrom}
            type="number"
            inputMode="numeric"
            min={YEAR_MIN}
            max={year}
            value={text(filters.yearFrom)}
            onCommit={(value) => onChange({ yearFrom: toNumber(value) })}
          />
          <DraftField
            label={S.yearTo}
            type="number"
            inputMode="numeric"
            min={YEAR_MIN}
            max={year}
            value={text(filters.yearTo)}
            onCommit={(value) => onChange({ yearTo: toNumber(value) })}
          />
        </div>
        <div className="filters__pair">
          <DraftField
            label={S.scoreMin}
            type="number"
            inputMode="decimal"
            min={SCORE_MIN}
            max={SCORE_MAX}
            step={0.1}
            value={text(filters.scoreMin)}
            onCommit={(value) => onChange({ scoreMin: toNumber(value) })}
          />
          <DraftField
            label={S.scoreMax}
            type="number"
            inputMode="decimal"
            min={SCORE_MIN}
            max={SCORE_MAX}
            step={0.1}
            value={text(filters.scoreMax)}
            onCommit={(value) => onChange({ scoreMax: toNumber(value) })}
          />
        </div>
        {hasActiveFilters(filters) ? (
          <div className="filters__actions">
            <Button variant="ghost" size="small" onClick={onReset}>
              {CATALOGUE_STRINGS.catalogue.resetFilters}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
