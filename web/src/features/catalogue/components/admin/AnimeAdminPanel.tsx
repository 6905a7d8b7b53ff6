import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../shared/ui/Button';
import { ADMIN_STRINGS } from '../../admin-strings';
import { updatePosters } from '../../api/anime-admin-api';
import { syncKeys } from '../../api/metadata-sync-api';
import { AnimeCreateDialog } from './AnimeCreateDialog';
import { AdminCard } from './AdminCard';
import '../../catalogue-people.css';
import '../../anime-admin.css';

const S = ADMIN_STRINGS.animePanel;
const P = ADMIN_STRINGS.posters;

/** The admin page's titles card: "Новый тайтл" and "Обновить постеры" (queued as Shikimori syncs). */
export function AnimeAdminPanel() {
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const posters = useMutation({
    mutationFn: updatePosters,
    // The jobs show up in the sync panel's queue: refresh it now rather than in 5 s.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: syncKeys.progress() }),
  });

  return (
    <AdminCard title={S.title} description={S.description} action={<Button onClick={() => setCreating(true)}>{S.create}</Button>}>
      <div className="anime-admin__posters" aria-labelledby="anime-posters-title" role="group">
        <h4 id="anime-posters-title" className="sync-panel__subtitle">
          {P.title}
        </h4>
        <p className="muted sync-panel__hint">{P.description}</p>
        <div>
          <Button variant="secondary" onClick={() => posters.mutate()} disabled={posters.isPending} aria-busy={posters.isPending || undefined}>
            {posters.isPending ? P.updating : P.update}
          </Button>
        </div>
        {posters.isError ? (
          <p className="form__error" role="alert">
            {P.failed}: {posters.error.message}
          </p>
        ) : posters.data ? (
          <p className="anime-admin__status" role="status">
            {posters.data.queued > 0 ? P.queued(posters.data.queued) : P.nothing}
          </p>
        ) : null}
      </div>

      <AnimeCreateDialog open={creating} onOpenChange={setCreating} />
    </AdminCard>
  );
}
