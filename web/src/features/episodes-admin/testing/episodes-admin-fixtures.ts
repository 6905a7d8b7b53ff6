import type { EpisodeManagement, EpisodeSourceView, EpisodeTrack, EpisodeTrackList, ManagedEpisode, ReleaseTeam, ReleaseTeamKind } from '@portal/contracts';
import { TrackUploadAborted, type EpisodeTrackUploadRequest, type StartEpisodeTrackUpload } from '../api/episode-track-upload';
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

// The «Дорожки» dialog ----------------------------------------------------------------------------

export const tracksRoute = (number: number) => `GET /api/admin/anime/${ANIME_ID}/episodes/${number}/tracks`;
export const TEAMS = 'GET /api/admin/release-teams';
export const removeTrackRoute = (id: string) => `DELETE /api/admin/episode-tracks/${id}`;

/** A UUID-shaped track id for fixture number `n`. */
export const trackId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A release team; `kind` voice unless told. */
export const makeTeam = (id: number, name: string, kind: ReleaseTeamKind = 'voice'): ReleaseTeam => ({ id, name, kind });
export const ANILIBRIA = makeTeam(1, 'AniLibria');
export const STUDIO_BAND = makeTeam(2, 'Studio Band');
export const ANIDUB = makeTeam(3, 'AniDub');
export const CRUNCHYROLL = makeTeam(4, 'Crunchyroll', 'subtitles');

/** A track of episode 3: the source's Russian voice-over by AniLibria unless told otherwise. */
export function makeTrack(fields: Partial<EpisodeTrack> = {}): EpisodeTrack {
  return {
    id: trackId(1),
    animeId: ANIME_ID,
    number: 3,
    kind: 'audio',
    name: 'AniLibria',
    team: ANILIBRIA,
    language: 'ru',
    origin: 'source',
    state: 'ready',
    error: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...fields,
  };
}

/** The source's two audio streams: AniLibria (ru) and an untitled Japanese one. */
export const sourceTracks = (): EpisodeTrack[] => [
  makeTrack(),
  makeTrack({ id: trackId(2), name: 'Японский', team: null, language: 'ja', createdAt: '2026-11-26T10:00:01.000Z' }),
];

export const TRACK_ERROR = 'В файле нет звуковой дорожки: загрузите MKA, M4A, MP3, FLAC или видео со звуком';

/** Added later: Crunchyroll's subtitles (ready), Studio Band's voice-over (processing), AniDub's (failed). */
export const readySubtitles = (fields: Partial<EpisodeTrack> = {}) =>
  makeTrack({ id: trackId(3), kind: 'subtitles', name: 'Crunchyroll', team: CRUNCHYROLL, origin: 'added', createdAt: '2026-11-27T09:00:00.000Z', ...fields });
export const processingVoice = (fields: Partial<EpisodeTrack> = {}) =>
  makeTrack({ id: trackId(4), name: 'Studio Band', team: STUDIO_BAND, origin: 'added', state: 'processing', createdAt: '2026-11-27T09:05:00.000Z', ...fields });
export const failedVoice = (fields: Partial<EpisodeTrack> = {}) =>
  makeTrack({
    id: trackId(5),
    name: 'AniDub',
    team: ANIDUB,
    origin: 'added',
    state: 'failed',
    error: TRACK_ERROR,
    createdAt: '2026-11-27T09:10:00.000Z',
    ...fields,
  });

export const trackList = (items: EpisodeTrack[]): EpisodeTrackList => ({ items });

/** An upload the fake started: its request, whether it was aborted, and how to end it. */
export interface FakeTrackUpload {
  request: EpisodeTrackUploadRequest;
  aborted: boolean;
  resolve(track: EpisodeTrack): void;
  reject(error: unknown): void;
}

/**
 * A stand-in for the XMLHttpRequest upload: `start` records each upload and runs `script` on it (report
 * progress, answer the new track, refuse); `uploads` are the ones started, for assertions.
 */
export function fakeTrackUploads(script: (upload: FakeTrackUpload) => void = () => undefined): { start: StartEpisodeTrackUpload; uploads: FakeTrackUpload[] } {
  const uploads: FakeTrackUpload[] = [];
  const start: StartEpisodeTrackUpload = (request) => {
    let settle: Pick<FakeTrackUpload, 'resolve' | 'reject'> = { resolve: () => undefined, reject: () => undefined };
    const done = new Promise<EpisodeTrack>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const upload: FakeTrackUpload = { request, aborted: false, ...settle };
    uploads.push(upload);
    script(upload);
    return {
      done,
      abort: () => {
        upload.aborted = true;
        upload.reject(new TrackUploadAborted('aborted'));
      },
    };
  };
  return { start, uploads };
}

/** A subtitle file of `bytes` (its bytes are never read by the fake upload). */
export const subtitleFile = (name = 'naruto-03.ass', bytes = 2048): File => new File([new Uint8Array(bytes)], name, { type: '' });
/** An audio file of `megabytes`. */
export const audioFile = (name = 'naruto-03-studio-band.mka', megabytes = 1): File =>
  new File([new Uint8Array(megabytes * MB)], name, { type: 'audio/x-matroska' });
