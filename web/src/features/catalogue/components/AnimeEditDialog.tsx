import type { AnimeDetails } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { useAnimeUpdate } from '../hooks/useAnimeUpdate';
import { buildAnimeWrite, draftFromAnime, fieldErrorsOf, type AnimeEditDraft, type AnimeEditErrors } from '../lib/anime-edit-form';
import { KIND_OPTIONS, SEASON_OPTIONS, STATUS_OPTIONS } from '../lib/labels';
import { CATALOGUE_STRINGS } from '../strings';
import { GenrePicker } from './GenrePicker';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.edit;
const F = S.fields;

export interface AnimeEditDialogProps {
  anime: AnimeDetails;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The admin's editor of a title (PATCH /api/anime/{id}); the form starts afresh every time it opens. */
export function AnimeEditDialog({ anime, open, onOpenChange }: AnimeEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={S.title} description={S.description} widthPx={720}>
      {open ? <AnimeEditForm anime={anime} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

export function AnimeEditForm({ anime, onDone }: { anime: AnimeDetails; onDone(): void }) {
  const [draft, setDraft] = useState<AnimeEditDraft>(() => draftFromAnime(anime));
  const [clientErrors, setClientErrors] = useState<AnimeEditErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const update = useAnimeUpdate(anime.id);

  const server = update.error ? fieldErrorsOf(update.error) : { fields: {}, other: [] };
  const errors: AnimeEditErrors = { ...server.fields, ...clientErrors };
  const generalError = update.error
    ? server.other.length
      ? server.other.join(' ')
      : Object.keys(server.fields).length
        ? null
        : update.error.message
    : notice;
  const pending = update.isPending;

  const set = <K extends keyof AnimeEditDraft>(field: K, value: AnimeEditDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setClientErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: invalid } = buildAnimeWrite(anime, draft);
    setClientErrors(invalid);
    update.reset();
    if (Object.keys(invalid).length) return setNotice(null);
    if (Object.keys(body).length === 0) return setNotice(S.noChanges);
    setNotice(null);
    update.mutate(body, {
      onSuccess: () => {
        notify.success(S.successTitle, S.successText);
        onDone();
      },
    });
  };

  return (
    <form className="edit-form" onSubmit={submit} noValidate aria-busy={pending || undefined}>
      <div className="edit-form__grid">
        <TextField label={F.title} value={draft.title} onChange={(event) => set('title', event.target.value)} message={errors.title} required maxLength={300} />
        <TextField label={F.titleRu} value={draft.titleRu} onChange={(event) => set('titleRu', event.target.value)} message={errors.titleRu} maxLength={300} />
      </div>
      <TextAreaField label={F.description} value={draft.description} onChange={(event) => set('description', event.target.value)} message={errors.description} rows={6} />
      <div className="edit-form__grid">
        <SelectField label={F.kind} value={draft.kind} emptyLabel={S.none} options={KIND_OPTIONS} onValueChange={(value) => set('kind', value as AnimeEditDraft['kind'])} message={errors.kind} />
        <SelectField label={F.status} value={draft.status} options={STATUS_OPTIONS} onValueChange={(value) => set('status', value as AnimeEditDraft['status'])} message={errors.status} />
        <TextField label={F.episodes} type="number" inputMode="numeric" min={0} value={draft.episodes} onChange={(event) => set('episodes', event.target.value)} message={errors.episodes} />
        <TextField label={F.score} type="number" inputMode="decimal" min={0} max={10} step={0.01} value={draft.score} onChange={(event) => set('score', event.target.value)} message={errors.score} />
        <TextField label={F.year} type="number" inputMode="numeric" min={1900} max={2100} value={draft.year} onChange={(event) => set('year', event.target.value)} message={errors.year} />
        <SelectField label={F.season} value={draft.season} emptyLabel={S.none} options={SEASON_OPTIONS} onValueChange={(value) => set('season', value as AnimeEditDraft['season'])} message={errors.season} />
      </div>
      <GenrePicker legend={F.genres} value={draft.genres} onChange={(value) => set('genres', value)} message={errors.genres} />
      <TextField label={F.poster} type="url" inputMode="url" placeholder="https://" value={draft.poster} onChange={(event) => set('poster', event.target.value)} message={errors.poster} />
      {generalError ? (
        <p className="form__error" role="alert">
          {generalError}
        </p>
      ) : null}
      <div className="edit-form__actions">
        <Button variant="ghost" onClick={onDone} disabled={pending}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? S.saving : S.save}
        </Button>
      </div>
    </form>
  );
}
