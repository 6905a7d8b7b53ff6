import type { ListFileFormat } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/Spinner';
import { invalidateListViews } from '../../../shared/api/title-api';
import { downloadListExport, importList } from '../api/settings-api';
import { reportSummary } from '../lib/import-report';
import { SETTINGS_STRINGS } from '../strings';
import { ImportReportView } from './ImportReportView';

const S = SETTINGS_STRINGS.lists;
const FORMATS: ListFileFormat[] = ['mal', 'shikimori'];

/** A file's likely format by its name, so the select usually needs no touch. */
const formatOfName = (name: string): ListFileFormat | null => (/\.xml(\.gz)?$/i.test(name) ? 'mal' : /\.json$/i.test(name) ? 'shikimori' : null);

const errorText = (failure: unknown, fallback: string) => (isApiError(failure) ? (failure.fieldMessage('file') ?? failure.message) : fallback);

/** Import a MyAnimeList or Shikimori export (with its report) and download the list in either format. */
export function ListTransfer() {
  const queryClient = useQueryClient();
  const fileId = useId();
  const formatId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ListFileFormat>('mal');
  const [fileError, setFileError] = useState<string | null>(null);

  const runImport = useMutation({
    mutationFn: ({ chosen, as }: { chosen: File; as: ListFileFormat }) => importList(chosen, as),
    onSuccess: (report) => {
      notify.success(S.reportTitle, reportSummary(report));
      void invalidateListViews(queryClient);
    },
  });
  const runExport = useMutation({
    mutationFn: (as: ListFileFormat) => downloadListExport(as),
    onSuccess: ({ filename }) => notify.success(SETTINGS_STRINGS.savedTitle, S.exported(filename)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(S.chooseFile);
      return;
    }
    runImport.mutate({ chosen: file, as: format });
  };

  return (
    <div className="list-transfer">
      <form className="settings-form" onSubmit={submit} aria-label={S.importTitle} noValidate>
        <h3 className="settings-section__subtitle">{S.importTitle}</h3>
        <p className="settings-section__hint">{S.importHint}</p>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {S.file}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".xml,.gz,.json,application/xml,text/xml,application/json,application/gzip"
            disabled={runImport.isPending}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(null);
              runImport.reset();
              const guessed = chosen ? formatOfName(chosen.name) : null;
              if (guessed) setFormat(guessed);
            }}
          />
          {fileError ? (
            <p className="field__message field__message--error" role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={formatId}>
            {S.format}
          </label>
          <select
            id={formatId}
            className="settings-select"
            value={format}
            disabled={runImport.isPending}
            onChange={(event) => setFormat(event.target.value as ListFileFormat)}
          >
            {FORMATS.map((value) => (
              <option key={value} value={value}>
                {S.formats[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="settings-form__actions">
          <Button type="submit" disabled={runImport.isPending}>
            {runImport.isPending ? S.importing : S.import}
          </Button>
        </div>
        {runImport.isPending ? <Spinner label={S.importing} /> : null}
        {runImport.isError ? (
          <div className="settings-error" role="alert">
            <strong>{S.importFailed}</strong>
            <span>{errorText(runImport.error, S.importFailed)}</span>
          </div>
        ) : null}
        {runImport.isSuccess ? <ImportReportView report={runImport.data} /> : null}
      </form>

      <div className="settings-form">
        <h3 className="settings-section__subtitle">{S.exportTitle}</h3>
        <p className="settings-section__hint">{S.exportHint}</p>
        <div className="settings-form__actions">
          <Button variant="secondary" disabled={runExport.isPending} onClick={() => runExport.mutate('mal')}>
            {runExport.isPending && runExport.variables === 'mal' ? S.exporting : S.exportMal}
          </Button>
          <Button variant="secondary" disabled={runExport.isPending} onClick={() => runExport.mutate('shikimori')}>
            {runExport.isPending && runExport.variables === 'shikimori' ? S.exporting : S.exportShikimori}
          </Button>
        </div>
        {runExport.isError ? (
          <div className="settings-error" role="alert">
            <strong>{S.exportFailed}</strong>
            <span>{errorText(runExport.error, S.exportFailed)}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
