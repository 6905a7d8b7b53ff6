import { EPISODE_TRACK_UPLOAD_PATH, type EpisodeTrack } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-error';
import { readEnvelope } from '../../../shared/api/http-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { API_STRINGS } from '../../../shared/api/strings';
import { tokenStorage } from '../../../shared/api/token-storage';
import type { TrackUploadFields } from '../lib/episode-tracks';

/** What starts a track's upload: the episode, the form's fields and the file, and where the bytes are. */
export interface EpisodeTrackUploadRequest extends TrackUploadFields {
  animeId: number;
  number: number;
  /** Bytes sent of `bytesTotal`. */
  onProgress(bytesSent: number, bytesTotal: number): void;
}

/** A running upload: `done` resolves with the new track (processing) or rejects with an ApiError; `abort` stops it. */
export interface EpisodeTrackUploadHandle {
  done: Promise<EpisodeTrack>;
  abort(): void;
}

export type StartEpisodeTrackUpload = (request: EpisodeTrackUploadRequest) => EpisodeTrackUploadHandle;

/** `abort()` rejects `done` with this: the form goes back to idle without an error. */
export class TrackUploadAborted extends Error {
  override readonly name = 'TrackUploadAborted';
}

/** EPISODE_TRACK_UPLOAD_PATH for this episode. */
export const episodeTrackUploadPath = (animeId: number, number: number): string =>
  EPISODE_TRACK_UPLOAD_PATH.replace(':animeId', encodeURIComponent(String(animeId))).replace(':number', encodeURIComponent(String(number)));

/**
 * The multipart body, fields in the contract's order: `kind`, `team`, `language` (left out for «Не указан»),
 * then `file` last, so the gateway knows what the file is before its bytes arrive and can refuse early.
 */
export function episodeTrackFormData({ kind, team, language, file }: Pick<TrackUploadFields, 'kind' | 'team' | 'language' | 'file'>): FormData {
  const form = new FormData();
  form.append('kind', kind);
  form.append('team', team);
  if (language) form.append('language', language);
  form.append('file', file, file.name);
  return form;
}

/** Statuses a Response may not carry a body with. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The XHR's answer read like fetch's: the envelope's data, or an ApiError with the server's Russian message. */
async function readAnswer<T>(xhr: XMLHttpRequest): Promise<T> {
  const retryAfter = xhr.getResponseHeader('Retry-After');
  const response = new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
    status: xhr.status,
    headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
  });
  return (await readEnvelope<T>(response)).data;
}

/**
 * Sends a track's file as multipart/form-data with XMLHttpRequest (fetch reports no upload progress) to
 * EPISODE_TRACK_UPLOAD_PATH, with the session's token, and reads the envelope as every call does.
 */
export const startEpisodeTrackUpload: StartEpisodeTrackUpload = ({ animeId, number, onProgress, ...fields }) => {
  const path = episodeTrackUploadPath(animeId, number);
  const xhr = new XMLHttpRequest();
  const done = new Promise<EpisodeTrack>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStorage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : fields.file.size));
    xhr.addEventListener('load', () => {
      if (xhr.status === 401) handleUnauthorizedResponse(path);
      readAnswer<EpisodeTrack>(xhr).then(resolve, reject);
    });
    xhr.addEventListener('error', () => reject(new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR')));
    xhr.addEventListener('timeout', () => reject(new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR')));
    xhr.addEventListener('abort', () => reject(new TrackUploadAborted('aborted')));
    xhr.send(episodeTrackFormData(fields));
  });
  return { done, abort: () => xhr.abort() };
};
