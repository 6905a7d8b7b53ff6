import { EPISODE_UPLOADS_PATH, type EpisodeUploadMetadata } from '@portal/contracts';
import { Upload, type DetailedError, type PreviousUpload } from 'tus-js-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { tokenStorage } from '../../../shared/api/token-storage';
import { EPISODES_ADMIN_STRINGS as S } from '../strings';

/** What starts an upload: the title, the episode number, the file, and what to do as it goes. */
export interface EpisodeUploadRequest {
  animeId: number;
  number: number;
  file: File;
  /** Bytes the server has of `bytesTotal` (a resumed upload starts where it stopped). */
  onProgress(bytesSent: number, bytesTotal: number): void;
  /** The whole file is on the server, which probed it and queued its transcode. */
  onSuccess(): void;
  /** The upload stopped: the server's message (Russian), or a generic one. */
  onError(message: string): void;
}

/** A running upload: pause and resume it (it continues where it stopped), or cancel it (the server drops what it has). */
export interface EpisodeUploadHandle {
  pause(): void;
  resume(): void;
  cancel(): Promise<void>;
}

export type StartEpisodeUpload = (request: EpisodeUploadRequest) => EpisodeUploadHandle;

/** Waits between the attempts at a chunk the network or the server (5xx) failed. */
export const EPISODE_UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/** The server's refusal in the API's envelope (`{ success: false, message, code }`), when the body is one. */
export function serverMessageOf(error: unknown): string | null {
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  let body: string | undefined;
  try {
    body = response?.getBody();
  } catch {
    return null;
  }
  if (!body) return null;
  try {
    const payload: unknown = JSON.parse(body);
    if (typeof payload !== 'object' || payload === null) return null;
    const { success, message } = payload as { success?: unknown; message?: unknown };
    return success === false && typeof message === 'string' && message.trim() ? message : null;
  } catch {
    return null;
  }
}

/** What the form shows for a failed upload: the server's Russian message, else a generic one. */
export const uploadErrorMessage = (error: unknown): string => serverMessageOf(error) ?? S.upload.failed;

const statusOf = (error: DetailedError): number => error.originalResponse?.getStatus() ?? 0;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * tus's own rule (no retry on a 4xx but 409 and 423, none offline: the upload waits for the connection
 * instead, see startEpisodeUpload), except that a refusal of the API's
 * (an envelope: the number is taken, not a video) is final: asking again would be refused again.
 */
export function shouldRetryUpload(error: DetailedError): boolean {
  const status = statusOf(error);
  if (isOffline()) return false;
  if (status >= 400 && status < 500) return (status === 409 || status === 423) && serverMessageOf(error) === null;
  return true;
}

/** The upload endpoint as an absolute address: tus resolves the upload's own address (Location) against it. */
const endpointUrl = () => new URL(EPISODE_UPLOADS_PATH, window.location.origin).href;

/** Whether a stored unfinished upload of this file was for the same title and episode. */
const sameEpisode = (previous: PreviousUpload, metadata: EpisodeUploadMetadata) =>
  previous.metadata.animeId === metadata.animeId && previous.metadata.number === metadata.number;

/**
 * Uploads an episode's file with tus 1.0.0 to the gateway (EPISODE_UPLOADS_PATH). tus-js-client keeps
 * the address of an unfinished upload in local storage under the file's fingerprint: choosing the same
 * file again (after a reload, for the same episode) continues it where it stopped.
 */
export const startEpisodeUpload: StartEpisodeUpload = ({ animeId, number, file, onProgress, onSuccess, onError }) => {
  const metadata: EpisodeUploadMetadata = { animeId: String(animeId), number: String(number), filename: file.name };
  const token = tokenStorage.getToken();
  const upload = new Upload(file, {
    endpoint: endpointUrl(),
    metadata: { ...metadata },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    retryDelays: EPISODE_UPLOAD_RETRY_DELAYS,
    // A finished upload is the server's now: choosing the file again starts a new one.
    removeFingerprintOnSuccess: true,
    onShouldRetry: shouldRetryUpload,
    onProgress,
    onSuccess: () => onSuccess(),
    onError: (error) => {
      // The connection dropped (the browser knows it is offline): the upload continues from the
      // server's offset once it is back, as a train's Wi-Fi comes and goes.
      if (isOffline()) {
        window.addEventListener('online', () => running && !cancelled && upload.start(), { once: true });
        return;
      }
      if ('originalResponse' in error && error.originalResponse?.getStatus() === 401) handleUnauthorizedResponse(EPISODE_UPLOADS_PATH);
      onError(uploadErrorMessage(error));
    },
  });

  // Looking for a stored unfinished upload takes a moment: a pause or a cancel may come first.
  let ready = false;
  let running = true;
  let cancelled = false;
  const begin = async () => {
    const previous = await upload.findPreviousUploads().catch(() => [] as PreviousUpload[]);
    if (cancelled) return;
    const resumable = previous.find((candidate) => sameEpisode(candidate, metadata));
    if (resumable) upload.resumeFromPreviousUpload(resumable);
    ready = true;
    if (running) upload.start();
  };
  void begin();

  return {
    pause: () => {
      running = false;
      if (ready) void upload.abort();
    },
    resume: () => {
      running = true;
      if (ready) upload.start();
    },
    cancel: () => {
      cancelled = true;
      running = false;
      // Terminate: the server drops the part it has, and the stored address goes.
      return upload.abort(true).catch(() => undefined);
    },
  };
};
