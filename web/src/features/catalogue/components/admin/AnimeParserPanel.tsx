import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { Button } from '../../../../shared/ui/Button';
import { TextField } from '../../../../shared/ui/TextField';
import { ADMIN_STRINGS } from '../../admin-strings';
import { parseTitle, type ParserRequest } from '../../api/anime-admin-api';
import { syncKeys } from '../../api/metadata-sync-api';
import { AdminCard } from './AdminCard';
import '../../catalogue-people.css';
import '../../anime-admin.css';

const S = ADMIN_STRINGS.parser;
const MAX_SHIKIMORI_ID = 2_147_483_647;

type ParserField = keyof ParserRequest;
type ParserDraft = Record<ParserField, string>;
type ParserErrors = Partial<Record<ParserField, string>>;

const FIELDS: readonly ParserField[] = ['shikimoriId', 'kodikId'];
const EMPTY_DRAFT: ParserDraft = { shikimoriId: '', kodikId: '' };

/**
 * The server's rules (parserParseSchema): the Shikimori id is 1–10 digits up to 2^31 − 1; the Kodik id,
 * trimmed, is 1–100 Latin letters, digits, - and _. An empty Kodik field sends nothing (the stored id
 * stays); blanks alone are refused, as the server refuses them.
 */
function parserRequestOf(draft: ParserDraft): { body: ParserRequest; errors: ParserErrors } {
  const errors: ParserErrors = {};
  const shikimoriText = draft.shikimoriId.trim();
  const shikimoriId = Number(shikimoriText);
  if (shikimoriText === '') errors.shikimoriId = S.shikimoriIdRequired;
  else if (!/^\d{1,10}$/.test(shikimoriText) || shikimoriId < 1 || shikimoriId > MAX_SHIKIMORI_ID) errors.shikimoriId = S.shikimoriIdInvalid;

  const body: ParserRequest = { shikimoriId };
  if (draft.kodikId !== '') {
    const kodikId = draft.kodikId.trim();
    if (/^[\w-]{1,100}$/.test(kodikId)) body.kodikId = kodikId;
    else errors.kodikId = S.kodikIdInvalid;
  }
  return { body, errors };
}

function fieldErrorsOf(error: Error): ParserErrors {
  const errors: ParserErrors = {};
  if (!isApiError(error)) return errors;
  for (const field of FIELDS) {
    const message = error.fieldMessage(field);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The admin page's «Парсер» card (POST /api/parser/parse): stores a title's Kodik id and queues its Shikimori sync. */
export function AnimeParserPanel() {
  const [draft, setDraft] = useState<ParserDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<ParserErrors>({});
  const queryClient = useQueryClient();
  const parse = useMutation({
    mutationFn: parseTitle,
    onSuccess: () => {
      setDraft(EMPTY_DRAFT);
      // The job shows up in the sync panel's queue: refresh it now rather than in 5 s.
      void queryClient.invalidateQueries({ queryKey: syncKeys.progress() });
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const pending = parse.isPending;
  // A 400 naming a field is shown under it; anything else (a 404 for an unknown Shikimori id) above the button.
  const formError = parse.error && Object.keys(fieldErrorsOf(parse.error)).length === 0 ? parse.error.message : null;

  const change = (field: ParserField) => (event: ChangeEvent<HTMLInputElement>) => {
    setDraft((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: invalid } = parserRequestOf(draft);
    setErrors(invalid);
    parse.reset();
    if (Object.keys(invalid).length === 0) parse.mutate(body);
  };

  return (
    <AdminCard title={S.title} description={S.description}>
      <form className="anime-admin__parser" onSubmit={submit} noValidate aria-busy={pending || undefined}>
        <div className="anime-admin__parser-fields">
          <TextField
            label={ADMIN_STRINGS.fields.idShiki}
            name="shikimoriId"
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft.shikimoriId}
            onChange={change('shikimoriId')}
            message={errors.shikimoriId}
          />
          <TextField label={S.kodikId} name="kodikId" autoComplete="off" value={draft.kodikId} onChange={change('kodikId')} message={errors.kodikId} />
        </div>
        <div>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {pending ? S.submitting : S.submit}
          </Button>
        </div>
        {formError ? (
          <p className="form__error" role="alert">
            {S.failed}: {formError}
          </p>
        ) : parse.data ? (
          <p className="anime-admin__status" role="status">
            {S.queued(parse.data.jobId)}
          </p>
        ) : null}
      </form>
    </AdminCard>
  );
}
