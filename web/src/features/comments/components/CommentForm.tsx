import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { TextField } from '../../../shared/ui/TextField';
import { formErrors } from '../lib/comment-errors';
import { parseEpisode, parseSpoilerTime } from '../lib/spoiler-time';
import { COMMENTS_STRINGS } from '../strings';

const S = COMMENTS_STRINGS;

/** What the form sends: the trimmed text and, for a spoiler, its moment. */
export interface CommentDraft {
  content: string;
  episode?: number;
  at?: number;
}

export interface CommentFormProps {
  /** The textarea's accessible name. */
  label: string;
  placeholder?: string;
  initialContent?: string;
  /** Offer «Спойлер к серии» (new comments and replies; an edit changes only the text). */
  withSpoiler?: boolean;
  /** The title's episode count when known: the largest episode a spoiler may name. */
  episodes?: number | null;
  submitLabel?: string;
  autoFocus?: boolean;
  pending: boolean;
  /** The last failed attempt (an ApiError shows its field messages under the fields). */
  error: unknown;
  onSubmit(draft: CommentDraft): void;
  onCancel?(): void;
}

/**
 * The comment form: a textarea with a live count (COMMENT_CONTENT_MAX), an optional spoiler moment
 * (episode and MM:SS), the server's Russian messages under their fields and the rest (a 429 with its
 * wait) above the buttons. Checked locally as the server does, so a bad moment sends nothing.
 */
export function CommentForm({
  label,
  placeholder = S.placeholder,
  initialContent = '',
  withSpoiler = false,
  episodes,
  submitLabel = S.send,
  autoFocus = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const id = useId();
  const [content, setContent] = useState(initialContent);
  const [spoiler, setSpoiler] = useState(false);
  const [episodeInput, setEpisodeInput] = useState('');
  const [atInput, setAtInput] = useState('');
  const [local, setLocal] = useState<{ episode?: string; at?: string }>({});

  const trimmed = content.trim();
  const tooLong = trimmed.length > COMMENT_CONTENT_MAX;
  const server = formErrors(error);
  const contentError = tooLong ? COMMENT_MESSAGES.contentTooLong : (server.fields.content ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || trimmed === '' || tooLong) return;
    const draft: CommentDraft = { content: trimmed };
    if (withSpoiler && spoiler) {
      const episode = parseEpisode(episodeInput, episodes);
      const at = parseSpoilerTime(atInput);
      const problems = {
        episode: episode === null ? (parseEpisode(episodeInput) === null ? COMMENT_MESSAGES.episode : COMMENT_MESSAGES.episodeBeyondTotal) : undefined,
        at: at === null ? S.atInvalid : undefined,
      };
      setLocal(problems);
      if (episode === null || at === null) return;
      draft.episode = episode;
      draft.at = at;
    }
    onSubmit(draft);
  };

  const textareaId = `${id}-content`;
  const messageId = `${id}-content-message`;
  const counterId = `${id}-counter`;
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor={textareaId}>
        {label}
      </label>
      <textarea
        id={textareaId}
        className="field__input comment-form__text"
        value={content}
        placeholder={placeholder}
        rows={3}
        autoFocus={autoFocus}
        aria-invalid={contentError ? true : undefined}
        aria-describedby={[counterId, contentError ? messageId : null].filter(Boolean).join(' ')}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="comment-form__meta">
        <span
          id={counterId}
          className={tooLong ? 'comment-form__counter comment-form__counter--over' : 'comment-form__counter'}
          aria-label={S.counterLabel(content.length)}
        >
          {S.counter(content.length)}
        </span>
      </div>
      <FieldMessage id={messageId} message={contentError} />

      {withSpoiler ? (
        <div className="comment-form__spoiler">
          <Checkbox checked={spoiler} onCheckedChange={setSpoiler}>
            {S.spoilerToggle}
          </Checkbox>
          {spoiler ? (
            <div className="comment-form__moment">
              <TextField
                label={S.episodeLabel}
                inputMode="numeric"
                value={episodeInput}
                min={1}
                max={episodes ?? undefined}
                onChange={(event) => setEpisodeInput(event.target.value)}
                message={local.episode ?? server.fields.episode ?? null}
              />
              <TextField
                label={S.atLabel}
                inputMode="numeric"
                placeholder={S.atPlaceholder}
                value={atInput}
                onChange={(event) => setAtInput(event.target.value)}
                message={local.at ?? server.fields.at ?? null}
              />
            </div>
          ) : null}
        </div>
      ) : null}

      <FieldMessage message={server.form} />
      <div className="comment-form__actions">
        {onCancel ? (
          <Button variant="ghost" size="small" onClick={onCancel} disabled={pending}>
            {S.cancel}
          </Button>
        ) : null}
        <Button type="submit" size="small" disabled={pending || trimmed === '' || tooLong}>
          {pending ? S.sending : submitLabel}
        </Button>
      </div>
    </form>
  );
}
