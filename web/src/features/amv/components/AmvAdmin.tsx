import type { AmvItem } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { amvKeys, amvListQuery, createAmv, deleteAmv, uploadAmvVideo, type AmvDraft } from '../api/amv-api';
import { AMV_STRINGS } from '../strings';
import '../amv.css';

const S = AMV_STRINGS.admin;

interface Form {
  title: string;
  author: string;
  duration: string;
  artist: string;
  track: string;
  tags: string;
  source: 'file' | 'link';
  url: string;
  file: File | null;
}

const EMPTY: Form = { title: '', author: '', duration: '', artist: '', track: '', tags: '', source: 'file', url: '', file: null };

/** The admin panel's AMV section: publish a clip (upload or player link) and delete one. The server checks every rule. */
export function AmvAdmin() {
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [published, setPublished] = useState<AmvItem | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [deleting, setDeleting] = useState<AmvItem | null>(null);
  const list = useQuery(amvListQuery({}));
  const remove = useMutation({
    mutationFn: (id: string) => deleteAmv(id),
    onSuccess: () => {
      setDeleting(null);
      return client.invalidateQueries({ queryKey: amvKeys.all });
    },
  });

  const field = (name: string) => (isApiError(failure) ? failure.fieldMessage(name) : null);
  const set = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPublished(null);
    try {
      let video: AmvDraft['video'];
      if (form.source === 'file') {
        if (!form.file) throw new Error(S.fileMissing);
        setStage('uploading');
        video = { uploadId: (await uploadAmvVideo(form.file)).uploadId };
      } else video = { url: form.url.trim() };
      setStage('saving');
      const amv = await createAmv({
        title: form.title,
        author: form.author,
        durationSeconds: Number(form.duration),
        musicArtist: form.artist.trim() || null,
        musicTrack: form.track.trim() || null,
        tags: form.tags.split(',').map((tag) => tag.trim()).filter(Boolean),
        video,
      });
      setPublished(amv);
      setForm(EMPTY);
      await client.invalidateQueries({ queryKey: amvKeys.all });
    } catch (error) {
      setFailure(error);
    } finally {
      setStage('idle');
    }
  };

  return (
    <section className="amv-admin" aria-labelledby="amv-admin-title">
      <h2 id="amv-admin-title">{S.title}</h2>
      <form className="amv-admin__form" aria-label={S.newTitle} onSubmit={(event) => void submit(event)}>
        <label>
          {S.titleLabel}
          <input value={form.title} onChange={(event) => set({ title: event.target.value })} />
        </label>
        <FieldMessage message={field('title')} />
        <label>
          {S.authorLabel}
          <input value={form.author} onChange={(event) => set({ author: event.target.value })} />
        </label>
        <FieldMessage message={field('author')} />
        <label>
          {S.durationLabel}
          <input inputMode="numeric" value={form.duration} onChange={(event) => set({ duration: event.target.value })} />
        </label>
        <FieldMessage message={field('durationSeconds')} />
        <label>
          {S.artistLabel}
          <input value={form.artist} onChange={(event) => set({ artist: event.target.value })} />
        </label>
        <label>
          {S.trackLabel}
          <input value={form.track} onChange={(event) => set({ track: event.target.value })} />
        </label>
        <label>
          {S.tagsLabel}
          <input value={form.tags} onChange={(event) => set({ tags: event.target.value })} />
        </label>
        <FieldMessage message={field('tags')} />
        <fieldset>
          <legend>{S.sourceLabel}</legend>
          <label>
            <input type="radio" name="amv-source" checked={form.source === 'file'} onChange={() => set({ source: 'file' })} /> {S.sourceFile}
          </label>
          <label>
            <input type="radio" name="amv-source" checked={form.source === 'link'} onChange={() => set({ source: 'link' })} /> {S.sourceLink}
          </label>
        </fieldset>
        {form.source === 'file' ? (
          <label>
            {S.fileLabel}
            <input type="file" accept="video/mp4,video/webm" onChange={(event) => set({ file: event.target.files?.[0] ?? null })} />
          </label>
        ) : (
          <label>
            {S.linkLabel}
            <input type="url" value={form.url} onChange={(event) => set({ url: event.target.value })} />
          </label>
        )}
        <FieldMessage message={field('file') ?? field('video.url') ?? field('video.uploadId') ?? field('video')} />
        {failure && !(isApiError(failure) && failure.fieldErrors.length) ? <FieldMessage message={errorMessage(failure)} /> : null}
        <Button type="submit" disabled={stage !== 'idle'}>
          {stage === 'uploading' ? S.uploading : stage === 'saving' ? S.saving : S.submit}
        </Button>
        {published ? (
          <p role="status">
            <Link to={`/amv/${published.id}`}>{S.published(published.title)}</Link>
          </p>
        ) : null}
      </form>
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
