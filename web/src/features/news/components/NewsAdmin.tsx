import type { NewsItem } from '@portal/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { notify } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/Spinner';
import { deleteNews, newsKeys, newsListQuery, newsSettingsQuery, saveNewsSettings } from '../api/news-api';
import { NEWS_STRINGS } from '../strings';
import { NewsBadges } from './NewsCard';
import '../news.css';

// The editor (Tiptap and ProseMirror) is loaded when an admin opens it, never with the page.
const NewsEditor = lazy(() => import('./NewsEditor'));

const S = NEWS_STRINGS.admin;

type Editing = { item?: NewsItem } | null;

/** The editor in a dialog: a new item or an existing one. */
export function NewsEditorDialog({ editing, onClose }: { editing: Editing; onClose(): void }) {
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing?.item ? NEWS_STRINGS.editor.editTitle : NEWS_STRINGS.editor.createTitle}
      widthPx={820}
    >
      {editing ? (
        <Suspense fallback={<Spinner label={NEWS_STRINGS.editor.loading} />}>
          <NewsEditor item={editing.item} onDone={onClose} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

/** Delete one item, after a question. */
export function DeleteNewsDialog({ item, onClose }: { item: NewsItem | null; onClose(): void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteNews(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: newsKeys.all });
      notify.success(S.deleted, item?.title ?? '');
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          remove.reset();
          onClose();
        }
      }}
      onConfirm={() => item && remove.mutate(item.id)}
      title={S.deleteTitle}
      description={item ? S.deleteText(item.title) : ''}
      confirmLabel={S.deleteConfirm}
      pendingLabel={S.deletePending}
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
    />
  );
}

/** The switch of automatic «Вышла N серия …» news. */
function AutoNewsSwitch() {
  const client = useQueryClient();
  const settings = useQuery(newsSettingsQuery());
  const save = useMutation({ mutationFn: saveNewsSettings, onSuccess: (saved) => client.setQueryData(newsKeys.settings, saved) });
  if (settings.isPending) return null;
  if (settings.isError) return <FieldMessage message={errorMessage(settings.error)} />;
  return (
    <div className="news-admin__auto">
      <Checkbox checked={settings.data.autoNews} disabled={save.isPending} onCheckedChange={(autoNews) => save.mutate({ autoNews })}>
        {S.autoNews}
      </Checkbox>
      {save.error ? <FieldMessage message={`${S.autoNewsError}: ${errorMessage(save.error)}`} /> : null}
    </div>
  );
}

/** The admin panel's «Новости»: every item (drafts and scheduled ones too), write, edit, delete, the automatic news switch. */
export default function NewsAdmin() {
  const news = useInfiniteQuery(newsListQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const items = news.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="news-admin" aria-labelledby="news-admin-title">
      <div className="news-admin__header">
        <h2 id="news-admin-title">{S.title}</h2>
        <Button onClick={() => setEditing({})}>{S.write}</Button>
      </div>
      <AutoNewsSwitch />
      {news.isPending ? (
        <ListState kind="loading" label={S.loading} />
      ) : news.isError ? (
        <ListState kind="error" title={S.error} message={errorMessage(news.error)} onRetry={() => void news.refetch()} />
      ) : items.length === 0 ? (
        <ListState kind="empty" text={S.empty} />
      ) : (
        <ul className="news-admin__list">
          {items.map((item) => (
            <li key={item.id} className="news-admin__item">
              <Link to={`/news/${item.slug}`}>{item.title}</Link> <NewsBadges item={item} />
              <span className="news-admin__actions">
                <Button variant="secondary" size="small" onClick={() => setEditing({ item })} aria-label={`${S.edit}: ${item.title}`}>
                  {S.edit}
                </Button>
                <Button variant="ghost" size="small" onClick={() => setDeleting(item)} aria-label={`${S.delete}: ${item.title}`}>
                  {S.delete}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {news.hasNextPage ? (
        <Button variant="secondary" size="small" onClick={() => void news.fetchNextPage()} disabled={news.isFetchingNextPage}>
          {NEWS_STRINGS.list.more}
        </Button>
      ) : null}
      <NewsEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteNewsDialog item={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
