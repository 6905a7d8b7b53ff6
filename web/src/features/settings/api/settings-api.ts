import type { ListFileFormat, ListImportReport, ProfileUpdate, SelfUser } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-error';
import { apiRequest, apiUrl, readEnvelope } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { API_STRINGS } from '../../../shared/api/strings';
import { tokenStorage } from '../../../shared/api/token-storage';
import type { MediaKind } from '../lib/upload-validation';

/** Every address the settings page calls, in one place (a path change is a one-line fix). */
export const SETTINGS_PATHS = {
  profile: '/auth/profile',
  media: (kind: MediaKind) => `/users/me/${kind}`,
  listImport: '/users/anime/import',
  listExport: '/users/anime/export',
} as const;

const authHeaders = (): Record<string, string> => {
  const token = tokenStorage.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** A fetch with the bearer token whose transport failure reads as the portal's "no connection" error. */
async function send(endpoint: string, init: RequestInit, query?: Record<string, string>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(apiUrl(endpoint, query), {
      credentials: 'include',
      ...init,
      headers: { Accept: 'application/json', ...authHeaders(), ...init.headers },
    });
  } catch {
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorizedResponse(endpoint);
  return response;
}

/** Opts in or out of notices in Telegram (only for an account with a verified Telegram). */
export function setTelegramNotices(enabled: boolean): Promise<SelfUser> {
  return operationsOf('telegram').notices({ enabled });
}

export function updateProfile(changes: ProfileUpdate): Promise<SelfUser> {
  return apiRequest<SelfUser>(SETTINGS_PATHS.profile, { method: 'PUT', body: changes });
}

/** Uploads an avatar or banner (multipart `file`); the answer is the updated user. */
export async function uploadProfileMedia(kind: MediaKind, file: File): Promise<SelfUser> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await readEnvelope<SelfUser>(await send(SETTINGS_PATHS.media(kind), { method: 'POST', body: form }))).data;
}

/** Removes the avatar or banner (the default shows instead; the gateway deletes the user's own file); the answer is the updated user. */
export function removeProfileMedia(kind: MediaKind): Promise<SelfUser> {
  return apiRequest<SelfUser>(SETTINGS_PATHS.media(kind), { method: 'DELETE' });
}

export async function importList(file: File, format: ListFileFormat): Promise<ListImportReport> {
  const form = new FormData();
  form.append('format', format);
  form.append('file', file, file.name);
  return (await readEnvelope<ListImportReport>(await send(SETTINGS_PATHS.listImport, { method: 'POST', body: form }, { format }))).data;
}

const FALLBACK_NAMES: Record<ListFileFormat, string> = { mal: 'animelist.xml', shikimori: 'animelist.json' };

/** `attachment; filename="x.xml"` → x.xml (also the RFC 5987 `filename*=UTF-8''…` form). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = disposition.match(/filename\*=(?:UTF-8'')?([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  return disposition.match(/filename="?([^";]+)"?/i)?.[1]?.trim() || fallback;
}

/** Hands a file to the browser's downloads (an object URL on a temporary link); a no-op where there are no object URLs. */
function saveFile(blob: Blob, filename: string) {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads the list export. It needs the bearer token, so it is fetched rather than linked; a
 * failure answers in the envelope and becomes an ApiError.
 */
export async function downloadListExport(format: ListFileFormat): Promise<{ filename: string }> {
  const response = await send(SETTINGS_PATHS.listExport, { method: 'GET' }, { format });
  if (!response.ok) await readEnvelope(response);
  const filename = filenameOf(response.headers.get('Content-Disposition'), FALLBACK_NAMES[format]);
  saveFile(await response.blob(), filename);
  return { filename };
}
