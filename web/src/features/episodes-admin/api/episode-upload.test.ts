import { EPISODE_UPLOAD_MESSAGES } from '@portal/contracts';
import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeUser } from '../../../test/fixtures';
import { EPISODE_UPLOAD_RETRY_DELAYS, serverMessageOf, shouldRetryUpload, startEpisodeUpload, uploadErrorMessage } from './episode-upload';

/** What the fake tus `Upload` was given and asked. */
const tus = vi.hoisted(() => ({
  instances: [] as Array<{
    file: unknown;
    options: Record<string, unknown>;
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
  }>,
  previous: [] as unknown[],
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => tus.previous);
    constructor(
      public file: unknown,
      public options: Record<string, unknown>,
    ) {
      tus.instances.push(this);
    }
  },
}));

const previous = (metadata: Record<string, string>): PreviousUpload => ({
  size: 10,
  metadata,
  creationTime: '2026-11-26T10:00:00.000Z',
  urlStorageKey: 'tus::fingerprint::1',
  uploadUrl: 'http://portal.test/api/episode-uploads/abc',
  parallelUploadUrls: null,
});

/** A tus error with the server's answer. */
const httpError = (status: number, body: string) =>
  Object.assign(new Error('tus: unexpected response'), {
    originalRequest: {},
    originalResponse: { getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null },
  }) as unknown as DetailedError;

const envelope = (message: string) => JSON.stringify({ success: false, message, code: 'VALIDATION_FAILED' });

const callbacks = () => ({ onProgress: vi.fn(), onSuccess: vi.fn(), onError: vi.fn() });
const file = () => new File(['0123456789'], 'naruto-04.mkv', { type: 'video/x-matroska' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const lastUpload = () => tus.instances[tus.instances.length - 1]!;
const optionsOf = () => lastUpload().options as UploadOptions;

beforeEach(() => {
  tus.instances.length = 0;
  tus.previous = [];
  tokenStorage.save('jwt-42', makeUser({ isUploader: true }));
});
afterEach(() => tokenStorage.clear());

describe('startEpisodeUpload', () => {
  it('sends the file by tus with the metadata, the session token and the retry delays', async () => {
    const events = callbacks();
    startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...events });
    await flush();
    const options = optionsOf();
    expect(options.endpoint).toBe(`${window.location.origin}/api/episode-uploads`);
    expect(options.metadata).toEqual({ animeId: '20', number: '4', filename: 'naruto-04.mkv' });
    expect(options.headers).toEqual({ Authorization: 'Bearer jwt-42' });
    expect(options.retryDelays).toEqual([0, 1000, 3000, 5000, 10000]);
    expect(EPISODE_UPLOAD_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000, 10000]);
    expect(lastUpload().resumeFromPreviousUpload).not.toHaveBeenCalled();
    expect(lastUpload().start).toHaveBeenCalledTimes(1);

    options.onProgress?.(5, 10);
    expect(events.onProgress).toHaveBeenCalledWith(5, 10);
    options.onSuccess?.({ lastResponse: httpError(204, '').originalResponse! });
    expect(events.onSuccess).toHaveBeenCalledTimes(1);
  });

  it('continues a stored unfinished upload of the same episode, not one of another episode', async () => {
    const same = previous({ animeId: '20', number: '4', filename: 'naruto-04.mkv' });
    tus.previous = [previous({ animeId: '20', number: '5', filename: 'naruto-04.mkv' }), same];
    startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...callbacks() });
    await flush();
    expect(lastUpload().resumeFromPreviousUpload).toHaveBeenCalledWith(same);
    expect(lastUpload().start).toHaveBeenCalledTimes(1);

    tus.previous = [previous({ animeId: '20', number: '5', filename: 'naruto-04.mkv' })];
    startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...callbacks() });
    await flush();
    expect(lastUpload().resumeFromPreviousUpload).not.toHaveBeenCalled();
  });

  it('pauses with abort, resumes with start, cancels with abort and terminate', async () => {
    const handle = startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...callbacks() });
    await flush();
    handle.pause();
    expect(lastUpload().abort).toHaveBeenCalledWith();
    handle.resume();
    expect(lastUpload().start).toHaveBeenCalledTimes(2);
    await handle.cancel();
    expect(lastUpload().abort).toHaveBeenLastCalledWith(true);
  });

  it('does not start an upload paused or cancelled before it was ready', async () => {
    const paused = startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...callbacks() });
    paused.pause();
    await flush();
    expect(lastUpload().start).not.toHaveBeenCalled();
    paused.resume();
    expect(lastUpload().start).toHaveBeenCalledTimes(1);

    const cancelled = startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...callbacks() });
    await cancelled.cancel();
    await flush();
    expect(lastUpload().start).not.toHaveBeenCalled();
  });

  it('waits out a dropped connection and continues once the browser is online again, without an error', async () => {
    const events = callbacks();
    startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...events });
    await flush();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      optionsOf().onError?.(new Error('tus: failed to upload chunk') as unknown as DetailedError);
      expect(events.onError).not.toHaveBeenCalled();
      expect(lastUpload().start).toHaveBeenCalledTimes(1);
      online.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(lastUpload().start).toHaveBeenCalledTimes(2);
      // Once: a later «online» does not start it again.
      window.dispatchEvent(new Event('online'));
      expect(lastUpload().start).toHaveBeenCalledTimes(2);
    } finally {
      online.mockRestore();
    }
  });

  it('reports the server’s Russian message, or a generic one', async () => {
    const events = callbacks();
    startEpisodeUpload({ animeId: 20, number: 4, file: file(), ...events });
    await flush();
    optionsOf().onError?.(httpError(415, envelope(EPISODE_UPLOAD_MESSAGES.notVideo)));
    expect(events.onError).toHaveBeenLastCalledWith('Это не видеофайл: загрузите MP4, MKV или WebM');
    optionsOf().onError?.(httpError(502, '<html>Bad gateway</html>'));
    expect(events.onError).toHaveBeenLastCalledWith('Не удалось загрузить файл. Проверьте соединение и попробуйте ещё раз.');
    optionsOf().onError?.(new Error('tus: failed to upload chunk'));
    expect(events.onError).toHaveBeenLastCalledWith('Не удалось загрузить файл. Проверьте соединение и попробуйте ещё раз.');
  });
});

describe('the upload’s errors', () => {
  it('reads the message of the API’s envelope only', () => {
    expect(serverMessageOf(httpError(409, envelope('Серия 4 уже есть или загружается')))).toBe('Серия 4 уже есть или загружается');
    expect(serverMessageOf(httpError(409, JSON.stringify({ success: true, data: {} })))).toBeNull();
    expect(serverMessageOf(httpError(500, 'Internal'))).toBeNull();
    expect(serverMessageOf(new Error('offline'))).toBeNull();
    expect(uploadErrorMessage(httpError(413, envelope('Файл больше 8192 МБ')))).toBe('Файл больше 8192 МБ');
  });

  it('retries a network failure, a 5xx and tus’s own conflicts, never a refusal of the API', () => {
    expect(shouldRetryUpload(Object.assign(new Error('network'), { originalRequest: {}, originalResponse: null }) as unknown as DetailedError)).toBe(true);
    expect(shouldRetryUpload(httpError(503, 'Service Unavailable'))).toBe(true);
    expect(shouldRetryUpload(httpError(409, 'Upload-Offset conflict'))).toBe(true);
    expect(shouldRetryUpload(httpError(423, ''))).toBe(true);
    expect(shouldRetryUpload(httpError(409, envelope('Серия 4 уже есть или загружается')))).toBe(false);
    expect(shouldRetryUpload(httpError(415, envelope(EPISODE_UPLOAD_MESSAGES.notVideo)))).toBe(false);
    expect(shouldRetryUpload(httpError(403, envelope('Недостаточно прав')))).toBe(false);
  });
});
