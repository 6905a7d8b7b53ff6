import type { AnimeDetails } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../shared/ui/Button';
import { ButtonLink } from '../../../../shared/ui/ButtonLink';
import { Dialog } from '../../../../shared/ui/Dialog';
import { ADMIN_STRINGS } from '../../admin-strings';
import { useAnimeCreate } from '../../hooks/useAnimeCreate';
import { useAnimeForm } from '../../hooks/useAnimeForm';
import { buildAnimeCreate, EMPTY_ANIME_DRAFT } from '../../lib/anime-edit-form';
import { AnimeFormFields } from './AnimeFormFields';
import '../../catalogue.css';
import '../../anime-admin.css';

const S = ADMIN_STRINGS.create;

export interface AnimeCreateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** "Новый тайтл" (POST /api/anime): the edit dialog's fields, empty; once created, a link to the title's page. */
export function AnimeCreateDialog({ open, onOpenChange }: AnimeCreateDialogProps) {
  // A new key after "Добавить ещё": the next title starts from an empty form.
  const [round, setRound] = useState(0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={S.title} description={S.description} widthPx={720}>
      {open ? <AnimeCreateForm key={round} onClose={() => onOpenChange(false)} onAnother={() => setRound((value) => value + 1)} /> : null}
    </Dialog>
  );
}

function AnimeCreateForm({ onClose, onAnother }: { onClose(): void; onAnother(): void }) {
  const create = useAnimeCreate();
  const { draft, set, errors, setClientErrors, serverMessage } = useAnimeForm(EMPTY_ANIME_DRAFT, create.error);
  const pending = create.isPending;

  if (create.data) return <AnimeCreated anime={create.data} onClose={onClose} onAnother={onAnother} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: invalid } = buildAnimeCreate(draft);
    setClientErrors(invalid);
    create.reset();
    if (Object.keys(invalid).length === 0) create.mutate(body);
  };

  return (
    <form className="edit-form" onSubmit={submit} noValidate aria-busy={pending || undefined}>
      <AnimeFormFields draft={draft} errors={errors} onChange={set} />
      {serverMessage ? (
        <p className="form__error" role="alert">
          {serverMessage}
        </p>
      ) : null}
      <div className="edit-form__actions">
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? S.submitting : S.submit}
        </Button>
      </div>
    </form>
  );
}

function AnimeCreated({ anime, onClose, onAnother }: { anime: AnimeDetails; onClose(): void; onAnother(): void }) {
  return (
    <div className="anime-admin__created">
      <h3 className="anime-admin__title">{S.createdTitle}</h3>
      <p role="status">{S.created(anime.title)}</p>
      <div className="edit-form__actions">
        <Button variant="ghost" onClick={onAnother}>
          {S.another}
        </Button>
        <ButtonLink to={`/anime/${anime.id}`} onClick={onClose}>
          {S.open}
        </ButtonLink>
      </div>
    </div>
  );
}
