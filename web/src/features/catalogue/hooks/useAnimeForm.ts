import { useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { fieldErrorsOf, type AnimeEditDraft, type AnimeEditErrors } from '../lib/anime-edit-form';

/**
 * The state of a title's form (edit or create): the draft, the local check's errors over the server's
 * field errors, and the server's message when no field took it.
 */
export function useAnimeForm(initial: AnimeEditDraft | (() => AnimeEditDraft), serverError: ApiError | null) {
  const [draft, setDraft] = useState<AnimeEditDraft>(initial);
  const [clientErrors, setClientErrors] = useState<AnimeEditErrors>({});

  const server = serverError ? fieldErrorsOf(serverError) : { fields: {}, other: [] };
  const errors: AnimeEditErrors = { ...server.fields, ...clientErrors };
  const serverMessage = serverError ? (server.other.length ? server.other.join(' ') : Object.keys(server.fields).length ? null : serverError.message) : null;

  const set = <K extends keyof AnimeEditDraft>(field: K, value: AnimeEditDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setClientErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  return { draft, set, errors, setClientErrors, serverMessage };
}
