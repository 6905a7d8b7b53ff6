import { EPISODE_TRACK_MESSAGES } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeUser } from '../../../test/fixtures';
import { processingVoice, subtitleFile } from '../testing/episodes-admin-fixtures';
import { TrackUploadAborted, episodeTrackFormData, episodeTrackUploadPath, startEpisodeTrackUpload } from './episode-track-upload';

/** A stand-in for XMLHttpRequest: records what was opened, set and sent, and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  private uploadListeners = new Map<string, Array<(event: unknown) => void>>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  fire(type: string, event: unknown = {}) {
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.uploadListeners.get('progress')?.forEach((listener) => listener({ loaded, total, lengthComputable }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.fire('load');
  }
}

const xhr = () => FakeXhr.last!;
const fields = () => ({ kind: 'subtitles' as const, team: 'Crunchyroll', language: 'ru', file: subtitleFile('naruto-03.ass', 4096) });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  tokenStorage.save('jwt-42', makeUser({ isUploader: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

describe('the track upload’s multipart body', () => {
  it('holds kind, team, language, then the file last', () => {
    const form = episodeTrackFormData(fields());
    expect([...form.keys()]).toEqual(['kind', 'team', 'language', 'file']);
    expect(form.get('kind')).toBe('subtitles');
    expect(form.get('team')).toBe('Crunchyroll');
    expect(form.get('language')).toBe('ru');
    const file = form.get('file') as File;
    expect(file.name).toBe('naruto-03.ass');
    expect(file.size).toBe(4096);
  });

  it('leaves the language out when it is «Не указан»', () => {
    const form = episodeTrackFormData({ ...fields(), kind: 'audio', language: null });
    expect([...form.keys()]).toEqual(['kind', 'team', 'file']);
  });

  it('goes to the episode’s tracks address', () => {
    expect(episodeTrackUploadPath(20, 3)).toBe('/api/admin/anime/20/episodes/3/tracks');
  });
});

describe('startEpisodeTrackUpload', () => {
  it('posts the form with the session’s token, reports the progress and answers the new track', async () => {
    const onProgress = vi.fn();
    const handle = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress });
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/api/admin/anime/20/episodes/3/tracks');
    expect(xhr().headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer jwt-42' });
    expect(xhr().withCredentials).toBe(true);
    expect([...(xhr().body as FormData).keys()]).toEqual(['kind', 'team', 'language', 'file']);

    xhr().progress(1024, 4300);
    expect(onProgress).toHaveBeenLastCalledWith(1024, 4300);
    // Without a known length, the file's size is the total.
    xhr().progress(2048, 0, false);
    expect(onProgress).toHaveBeenLastCalledWith(2048, 4096);

    const track = processingVoice({ kind: 'subtitles', name: 'Crunchyroll' });
    xhr().answer(201, { success: true, data: track });
    await expect(handle.done).resolves.toEqual(track);
  });

  it('rejects with the server’s Russian message and its code', async () => {
    const handle = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress: vi.fn() });
    xhr().answer(415, { success: false, code: 'VALIDATION_FAILED', message: EPISODE_TRACK_MESSAGES.notSubtitles });
    const error = await handle.done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Это не субтитры: загрузите SRT, ASS или VTT', status: 415 });
  });

  it('keeps the field errors of a refusal, and reads a body that is no envelope as the generic message', async () => {
    const first = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress: vi.fn() });
    xhr().answer(400, {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Ошибка валидации',
      errors: [{ field: 'team', message: EPISODE_TRACK_MESSAGES.team }],
    });
    const refused = (await first.done.catch((caught: unknown) => caught)) as ApiError;
    expect(refused.fieldMessage('team')).toBe(EPISODE_TRACK_MESSAGES.team);

    const second = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress: vi.fn() });
    xhr().answer(413, '<html>Request Entity Too Large</html>');
    await expect(second.done).rejects.toMatchObject({ message: 'Сервер вернул неверный формат ответа', status: 413 });
  });

  it('rejects a dropped connection with the transport message, and an abort with TrackUploadAborted', async () => {
    const dropped = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress: vi.fn() });
    xhr().fire('error');
    await expect(dropped.done).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: 'Не удалось подключиться к серверу. Проверьте, запущен ли сервер.' });

    const aborted = startEpisodeTrackUpload({ animeId: 20, number: 3, ...fields(), onProgress: vi.fn() });
    aborted.abort();
    expect(xhr().aborted).toBe(true);
    await expect(aborted.done).rejects.toBeInstanceOf(TrackUploadAborted);
  });
});
