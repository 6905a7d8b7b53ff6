import type { EpisodeManagement, EpisodeSourceView, ManagedEpisode } from '@portal/contracts';
import type { EpisodeUploadHandle, EpisodeUploadRequest, StartEpisodeUpload } from '../api/episode-upload';

/** The title the fixtures manage (catalogue id 20). */
export const ANIME_ID = 20;
export const ANIME_TITLE = 'Наруто';
export const EPISODES_ROUTE = `/admin/anime/${ANIME_ID}/episodes`;
export const MANAGE = `GET /api/admin/anime/${ANIME_ID}/episodes`;
export const cancelRoute = (id: string) => `POST /api/admin/episode-sources/${id}/cancel`;
export const retryRoute = (id: string) => `POST /api/admin/episode-sources/${id}/retry`;
export const publishRoute = (number: number) => `PUT /api/admin/anime/${ANIME_ID}/episodes/${number}/published`;
export const markersRoute = (number: number) => `PUT /api/admin/anime/${ANIME_ID}/episodes/${number}/markers`;

/** A UUID-shaped source id for fixture number `n`. */
export const sourceId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const MB = 1024 * 1024;

/** An upload of episode 3 in 1080p with a Russian and a Japanese track, queued; fields override. */
export function makeSource(fields: Partial<EpisodeSourceView> = {}): EpisodeSourceView {
  const number = fields.number ?? 3;
  return {
    id: sourceId(number),
    animeId: ANIME_ID,
    number,
    fileName: `naruto-${String(number).padStart(2, '0')}.mkv`,
    sizeBytes: 700 * MB,
    durationSeconds: 1420,
    width: 1920,
    height: 1080,
    audioTracks: [
      { index: 0, language: 'rus', title: 'AniLibria', codec: 'aac' },
      { index: 1, language: 'jpn', title: null, codec: 'aac' },
    ],
    state: 'queued',
    progress: 0,
    etaSeconds: null,
    error: null,
    qualities: [],
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...fields,
  };
}

export const queuedSource = (fields: Partial<EpisodeSourceView> = {}) => makeSource(fields);
export const transcodingSource = (fields: Partial<EpisodeSourceView> = {}) => makeSource({ state: 'transcoding', progress: 42.6, etaSeconds: 65, ...fields });
export const readySource = (fields: Partial<EpisodeSourceView> = {}) =>
  makeSource({ state: 'ready', progress: 100, qualities: [360, 720, 1080], updatedAt: '2026-11-26T10:20:00.000Z', ...fields });
export const FFMPEG_ERROR = 'Invalid data found when processing input';
export const failedSource = (fields: Partial<EpisodeSourceView> = {}) => makeSource({ state: 'failed', progress: 12, error: FFMPEG_ERROR, ...fields });
export const cancelledSource = (fields: Partial<EpisodeSourceView> = {}) => makeSource({ state: 'cancelled', progress: 30, ...fields });

/** An episode of the title: a published demo sample unless told otherwise. */
export function makeEpisode(fields: Partial<ManagedEpisode> = {}): ManagedEpisode {
  const number = fields.number ?? 1;
  return {
    number,
    title: `Серия ${number}`,
    durationSeconds: 1420,
    qualities: [360, 720, 1080],
    origin: 'samples',
    published: true,
    opening: null,
    ending: null,
    markersOrigin: null,
    hlsUrl: `/media/hls/${ANIME_ID}/${number}/master.m3u8`,
    ...fields,
  };
}

/** Two demo episodes and an uploaded, published episode 3. */
export const sampleEpisodes = (): ManagedEpisode[] => [
  makeEpisode({ number: 1, title: 'Возвращение Узумаки Наруто' }),
  makeEpisode({ number: 2, title: 'Меня зовут Конохамару!' }),
  makeEpisode({ number: 3, title: null, origin: 'upload', published: true }),
];

/** An uploaded episode 3 whose opening (0:05–1:35) and ending (22:10–23:40) were found by ear; fields override. */
export const detectedEpisode = (fields: Partial<ManagedEpisode> = {}): ManagedEpisode =>
  makeEpisode({
    number: 3,
    title: null,
    origin: 'upload',
    opening: { start: 5, end: 95 },
    ending: { start: 1330, end: 1420 },
    markersOrigin: 'detected',
    ...fields,
  });

/** An uploaded episode 4 corrected by hand: an opening 1:30–3:00 and no ending; fields override. */
export const manualEpisode = (fields: Partial<ManagedEpisode> = {}): ManagedEpisode =>
  makeEpisode({ number: 4, title: null, origin: 'upload', opening: { start: 90, end: 180 }, ending: null, markersOrigin: 'manual', ...fields });

/** An uploaded episode 5 with no opening or ending found yet; fields override. */
export const unmarkedEpisode = (fields: Partial<ManagedEpisode> = {}): ManagedEpisode => makeEpisode({ number: 5, title: null, origin: 'upload', ...fields });

/** The screen's answer (GET /admin/anime/20/episodes); fields override. */
export function makeManagement(fields: Partial<EpisodeManagement> = {}): EpisodeManagement {
  return { animeId: ANIME_ID, title: ANIME_TITLE, episodeCount: 220, episodes: [], sources: [], ...fields };
}

/** An upload the fake started: its request (to drive its callbacks) and what the screen asked of it. */
export interface FakeUpload {
  request: EpisodeUploadRequest;
  paused: boolean;
  cancelled: boolean;
  pauses: number;
  resumes: number;
}

/**
 * A stand-in for tus: `start` records each upload and runs `script` on it (report progress, fail,
 * succeed); `uploads` are the ones started, for assertions.
 */
export function fakeEpisodeUploads(script: (upload: FakeUpload) => void = () => undefined): { start: StartEpisodeUpload; uploads: FakeUpload[] } {
  const uploads: FakeUpload[] = [];
  const start: StartEpisodeUpload = (request) => {
    const upload: FakeUpload = { request, paused: false, cancelled: false, pauses: 0, resumes: 0 };
    uploads.push(upload);
    script(upload);
    const handle: EpisodeUploadHandle = {
      pause: () => {
        upload.paused = true;
        upload.pauses += 1;
      },
      resume: () => {
        upload.paused = false;
        upload.resumes += 1;
      },
      cancel: async () => {
        upload.cancelled = true;
      },
    };
    return handle;
  };
  return { start, uploads };
}

/** A video file of `megabytes` (its bytes are never read by the fake upload). */
export const videoFile = (name = 'naruto-04.mkv', type = 'video/x-matroska', megabytes = 1): File => new File([new Uint8Array(megabytes * MB)], name, { type });

export const MEGABYTE = MB;
