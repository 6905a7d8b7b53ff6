import type { Collection } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/plural';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { collectionsQuery } from '../api/collections-api';
import { PLURAL } from '../strings';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { CollectionEditDialog } from './CollectionEditDialog';
import { CollectionsAdminDeleteDialog } from './CollectionsAdminDeleteDialog';
import { InlineError } from './InlineError';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collectionsAdmin;
export const COLLECTIONS_ADMIN_PAGE_SIZE = 20;

/** The admins' list of collections with create, edit and delete. */
export function CollectionsAdmin() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const list = useQuery(collectionsQuery(page, COLLECTIONS_ADMIN_PAGE_SIZE));
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.limit || COLLECTIONS_ADMIN_PAGE_SIZE))) : 1;

  return (
    <section className="card collections-admin" aria-labelledby="collections-admin-title">
      <div className="sync-panel__header">
        <h3 id="collections-admin-title" className="sync-panel__title">
          {S.title}
        </h3>
        <Button onClick={() => setEditing({ id: null })}>{S.create}</Button>
      </div>

      {list.isPending ? (
        <Spinner label={S.loading} />
      ) : list.isError && !data ? (
        <InlineError message={`${S.failedToLoad}: ${list.error.message}`} onRetry={() => void list.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <p className="muted">{S.empty}</p>
      ) : (
        <>
          <ul className="collections-admin__list" aria-label={S.title} aria-busy={list.isPlaceholderData || undefined}>
            {data.items.map((collection) => (
              <li key={collection.id} className="collections-admin__item">
                <CollectionsAdminCover src={collection.cover} />
                <div className="collections-admin__text">
                  <Link className="collections-admin__name" to={`/collections/${collection.id}`}>
                    {collection.title}
                  </Link>
                  <span className="muted collections-admin__meta">
                    {formatCount(collection.animeCount, PLURAL.anime)}
                    {collection.featured ? <span className="people-badge">{S.featured}</span> : null}
                  </span>
                </div>
                <div className="collections-admin__actions">
                  <Button size="small" variant="secondary" aria-label={S.editLabel(collection.title)} onClick={() => setEditing({ id: collection.id })}>
                    {S.edit}
                  </Button>
                  <Button size="small" variant="ghost" aria-label={S.deleteLabel(collection.title)} onClick={() => setDeleting(collection)}>
                    {S.delete}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <div className="collections-admin__pages">
              <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                {S.previous}
              </Button>
              <span aria-live="polite">{S.pageOf(page, pageCount)}</span>
              <Button size="small" variant="secondary" disabled={page >= pageCount} onClick={() => setPage((current) => current + 1)}>
                {S.next}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {editing ? <CollectionEditDialog open collectionId={editing.id} onOpenChange={(open) => (open ? undefined : setEditing(null))} /> : null}
      <CollectionsAdminDeleteDialog
        collection={deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        onDeleted={() => {
          // Deleting the last item of the last page: step back a page.
          if (data && data.items.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </section>
  );
}

/** A small cover thumbnail; a gradient when there is none or it fails to load. */
function CollectionsAdminCover({ src }: { src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <span className="collections-admin__cover collections-admin__cover--blank" aria-hidden="true" />;
  return <img className="collections-admin__cover" src={src} alt="" loading="lazy" onError={() => setFailedSrc(src)} />;
}
