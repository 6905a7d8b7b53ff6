import type { AnimeDetails } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { notify } from '../../../shared/ui/notify';
import { useAnimeForm } from '../hooks/useAnimeForm';
import { useAnimeUpdate } from '../hooks/useAnimeUpdate';
import { buildAnimeWrite, draftFromAnime } from '../lib/anime-edit-form';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeBackgroundSection } from './admin/AnimeBackgroundSection';
import { AnimeDeleteSection } from './admin/AnimeDeleteSection';
import { AnimeFormFields } from './admin/AnimeFormFields';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.edit;

export interface AnimeEditDialogProps {
  anime: AnimeDetails;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The admin's editor of a title (PATCH /api/anime/{id}), its background and its deletion; the form
 * starts afresh every time it opens.
 */
export function AnimeEditDialog({ anime, open, onOpenChange }: AnimeEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={S.title} description={S.description} widthPx={720}>
      {open ? (
        <>
          <AnimeEditForm anime={anime} onDone={() => onOpenChange(false)} />
          <AnimeBackgroundSection anime={anime} />
          <AnimeDeleteSection anime={anime} />
        </>
      ) : null}
    </Dialog>
  );
}

export function AnimeEditForm({ anime, onDone }: { anime: AnimeDetails; onDone(): void }) {
  const update = useAnimeUpdate(anime.id);
  const { draft, set, errors, setClientErrors, serverMessage } = useAnimeForm(() => draftFromAnime(anime), update.error);
  const [notice, setNotice] = useState<string | null>(null);
  const generalError = update.error ? serverMessage : notice;
  const pending = update.isPending;

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
      <AnimeFormFields draft={draft} errors={errors} onChange={set} />
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
