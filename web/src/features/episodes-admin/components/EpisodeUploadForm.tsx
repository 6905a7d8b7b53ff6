import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { episodesAdminKeys } from '../api/episodes-admin-api';
import { useEpisodeUpload, type EpisodeUploadState } from '../hooks/useEpisodeUpload';
import { formatMegabytes, looksLikeVideo, parseEpisodeNumber, percentOf } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS } from '../strings';
import { ProgressBar } from './ProgressBar';

const S = EPISODES_ADMIN_STRINGS.upload;

type Running = Extract<EpisodeUploadState, { phase: 'uploading' | 'paused' }>;

/** The bar of a running upload, with «Пауза»/«Продолжить» and «Отменить». */
function UploadProgress({ upload, onPause, onResume, onCancel }: { upload: Running; onPause(): void; onResume(): void; onCancel(): void }) {
  const paused = upload.phase === 'paused';
  const progress = S.progress(percentOf(upload.sent, upload.total), formatMegabytes(upload.sent), formatMegabytes(upload.total));
  return (
    <div className="episodes-upload__progress">
      <p className="episodes-upload__file">{S.fileOf(upload.fileName, upload.number)}</p>
      <ProgressBar label={S.progressLabel} percent={percentOf(upload.sent, upload.total)} text={paused ? `${S.paused} · ${progress}` : progress} />
      <div className="episodes-upload__actions">
        {paused ? (
          <Button size="small" onClick={onResume}>
            {S.resume}
          </Button>
        ) : (
          <Button size="small" variant="secondary" onClick={onPause}>
            {S.pause}
          </Button>
        )}
        <Button size="small" variant="ghost" onClick={onCancel} aria-label={S.cancelLabel}>
          {S.cancel}
        </Button>
      </div>
    </div>
  );
}

/**
 * «Загрузить серию»: the episode number (the next free one unless changed), the file, and the upload's
 * progress; the server's refusal (in Russian) under the form. Once the file is whole the screen is read
 * again: the server has queued its transcode.
 */
export function EpisodeUploadForm({ animeId, defaultNumber }: { animeId: number; defaultNumber: number }) {
  const titleId = useId();
  const fileId = useId();
  const client = useQueryClient();
  // null: the next free number, which follows the screen as uploads arrive.
  const [numberText, setNumberText] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<{ number?: string; file?: string }>({});
  const upload = useEpisodeUpload(animeId, (number) => {
    notify.success(S.doneTitle(number), S.doneText);
    setNumberText(null);
    setFile(null);
    setFileInputKey((key) => key + 1);
    void client.invalidateQueries({ queryKey: episodesAdminKeys.manage(animeId) });
  });
  const { state } = upload;
  const running = state.phase === 'uploading' || state.phase === 'paused';
  const numberValue = numberText ?? String(defaultNumber);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = parseEpisodeNumber(numberValue);
    const found = {
      number: number === null ? S.badNumber : undefined,
      file: !file ? S.fileMissing : looksLikeVideo(file) ? undefined : S.notVideo,
    };
    setErrors(found);
    if (number === null || !file || found.file) return;
    upload.start(file, number);
  };

  return (
    <section className="card episodes-admin__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{S.title}</h2>
      <p className="muted">{S.hint}</p>
      <form className="episodes-upload" onSubmit={submit} noValidate>
        <TextField
          label={S.numberLabel}
          inputMode="numeric"
          autoComplete="off"
          value={numberValue}
          disabled={running}
          message={errors.number}
          onChange={(event) => {
            setNumberText(event.target.value);
            setErrors((before) => ({ ...before, number: undefined }));
          }}
        />
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {S.fileLabel}
          </label>
          <input
            key={fileInputKey}
            id={fileId}
            className="episodes-upload__file-input"
            type="file"
            accept={S.accept}
            disabled={running}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-message` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors((before) => ({ ...before, file: undefined }));
            }}
          />
          <FieldMessage id={`${fileId}-message`} message={errors.file} />
        </div>
        {running ? null : (
          <div className="episodes-upload__submit">
            <Button type="submit">{S.start}</Button>
          </div>
        )}
      </form>
      {running ? <UploadProgress upload={state} onPause={upload.pause} onResume={upload.resume} onCancel={upload.cancel} /> : null}
      {state.phase === 'failed' ? <FieldMessage message={state.message} /> : null}
    </section>
  );
}
