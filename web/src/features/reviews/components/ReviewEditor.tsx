import { REVIEW_SCORE_MAX, REVIEW_SCORE_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, type ReviewItem } from '@portal/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { TextField } from '../../../shared/ui/TextField';
import { useSaveReview } from '../hooks/useReviewMutations';
import { clearDraft, draftKey, loadDraft, saveDraft, type ReviewDraft } from '../lib/review-draft';
import { formErrors } from '../lib/review-errors';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;
const SCORES = Array.from({ length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 }, (_, index) => REVIEW_SCORE_MIN + index);

export interface ReviewEditorProps {
  animeId: number;
  /** The review being edited; absent for a new one. */
  review?: ReviewItem;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved?(review: ReviewItem): void;
}

/** The live length hint of the 500–20,000 rule (characters after trimming, as the server counts). */
export function lengthHint(text: string): { message: string; ok: boolean } {
  const length = text.trim().length;
  if (length < REVIEW_TEXT_MIN) return { message: S.tooShort(REVIEW_TEXT_MIN - length), ok: false };
  if (length > REVIEW_TEXT_MAX) return { message: S.tooLong(length - REVIEW_TEXT_MAX), ok: false };
  return { message: S.enough, ok: true };
}

const baseline = (review?: ReviewItem): ReviewDraft => ({ title: review?.title ?? '', score: review?.score ?? null, text: review?.text ?? '' });
const sameDraft = (a: ReviewDraft, b: ReviewDraft) => a.title === b.title && a.score === b.score && a.text === b.text;

function initialDraft(key: string, review?: ReviewItem): { draft: ReviewDraft; restored: boolean } {
  const stored = loadDraft(key);
  if (stored && !sameDraft(stored, baseline(review))) return { draft: stored, restored: true };
  return { draft: baseline(review), restored: false };
}

/** The form inside the dialog: mounted on open, so every opening reads the stored draft again. */
function ReviewForm({ animeId, review, onDone }: { animeId: number; review?: ReviewItem; onDone(saved?: ReviewItem): void }) {
  const key = draftKey(animeId, review?.id);
  const [{ draft: start, restored }] = useState(() => initialDraft(key, review));
  const [draft, setDraft] = useState<ReviewDraft>(start);
  const [showRestored, setShowRestored] = useState(restored);
  const save = useSaveReview(animeId, review);
  const textId = useId();
  const scoreId = useId();

  // Every change is kept, so leaving the page (or closing the dialog) loses nothing.
  // An untouched form keeps nothing (an edit's unchanged text is not a draft).
  useEffect(() => {
    if (save.isSuccess) return;
    if (sameDraft(draft, baseline(review))) clearDraft(key);
    else saveDraft(key, draft);
  }, [key, draft, review, save.isSuccess]);

  const change = (patch: Partial<ReviewDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (save.isError) save.reset();
  };
  const hint = lengthHint(draft.text);
  const { fields, form } = formErrors(save.error);
  const titleTooLong = draft.title.trim().length > REVIEW_TITLE_MAX;
  const canSend = hint.ok && draft.score !== null && !titleTooLong && !save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || draft.score === null) return;
    const title = draft.title.trim();
    save.mutate(
      { title: title || null, text: draft.text.trim(), score: draft.score },
      {
        onSuccess: (saved) => {
          clearDraft(key);
          onDone(saved);
        },
      },
    );
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      {review ? <p className="review-form__note">{S.editorEditNote}</p> : null}
      {showRestored ? (
        <div className="review-form__restored" role="status">
          <span>{S.draftRestored}</span>
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              clearDraft(key);
              setDraft(baseline(review));
              setShowRestored(false);
            }}
          >
            {S.discardDraft}
          </Button>
        </div>
      ) : null}
      <TextField
        label={S.headlineLabel}
        value={draft.title}
        maxLength={REVIEW_TITLE_MAX}
        onChange={(event) => change({ title: event.target.value })}
        message={fields.title}
      />
      <div className="field">
        <label className="field__label" htmlFor={scoreId}>
          {S.scoreField}
        </label>
        <select
          id={scoreId}
          className="field__input review-form__score"
          value={draft.score ?? ''}
          aria-invalid={Boolean(fields.score) || undefined}
          onChange={(event) => change({ score: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{S.scoreChoose}</option>
          {SCORES.map((score) => (
            <option key={score} value={score}>
              {score}
            </option>
          ))}
        </select>
        <FieldMessage message={fields.score} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          {S.textLabel}
        </label>
        <textarea
          id={textId}
          className="field__input review-form__text"
          value={draft.text}
          rows={12}
          aria-invalid={Boolean(fields.text) || undefined}
          aria-describedby={`${textId}-count`}
          onChange={(event) => change({ text: event.target.value })}
        />
        <div className="review-form__meta" id={`${textId}-count`}>
          <span className={hint.ok ? 'muted' : 'review-form__hint--bad'}>{hint.message}</span>
          <span className={draft.text.trim().length > REVIEW_TEXT_MAX ? 'review-form__hint--bad' : 'muted'}>{S.counter(draft.text.trim().length)}</span>
        </div>
        <p className="review-form__help muted">{S.textHint}</p>
        <FieldMessage message={fields.text} />
      </div>
      <FieldMessage message={form} />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={() => onDone()} disabled={save.isPending}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={!canSend}>
          {save.isPending ? S.sending : review ? S.save : S.send}
        </Button>
      </div>
    </form>
  );
}

/** «Написать рецензию» / «Изменить рецензию»: the editor in a dialog, its draft kept in localStorage per title. */
export function ReviewEditor({ animeId, review, open, onOpenChange, onSaved }: ReviewEditorProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={review ? S.editorEdit : S.editorNew} widthPx={720}>
      {open ? (
        <ReviewForm
          animeId={animeId}
          review={review}
          onDone={(saved) => {
            onOpenChange(false);
            if (saved) onSaved?.(saved);
          }}
        />
      ) : null}
    </Dialog>
  );
}
