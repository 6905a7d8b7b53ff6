import { ApiError } from './api-error';
import { apiUrl, readEnvelope } from './http-client';
import { handleUnauthorizedResponse } from './session-expiry';
import { API_STRINGS } from './strings';
import { tokenStorage } from './token-storage';

/** Sends one file as multipart/form-data (field `file`, plus any text `fields`) and unwraps the envelope, like apiRequest. */
export async function uploadFile<T>(endpoint: string, file: Blob, name: string, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  Object.entries(fields).forEach(([key, value]) => form.append(key, value));
  form.append('file', file, name);
  const token = tokenStorage.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(endpoint), { method: 'POST', headers, body: form, credentials: 'include' });
  } catch {
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorizedResponse(endpoint);
  return (await readEnvelope<T>(response)).data;
}
