import type { ManagedEpisode } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { TextField } from '../../../shared/ui/TextField';
import { UI_STRINGS } from '../../../shared/ui/strings';
import {
  MARKER_KINDS,
  draftOf,
  formatTimecode,
  readMarkers,
  type EpisodeMarkers,
  type MarkerKind,
  type MarkersDraft,
  type MarkersErrors,
  type SpanDraft,
} from '../lib/episode-markers';
import { EPISODES_ADMIN_STRINGS } from '../strings';
import '../episodes-admin.css';

const S = EPISODES_ADMIN_STRINGS.markers;

/** The request's fields the server may name in a refusal (zod's paths). */
const SERVER_FIELDS = ['opening', 'opening.start', 'opening.end', 'ending', 'ending.start', 'ending.end'] as const;

export type MarkersEpisode = Pick<ManagedEpisode, 'number' | 'durationSeconds' | 'opening' | 'ending' | 'markersOrigin'>;

export interface EpisodeMarkersDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Whose markers: its spans fill the fields, its duration bounds them. */
  episode: MarkersEpisode;
  /** Called with the spans in seconds (null: none), only once every field reads and fits. */
  onSubmit(markers: EpisodeMarkers): void;
  pending: boolean;
  /** The server's refusal: under its field when it names one, else under the buttons. */
  error: unknown;
}

type FormProps = Omit<EpisodeMarkersDialogProps, 'open' | 'onOpenChange'> & { onCancel(): void };

interface SpanFieldsProps {
  kind: MarkerKind;
  draft: SpanDraft;
  errors: MarkersErrors[MarkerKind];
  disabled: boolean;
  onChange(draft: SpanDraft): void;
}

/** «Опенинг»: «Нет опенинга», and its start and end (disabled while there is none). */
function SpanFields({ kind, draft, errors, disabled, onChange }: SpanFieldsProps) {
  const off = disabled || draft.none;
  return (
    <fieldset className="episode-markers__span" disabled={disabled}>
      <legend>{S.names[kind]}</legend>
      <Checkbox checked={draft.none} disabled={disabled} onCheckedChange={(none) => onChange({ ...draft, none })}>
        {S.noneOf[kind]}
      </Checkbox>
      <div className="episode-markers__times">
        <TextField
          label={S.startOf[kind]}
          value={draft.start}
          onChange={(event) => onChange({ ...draft, start: event.target.value })}
          message={draft.none ? null : errors.start}
          placeholder={S.placeholder}
          inputMode="numeric"
          autoComplete="off"
          disabled={off}
        />
        <TextField
          label={S.endOf[kind]}
          value={draft.end}
          onChange={(event) => onChange({ ...draft, end: event.target.value })}
          message={draft.none ? null : errors.end}
          placeholder={S.placeholder}
          inputMode="numeric"
          autoComplete="off"
          disabled={off}
        />
      </div>
    </fieldset>
  );
}

function MarkersForm({ episode, onSubmit, onCancel, pending, error }: FormProps) {
  const [draft, setDraft] = useState<MarkersDraft>(() => draftOf(episode));
  // The fields are checked from the first «Сохранить» on, then as they change.
  const [submitted, setSubmitted] = useState(false);
  const read = readMarkers(draft, episode);
  const server = formFieldErrors(error, SERVER_FIELDS);
  const errors: MarkersErrors = { opening: {}, ending: {} };
  for (const kind of MARKER_KINDS) {
    const local = submitted ? read.errors[kind] : {};
    errors[kind] = {
      start: local.start ?? server.fields[`${kind}.start`],
      end: local.end ?? server.fields[`${kind}.end`] ?? server.fields[kind],
    };
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!read.markers || pending) return;
    onSubmit(read.markers);
  };

  return (
    <form onSubmit={submit} noValidate className="episode-markers">
      {episode.durationSeconds ? <p className="episode-markers__duration">{S.durationHint(formatTimecode(episode.durationSeconds))}</p> : null}
      {MARKER_KINDS.map((kind) => (
        <SpanFields
          key={kind}
          kind={kind}
          draft={draft[kind]}
          errors={errors[kind]}
          disabled={pending}
          onChange={(span) => setDraft((current) => ({ ...current, [kind]: span }))}
        />
      ))}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {UI_STRINGS.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? S.pending : S.save}
        </Button>
      </div>
      <FieldMessage message={server.form} />
    </form>
  );
}

/**
 * «Изменить отметки» of an uploaded episode: its opening and ending in m:ss or h:mm:ss, or none of
 * either. Saved by hand, they are `manual`: detection by ear never changes them again.
 */
export function EpisodeMarkersDialog({ open, onOpenChange, episode, ...form }: EpisodeMarkersDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !form.pending && onOpenChange(next)}
      title={S.dialogTitle(episode.number)}
      description={S.description}
      widthPx={560}
    >
      {/* Mounted per opening: every edit starts from the episode's current spans. */}
      {open ? <MarkersForm episode={episode} {...form} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
