import type { AmvItem } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { AnimePicker } from '../../../shared/ui/AnimePicker';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { amvKeys, createAmv, updateAmv, uploadAmvVideo, type AmvDraft } from '../api/amv-api';
import { amvChanges, amvFields, amvFormOf, amvVideoChoice, EMPTY_AMV_FORM, type AmvFormValues } from '../lib/amv-form';
import { AMV_STRINGS } from '../strings';
import '../amv.css';

const S = AMV_STRINGS.admin;

export interface AmvFormProps {
  /** The AMV to edit; null: a new one. */
  amv: AmvItem | null;
  onSaved(amv: AmvItem, edited: boolean): void;
  onCancel(): void;
}

/**
 * Publishing an AMV (upload or player link) or editing one: an edit sends only what changed and keeps
 * the video unless a new file or link is given. The server checks every rule.
 */
export function AmvForm({ amv, onSaved, onCancel }: AmvFormProps) {
  const client = useQueryClient();
  const videoHintId = useId();
  const [initial] = useState<AmvFormValues>(() => (amv ? amvFormOf(amv) : EMPTY_AMV_FORM));
  const [form, setForm] = useState(initial);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [failure, setFailure] = useState<unknown>(null);
  const [unchanged, setUnchanged] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);

  // «Изменить» in the list below: bring the filled form to the admin.
  useEffect(() => {
    if (amv) titleInput.current?.focus();
  }, [amv]);

  const field = (name: string) => (isApiError(failure) ? failure.fieldMessage(name) : null);
  // The server names a refused title by its place: animeIds.2.
  const animeError = isApiError(failure)
    ? (failure.fieldErrors.find((error) => error.field === 'animeIds' || error.field.startsWith('animeIds.'))?.message ?? null)
    : null;
  const set = (change: Partial<AmvFormValues>) => setForm((current) => ({ ...current, ...change }));

  const videoOf = async (choice: NonNullable<ReturnType<typeof amvVideoChoice>>): Promise<AmvDraft['video']> => {
    if ('url' in choice) return { url: choice.url };
    setStage('uploading');
    return { uploadId: (await uploadAmvVideo(choice.file)).uploadId };
  };

  const save = async (): Promise<AmvItem | null> => {
    const choice = amvVideoChoice(form, initial);
    if (!amv) {
      if (!choice) throw new Error(form.source === 'file' ? S.fileMissing : S.linkMissing);
      const video = await videoOf(choice);
      setStage('saving');
      return createAmv({ ...amvFields(form), video });
    }
    const change = amvChanges(initial, form);
    if (!choice && Object.keys(change).length === 0) return null;
    const video = choice ? await videoOf(choice) : undefined;
    setStage('saving');
    return updateAmv(amv.id, video ? { ...change, video } : change);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setUnchanged(false);
    try {
      const saved = await save();
      if (!saved) {
        setUnchanged(true);
        return;
      }
      if (!amv) setForm(EMPTY_AMV_FORM);
      await client.invalidateQueries({ queryKey: amvKeys.all });
      onSaved(saved, amv !== null);
    } catch (error) {
      setFailure(error);
    } finally {
      setStage('idle');
    }
  };

  return (
    <form className="amv-admin__form" aria-label={amv ? S.editTitle(amv.title) : S.newTitle} onSubmit={(event) => void submit(event)}>
      {amv ? <h3>{S.editTitle(amv.title)}</h3> : null}
      <label>
        {S.titleLabel}
        <input ref={titleInput} value={form.title} onChange={(event) => set({ title: event.target.value })} />
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
      <FieldMessage message={field('musicArtist') ?? field('musicTrack')} />
      <label>
        {S.tagsLabel}
        <input value={form.tags} onChange={(event) => set({ tags: event.target.value })} />
      </label>
      <FieldMessage message={field('tags')} />
      <AnimePicker selected={form.anime} onChange={(anime) => set({ anime })} selectedLabel={S.linkedTitles} error={animeError} disabled={stage !== 'idle'} />
      <fieldset>
        <legend>{S.sourceLabel}</legend>
        <label>
          <input type="radio" name="amv-source" checked={form.source === 'file'} onChange={() => set({ source: 'file' })} /> {S.sourceFile}
        </label>
        <label>
          <input type="radio" name="amv-source" checked={form.source === 'link'} onChange={() => set({ source: 'link' })} /> {S.sourceLink}
        </label>
      </fieldset>
      {/* Keyed: the file input is uncontrolled, the link input controlled; React must not reuse one for the other. */}
      {form.source === 'file' ? (
        <label key="file">
          {S.fileLabel}
          <input
            type="file"
            accept="video/mp4,video/webm"
            aria-describedby={amv ? videoHintId : undefined}
            onChange={(event) => set({ file: event.target.files?.[0] ?? null })}
          />
        </label>
      ) : (
        <label key="link">
          {S.linkLabel}
          <input type="url" value={form.url} aria-describedby={amv ? videoHintId : undefined} onChange={(event) => set({ url: event.target.value })} />
        </label>
      )}
      {amv ? (
        <p id={videoHintId} className="muted">
          {S.keepVideo}
        </p>
      ) : null}
      <FieldMessage message={field('file') ?? field('video.url') ?? field('video.uploadId') ?? field('video')} />
      {failure && !(isApiError(failure) && failure.fieldErrors.length) ? <FieldMessage message={errorMessage(failure)} /> : null}
      {unchanged ? <p role="status">{S.nothingChanged}</p> : null}
      <div className="amv-admin__actions">
        <Button type="submit" disabled={stage !== 'idle'}>
          {stage === 'uploading' ? S.uploading : stage === 'saving' ? S.saving : amv ? S.save : S.submit}
        </Button>
        {amv ? (
          <Button variant="secondary" disabled={stage !== 'idle'} onClick={onCancel}>
            {S.cancelEdit}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
