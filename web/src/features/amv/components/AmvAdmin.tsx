import type { AmvItem } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListState } from '../../../shared/ui/ListState';
import { amvKeys, amvListQuery, deleteAmv } from '../api/amv-api';
import { AMV_STRINGS } from '../strings';
import { AmvForm } from './AmvForm';
import '../amv.css';

const S = AMV_STRINGS.admin;

/** The admin panel's AMV section: publish a clip (upload or player link), edit one and delete one. */
export function AmvAdmin() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<AmvItem | null>(null);
  const [saved, setSaved] = useState<{ amv: AmvItem; edited: boolean } | null>(null);
  const [deleting, setDeleting] = useState<AmvItem | null>(null);
  const list = useQuery(amvListQuery({}));
  const remove = useMutation({
    mutationFn: (id: string) => deleteAmv(id),
    onSuccess: () => {
      setDeleting(null);
      return client.invalidateQueries({ queryKey: amvKeys.all });
    },
  });

  return (
    <section className="amv-admin" aria-labelledby="amv-admin-title">
      <h2 id="amv-admin-title">{S.title}</h2>
      <AmvForm
        key={editing?.id ?? 'new'}
        amv={editing}
        onSaved={(amv, edited) => {
          setSaved({ amv, edited });
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
      {saved ? (
        <p role="status">
          <Link to={`/amv/${saved.amv.id}`}>{saved.edited ? S.saved(saved.amv.title) : S.published(saved.amv.title)}</Link>
        </p>
      ) : null}
      <h3>{S.latest}</h3>
      {list.isPending ? (
        <ListState kind="loading" label={AMV_STRINGS.loading} />
      ) : list.isError ? (
        <ListState kind="error" title={AMV_STRINGS.loadError} message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListState kind="empty" text={AMV_STRINGS.empty} />
      ) : (
        <ul className="amv-playlist__items">
          {list.data.items.map((amv) => (
            <li key={amv.id} className="amv-playlist__item">
              <Link className="amv-playlist__title" to={`/amv/${amv.id}`}>
                {amv.title}
              </Link>
              <Button
                variant="ghost"
                size="small"
                aria-label={S.editLabel(amv.title)}
                onClick={() => {
                  setSaved(null);
                  setEditing(amv);
                }}
              >
                {S.edit}
              </Button>
              <Button variant="ghost" size="small" aria-label={S.delete(amv.title)} onClick={() => setDeleting(amv)}>
                {S.deleteConfirm}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        title={S.deleteTitle}
        description={deleting ? S.deleteText(deleting.title) : ''}
        confirmLabel={S.deleteConfirm}
        pendingLabel={S.deletePending}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
      />
    </section>
  );
}

export default AmvAdmin;
