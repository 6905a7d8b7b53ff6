import { isAdminUser, type AnimeDetails } from '@portal/contracts';
import { useState } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeEditDialog } from './AnimeEditDialog';

/** "Редактировать" for an admin session only; opens the edit dialog. */
export function AnimeEditButton({ anime }: { anime: AnimeDetails }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user || !isAdminUser(user)) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {CATALOGUE_STRINGS.anime.edit}
      </Button>
      <AnimeEditDialog anime={anime} open={open} onOpenChange={setOpen} />
    </>
  );
}
