import { SUBTITLE_FILE_MAX_MB, type EpisodeTrack, type EpisodeTrackKind } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { errorMessage, formFieldErrors } from '../../../shared/api/api-error';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { TextField } from '../../../shared/ui/TextField';
import { episodeTracksQuery, releaseTeamsQuery } from '../api/episode-tracks-api';
import { useEpisodeTrackUpload, useRemoveEpisodeTrack, type TrackUploadState } from '../hooks/useEpisodeTracks';
import { checkTrackDraft, teamKindOf, trackLanguageText, trackStateText, type TrackDraft, type TrackDraftErrors } from '../lib/episode-tracks';
import { formatMegabytes, percentOf } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS } from '../strings';
import { ProgressBar } from './ProgressBar';
import '../episodes-admin.css';

const S = EPISODES_ADMIN_STRINGS.tracks;
const A = S.add;

/** How long the team field waits after typing before it asks for suggestions. */
export const TEAM_SUGGEST_DEBOUNCE_MS = 250;

/** The form's kinds, in the order of its radio buttons. */
const TRACK_KINDS: readonly EpisodeTrackKind[] = ['audio', 'subtitles'];

/** The upload's fields the server may name in a refusal. */
const SERVER_FIELDS = ['kind', 'team', 'language', 'file'] as const;

export interface EpisodeTracksDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  animeId: number;
  /** The transcoded episode whose tracks these are. */
  number: number;
}

interface ScopeProps {
  animeId: number;
  number: number;
}

/** One track: its name, kind, language, origin and state; an added one can be removed after a confirmation. */
function TrackItem({ animeId, number, track, onRemoved }: ScopeProps & { track: EpisodeTrack; onRemoved(track: EpisodeTrack): void }) {
  const remove = useRemoveEpisodeTrack(animeId, number);
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes when the question closes without a removal: back to «Удалить».
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      removeRef.current?.focus();
    }
  }, [confirming]);

  const ask = () => {
    remove.reset();
    setConfirming(true);
  };
  const cancel = () => {
    returnFocus.current = true;
    setConfirming(false);
  };
  const confirm = () => remove.mutate(track.id, { onSuccess: (removed) => onRemoved(removed) });

  return (
    <li className="episode-track">
      <div className="episode-track__head">
        <span className="episode-track__name">{track.name}</span>
        {track.origin === 'added' && !confirming ? (
          <Button ref={removeRef} size="small" variant="secondary" onClick={ask} aria-label={S.removeLabel(track.name)}>
            {S.remove}
          </Button>
        ) : null}
      </div>
      <p className="episode-track__facts">
        {S.kinds[track.kind]} · {trackLanguageText(track.language)} ·{' '}
        <span className={`episode-track__origin--${track.origin}`}>{S.origins[track.origin]}</span>
      </p>
      <p className={`episode-track__state episode-track__state--${track.state}`}>
        {track.state === 'processing' ? <span className="spinner episode-track__spinner" aria-hidden="true" /> : null}
        {trackStateText(track)}
      </p>
      {confirming ? (
        <div className="episode-track__confirm" role="group" aria-label={S.removeLabel(track.name)}>
          <p>{S.removeQuestion(track.name)}</p>
          <div className="episode-track__confirm-actions">
            <Button size="small" onClick={confirm} disabled={remove.isPending} aria-label={S.removeConfirmLabel(track.name)}>
              {remove.isPending ? S.removing : S.removeConfirm}
            </Button>
            <Button ref={cancelRef} size="small" variant="secondary" onClick={cancel} disabled={remove.isPending}>
              {S.removeCancel}
            </Button>
          </div>
          <FieldMessage message={remove.error ? errorMessage(remove.error) : null} />
        </div>
      ) : null}
    </li>
  );
}

/** The episode's tracks, the source's streams first: loading, failed (with «Повторить»), or the list. */
function TrackList({ animeId, number, onRemoved }: ScopeProps & { onRemoved(track: EpisodeTrack): void }) {
  const list = useQuery(episodeTracksQuery(animeId, number));
  if (list.isPending) return <ListState kind="loading" label={S.loading} />;
  if (list.isError && !list.data)
    return <ListState kind="error" title={S.loadError} message={errorMessage(list.error)} retryLabel={S.retry} onRetry={() => void list.refetch()} />;
  const { items } = list.data;
  if (items.length === 0) return <ListState kind="empty" text={S.empty} />;
  return (
    <>
      <ul className="episode-tracks__list" aria-label={S.listLabel}>
        {items.map((track) => (
          <TrackItem key={track.id} animeId={animeId} number={number} track={track} onRemoved={onRemoved} />
        ))}
      </ul>
      {items.some((track) => track.origin === 'added') ? null : <p className="muted episode-tracks__note">{S.noAdded}</p>}
    </>
  );
}

type Uploading = Extract<TrackUploadState, { phase: 'uploading' }>;

function UploadProgress({ upload, onCancel, cancelRef }: { upload: Uploading; onCancel(): void; cancelRef: Ref<HTMLButtonElement> }) {
  const percent = percentOf(upload.sent, upload.total);
  return (
    <div className="episode-tracks__progress">
      <p className="episode-tracks__file">{A.fileOf(upload.fileName)}</p>
      <ProgressBar label={A.progressLabel} percent={percent} text={A.progress(percent, formatMegabytes(upload.sent), formatMegabytes(upload.total))} />
      <div>
        <Button ref={cancelRef} size="small" variant="ghost" onClick={onCancel} aria-label={A.cancelLabel}>
          {A.cancel}
        </Button>
      </div>
    </div>
  );
}

const EMPTY_DRAFT: TrackDraft = { kind: 'audio', team: '', language: 'ru', file: null };

/**
 * «Добавить дорожку»: the kind, the team (suggested from the teams of that kind as it is typed; a new name
 * creates the team), the language and the file, checked here first (a file, a team, subtitles within
 * SUBTITLE_FILE_MAX_MB), then sent with a progress bar. The server's refusal shows under its field, or
 * under the form.
 */
function TrackAddForm({
  animeId,
  number,
  onAdded,
  onUploadingChange,
}: ScopeProps & { onAdded(track: EpisodeTrack): void; onUploadingChange(uploading: boolean): void }) {
  const titleId = useId();
  const kindName = useId();
  const languageId = useId();
  const fileId = useId();
  const teamsId = useId();
  const [draft, setDraft] = useState<TrackDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<TrackDraftErrors>({});
  // A new key empties the file input (after an upload, or when the kind changes its accepted types).
  const [fileKey, setFileKey] = useState(0);
  const submitRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const upload = useEpisodeTrackUpload(animeId, number, (track) => {
    setDraft((before) => ({ ...before, team: '', file: null }));
    setFileKey((key) => key + 1);
    onAdded(track);
  });
  const { state } = upload;
  const uploading = state.phase === 'uploading';

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  // The focus follows the form: to «Отменить» while sending (the fields are off), back to the submit button after.
  const wasUploading = useRef(false);
  useEffect(() => {
    if (uploading) cancelRef.current?.focus();
    else if (wasUploading.current) submitRef.current?.focus();
    wasUploading.current = uploading;
  }, [uploading]);

  const prefix = useDebouncedValue(draft.team.trim(), TEAM_SUGGEST_DEBOUNCE_MS);
  const teams = useQuery(releaseTeamsQuery(teamKindOf(draft.kind), prefix));
  const suggestions = teams.data?.items ?? [];

  const server = formFieldErrors(state.phase === 'failed' ? state.error : null, SERVER_FIELDS);
  const teamError = errors.team ?? server.fields.team;
  const fileError = errors.file ?? server.fields.file;
  const otherError = server.form ?? server.fields.kind ?? server.fields.language ?? null;

  const change = (next: Partial<TrackDraft>) => {
    setDraft((before) => ({ ...before, ...next }));
    setErrors((before) => ({ ...before, ...('team' in next ? { team: undefined } : {}), ...('file' in next || 'kind' in next ? { file: undefined } : {}) }));
    upload.clearError();
  };

  const changeKind = (kind: EpisodeTrackKind) => {
    if (kind === draft.kind) return;
    change({ kind, file: null });
    setFileKey((key) => key + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const checked = checkTrackDraft(draft);
    setErrors(checked.errors);
    if (checked.fields) upload.start(checked.fields);
  };

  const fileHint = draft.kind === 'audio' ? A.fileHints.audio : A.fileHints.subtitles(SUBTITLE_FILE_MAX_MB);

  return (
    <section className="episode-tracks__add" aria-labelledby={titleId}>
      <h3 id={titleId}>{A.title}</h3>
      <form className="episode-tracks__form" onSubmit={submit} noValidate>
        <fieldset className="episode-tracks__kinds" disabled={uploading}>
          <legend className="field__label">{A.kindLabel}</legend>
          {TRACK_KINDS.map((kind) => (
            <label key={kind} className="episode-tracks__kind">
              <input type="radio" name={kindName} value={kind} checked={draft.kind === kind} onChange={() => changeKind(kind)} />
              {S.kinds[kind]}
            </label>
          ))}
        </fieldset>
        <TextField
          label={A.teamLabel}
          value={draft.team}
          list={teamsId}
          autoComplete="off"
          maxLength={200}
          disabled={uploading}
          message={teamError ?? A.teamHint}
          messageTone={teamError ? 'error' : 'info'}
          onChange={(event) => change({ team: event.target.value })}
        />
        <datalist id={teamsId}>
          {suggestions.map((team) => (
            <option key={team.id} value={team.name} />
          ))}
        </datalist>
        <div className="field">
          <label className="field__label" htmlFor={languageId}>
            {A.languageLabel}
          </label>
          <select
            id={languageId}
            className="field__input"
            value={draft.language}
            disabled={uploading}
            onChange={(event) => change({ language: event.target.value })}
          >
            {A.languages.map((language) => (
              <option key={language.code || 'none'} value={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field episode-tracks__file-field">
          <label className="field__label" htmlFor={fileId}>
            {A.fileLabel}
          </label>
          <input
            key={fileKey}
            id={fileId}
            className="episodes-upload__file-input"
            type="file"
            accept={A.accept[draft.kind]}
            disabled={uploading}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-message`}
            onChange={(event) => change({ file: event.target.files?.[0] ?? null })}
          />
          <FieldMessage id={`${fileId}-message`} message={fileError ?? fileHint} tone={fileError ? 'error' : 'info'} />
        </div>
        <div className="episode-tracks__submit">
          <Button ref={submitRef} type="submit" disabled={uploading}>
            {A.submit}
          </Button>
        </div>
      </form>
      {uploading ? <UploadProgress upload={state} onCancel={upload.cancel} cancelRef={cancelRef} /> : null}
      <FieldMessage message={otherError} />
    </section>
  );
}

/** The dialog's body, mounted per opening: its list is read (and polled) only while it is open. */
function EpisodeTracksPanel({ animeId, number, onUploadingChange }: ScopeProps & { onUploadingChange(uploading: boolean): void }) {
  const listTitleId = useId();
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const uploadingChanged = useCallback(
    (uploading: boolean) => {
      onUploadingChange(uploading);
      if (uploading) setNotice(null);
    },
    [onUploadingChange],
  );

  const removed = (track: EpisodeTrack) => {
    setNotice(S.removed(track.name));
    // Its row (and the focused button) is gone: the focus stays in the dialog, on the list.
    listTitleRef.current?.focus();
  };

  return (
    <div className="episode-tracks">
      <section className="episode-tracks__section" aria-labelledby={listTitleId}>
        <h3 id={listTitleId} ref={listTitleRef} tabIndex={-1}>
          {S.listTitle}
        </h3>
        <TrackList animeId={animeId} number={number} onRemoved={removed} />
        <FieldMessage message={notice} tone="success" />
      </section>
      <TrackAddForm animeId={animeId} number={number} onUploadingChange={uploadingChanged} onAdded={(track) => setNotice(A.done(track.name))} />
    </div>
  );
}

/**
 * «Дорожки» of a transcoded episode: its voice-overs and subtitles (the source's streams, and the files
 * added later with their processing state, read every 2 s while one is processing), «Удалить» on an added
 * one, and «Добавить дорожку». It cannot be closed while a file is being sent (cancel it first).
 */
export function EpisodeTracksDialog({ open, onOpenChange, animeId, number }: EpisodeTracksDialogProps) {
  const [uploading, setUploading] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !uploading && onOpenChange(next)} title={S.dialogTitle(number)} description={S.description} widthPx={640}>
      {open ? <EpisodeTracksPanel animeId={animeId} number={number} onUploadingChange={setUploading} /> : null}
    </Dialog>
  );
}
