import type { Collection } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { notify } from '../../../shared/ui/notify';
import { collectionKeys, deleteCollection } from '../api/collections-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collectionsAdmin;

export interface CollectionsAdminDeleteDialogProps {
  /** The collection to delete; null keeps the dialog closed. */
  collection: Pick<Collection, 'id' | 'title'> | null;
  onOpenChange(open: boolean): void;
  onDeleted?(id: number): void;
}

/** "Удалить подборку?": nothing is deleted until the admin confirms. */
export function CollectionsAdminDeleteDialog({ collection, onOpenChange, onDeleted }: CollectionsAdminDeleteDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => deleteCollection(id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.details(id) });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all() });
      notify.success(S.deletedTitle, collection?.title ?? '');
      onDeleted?.(id);
      onOpenChange(false);
    },
  });

  return (
    <Dialog open={collection !== null} onOpenChange={onOpenChange} title={S.deleteTitle} widthPx={440}>
      <p className="collections-admin__delete-text">{collection ? S.deleteText(collection.title) : null}</p>
      {remove.isError ? (
        <p className="form__error" role="alert">
          {S.deleteFailedTitle}: {remove.error.message}
        </p>
      ) : null}
      <div className="edit-form__actions">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {S.cancel}
        </Button>
        <Button onClick={() => collection && remove.mutate(collection.id)} disabled={remove.isPending || !collection}>
          {remove.isPending ? S.deletePending : S.deleteConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
