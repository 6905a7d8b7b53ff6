import type { ProgressPoint, ProgressSave } from '@portal/contracts';
import { apiRequest, apiUrl } from '../../../shared/api/http-client';
import { TITLE_PATHS } from '../../../shared/api/title-api';
import { tokenStorage } from '../../../shared/api/token-storage';

/** The player's own address; the title's addresses and reads (the progress read too) are shared (shared/api/title-api). */
const PROGRESS_PATH = TITLE_PATHS.progress;

// Plain calls --------------------------------------------------------------------------------

export function saveProgress(body: ProgressSave): Promise<ProgressPoint> {
  return apiRequest<ProgressPoint>(PROGRESS_PATH, { method: 'POST', body });
}

/**
 * The save sent while the page goes away: `keepalive` lets it outlive the page, and unlike
 * sendBeacon it can carry the bearer token. Nobody waits for its answer.
 */
export function saveProgressOnLeave(body: ProgressSave, sessionToken: string | null = null): void {
  const token = sessionToken ?? tokenStorage.getToken();
  if (!token) return;
  try {
    void fetch(apiUrl(PROGRESS_PATH), {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser refusing keepalive (body quota) must not break unloading.
  }
}
