import type { AnimeDetails } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../../shared/ui/Button';
import { notify } from '../../../../shared/ui/notify';
import { titleKeys } from '../../../../shared/api/title-api';
import { ADMIN_STRINGS } from '../../admin-strings';
import { deleteAnime } from '../../api/anime-admin-api';
import { catalogueKeys } from '../../api/catalogue-api';
import '../../catalogue.css';
import '../../anime-admin.css';

const S = ADMIN_STRINGS.remove;

/** "Удалить тайтл" in the edit dialog: a confirm step, DELETE /api/anime/{id}, then /catalog with a notice. */
export function AnimeDeleteSection({ anime }: { anime: Pick<AnimeDetails, 'id' | 'title'> }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAnime(anime.id),
    onSuccess: () => {
      // Marked stale without refetching: the page of the deleted title is still on screen until we leave.
      void client.invalidateQueries({ queryKey: catalogueKeys.all, refetchType: 'none' });
      notify.success(S.deletedTitle, S.deleted(anime.title));
      navigate('/catalog');
      // The title's shared entry (and its episodes under it) goes: the player, the TV and the watch party
      // must not show it from the cache. Removed, not invalidated, so nothing asks for the deleted title.
      client.removeQueries({ queryKey: titleKeys.anime(anime.id) });
    },
  });

  const cancel = () => {
    remove.reset();
    setConfirming(false);
  };

  return (
    <div className="anime-admin__section">
      {confirming ? (
        <div className="anime-admin__confirm" role="group" aria-labelledby="anime-delete-confirm">
          <p id="anime-delete-confirm" className="anime-admin__confirm-title">
            {S.confirm}
          </p>
          <p className="muted">{S.confirmText(anime.title)}</p>
          {remove.isError ? (
            <p className="form__error" role="alert">
              {S.failed}: {remove.error.message}
            </p>
          ) : null}
          <div className="edit-form__actions">
            <Button variant="ghost" onClick={cancel} disabled={remove.isPending}>
              {S.cancel}
            </Button>
            <Button className="anime-admin__danger" onClick={() => remove.mutate()} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
              {remove.isPending ? S.deleting : S.confirmButton}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className="anime-admin__danger-outline" onClick={() => setConfirming(true)}>
          {S.action}
        </Button>
      )}
    </div>
  );
}
