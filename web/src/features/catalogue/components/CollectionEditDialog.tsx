import { CATALOGUE_MESSAGES, type CollectionDetails } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { AnimePicker, type AnimePick } from '../../../shared/ui/AnimePicker';
import { Button } from '../../../shared/ui/Button';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { notify } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import { collectionKeys, collectionQuery, COVER_TYPES, coverProblem, createCollection, updateCollection, type CollectionInput } from '../api/collections-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { InlineError } from './InlineError';
import { TextAreaField } from './TextAreaField';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collectionDialog;
const FIELDS = ['title', 'description', 'featured', 'animeIds', 'cover'] as const;
type Field = (typeof FIELDS)[number];
type FieldMessages = Partial<Record<Field, string>>;

export interface CollectionEditDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The collection to edit; null creates a new one. */
  collectionId: number | null;
  onSaved?(collection: CollectionDetails): void;
}

/** Create or edit a collection (admins): sent as multipart/form-data with an optional cover. */
export function CollectionEditDialog({ open, onOpenChange, collectionId, onSaved }: CollectionEditDialogProps) {
  const editing = collectionId !== null;
  const existing = useQuery({ ...collectionQuery(collectionId ?? 0), enabled: editing });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={editing ? S.editTitle : S.createTitle} description={S.description} hideDescription widthPx={680}>
      {!editing ? (
        <CollectionEditDialogForm collectionId={null} initial={null} onClose={() => onOpenChange(false)} onSaved={onSaved} />
      ) : existing.data ? (
        <CollectionEditDialogForm
          key={existing.data.id}
          collectionId={collectionId}
          initial={existing.data}
          onClose={() => onOpenChange(false)}
          onSaved={onSaved}
        />
      ) : existing.isError ? (
        <InlineError message={existing.error.message} onRetry={() => void existing.refetch()} />
      ) : (
        <div className="people-loading">
          <Spinner label={S.loading} />
        </div>
      )}
    </Dialog>
  );
}

interface FormProps {
  collectionId: number | null;
  initial: CollectionDetails | null;
  onClose(): void;
  onSaved?(collection: CollectionDetails): void;
}

function CollectionEditDialogForm({ collectionId, initial, onClose, onSaved }: FormProps) {
  const queryClient = useQueryClient();
  const coverId = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [featured, setFeatured] = useState(initial?.featured ?? false);
  const [anime, setAnime] = useState<AnimePick[]>(initial?.anime ?? []);
  const [cover, setCover] = useState<File | null>(null);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [coverInputKey, setCoverInputKey] = useState(0);
  const [fieldMessages, setFieldMessages] = useState<FieldMessages>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const latestCover = useRef<File | null>(null);

  const save = useMutation({
    mutationFn: (input: CollectionInput) => (collectionId === null ? createCollection(input) : updateCollection(collectionId, input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(collectionKeys.details(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all() });
      notify.success(collectionId === null ? S.createdTitle : S.savedTitle, saved.title);
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      const messages: FieldMessages = {};
      const unplaced: string[] = [];
      if (isApiError(error)) {
        for (const { field, message } of error.fieldErrors) {
          if ((FIELDS as readonly string[]).includes(field)) messages[field as Field] ??= message;
          else unplaced.push(message);
        }
      }
      setFieldMessages(messages);
      setFormMessage(Object.keys(messages).length === 0 || unplaced.length > 0 ? (unplaced[0] ?? error.message) : null);
    },
  });
  const submitting = save.isPending;

  const clearField = (field: Field) => setFieldMessages((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const chooseCover = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    latestCover.current = null;
    setCover(null);
    setCoverPreview(null);
    if (!file) {
      clearField('cover');
      return;
    }
    const problem = coverProblem(file);
    if (problem) {
      setFieldMessages((current) => ({ ...current, cover: problem }));
      // Forget the refused file, so choosing the same file again fires a change.
      setCoverInputKey((key) => key + 1);
      return;
    }
    clearField('cover');
    latestCover.current = file;
    setCover(file);
    const reader = new FileReader();
    reader.onload = () => {
      if (latestCover.current === file && typeof reader.result === 'string') setCoverPreview(reader.result);
    };
    reader.readAsDataURL(file);
  };

  const dropCover = () => {
    latestCover.current = null;
    setCover(null);
    setCoverPreview(null);
    clearField('cover');
    setCoverInputKey((key) => key + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    if (title.trim() === '') {
      setFieldMessages((current) => ({ ...current, title: CATALOGUE_MESSAGES.titleRequired }));
      return;
    }
    // A refused file was never kept: its message stays until another file is chosen.
    if (fieldMessages.cover && !cover) return;
    setFieldMessages({});
    save.mutate({ title: title.trim(), description: description.trim(), featured, animeIds: anime.map((item) => item.id), cover });
  };

  const shownCover = coverPreview ?? (cover ? null : (initial?.cover ?? null));

  return (
    <form className="edit-form collection-form" onSubmit={submit} noValidate aria-busy={submitting || undefined}>
      <TextField
        label={S.titleLabel}
        name="title"
        value={title}
        required
        maxLength={200}
        disabled={submitting}
        onChange={(event) => {
          setTitle(event.target.value);
          clearField('title');
        }}
        message={fieldMessages.title}
      />

      <TextAreaField
        label={S.descriptionLabel}
        name="description"
        value={description}
        rows={4}
        maxLength={5000}
        disabled={submitting}
        onChange={(event) => {
          setDescription(event.target.value);
          clearField('description');
        }}
        message={fieldMessages.description}
      />

      <Checkbox checked={featured} onCheckedChange={setFeatured} disabled={submitting} name="featured">
        {S.featuredLabel}
      </Checkbox>
      <FieldMessage message={fieldMessages.featured} />

      <div className="field collection-form__cover">
        <label className="field__label" htmlFor={coverId}>
          {S.coverLabel}
        </label>
        <div className="collection-form__cover-row">
          {shownCover ? (
            <img className="collection-form__preview" src={shownCover} alt={coverPreview ? S.coverPreviewAlt : S.currentCoverAlt} />
          ) : (
            <span className="collection-form__preview collection-form__preview--blank" aria-hidden="true" />
          )}
          <div className="collection-form__cover-controls">
            <input
              key={coverInputKey}
              id={coverId}
              className="collection-form__file visually-hidden"
              type="file"
              name="cover"
              accept={COVER_TYPES.join(',')}
              disabled={submitting}
              aria-invalid={fieldMessages.cover ? true : undefined}
              aria-describedby={`${coverId}-message`}
              onChange={chooseCover}
            />
            {/* The native button says "Choose File" in the browser's language: this one is always Russian. */}
            <label htmlFor={coverId} className={`btn btn--secondary btn--small collection-form__pick${submitting ? ' collection-form__pick--disabled' : ''}`}>
              {S.coverPick}
            </label>
            <span className="collection-form__file-name">{cover ? cover.name : S.coverNone}</span>
            {cover || fieldMessages.cover ? (
              <Button size="small" variant="ghost" onClick={dropCover} disabled={submitting}>
                {S.coverRemove}
              </Button>
            ) : null}
            <p
              id={`${coverId}-message`}
              className={`field__message field__message--${fieldMessages.cover ? 'error' : 'info'}`}
              role={fieldMessages.cover ? 'alert' : undefined}
            >
              {fieldMessages.cover ?? S.coverHint}
            </p>
          </div>
        </div>
      </div>

      <AnimePicker
        selected={anime}
        selectedLabel={S.selectedTitle}
        disabled={submitting}
        error={fieldMessages.animeIds}
        onChange={(next) => {
          setAnime(next);
          clearField('animeIds');
        }}
      />

      {formMessage ? (
        <p className="form__error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <div className="edit-form__actions">
        <Button variant="ghost" onClick={onClose}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? S.submitting : collectionId === null ? S.submitCreate : S.submitSave}
        </Button>
      </div>
    </form>
  );
}
