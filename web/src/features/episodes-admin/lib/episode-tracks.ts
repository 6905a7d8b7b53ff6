import { SUBTITLE_FILE_MAX_MB, type EpisodeTrack, type EpisodeTrackKind, type EpisodeTrackList, type ReleaseTeamKind } from '@portal/contracts';
import { EPISODES_ADMIN_STRINGS } from '../strings';

const S = EPISODES_ADMIN_STRINGS.tracks;
const MB = 1024 * 1024;
/** The contract's bound on a team's name (episodeTrackAddRequestSchema). */
export const TEAM_NAME_MAX = 100;

/** An added track a worker still has to process: the dialog polls while there is one. */
export const hasProcessingTracks = (list: EpisodeTrackList | undefined): boolean => Boolean(list?.items.some((track) => track.state === 'processing'));

/** The source's streams first, then the added tracks, each group oldest first (the server sends them so; kept after a local change). */
export function sourceFirst(tracks: readonly EpisodeTrack[]): EpisodeTrack[] {
  const rank = (track: EpisodeTrack) => (track.origin === 'source' ? 0 : 1);
  return [...tracks].sort((a, b) => rank(a) - rank(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The team list a track of this kind picks from: a voice-over's team voices, a subtitle's translates. */
export const teamKindOf = (kind: EpisodeTrackKind): ReleaseTeamKind => (kind === 'audio' ? 'voice' : 'subtitles');

/** «русский», «японский», the code itself when unknown, «язык не указан» without one. */
export function trackLanguageText(language: string | null): string {
  if (!language) return S.noLanguage;
  return EPISODES_ADMIN_STRINGS.trackLanguages[language.toLowerCase()] ?? language;
}

/** «обрабатывается», «готово», «ошибка: …». */
export function trackStateText(track: Pick<EpisodeTrack, 'state' | 'error'>): string {
  switch (track.state) {
    case 'processing':
      return S.states.processing;
    case 'ready':
      return S.states.ready;
    case 'failed':
      return S.states.failed(track.error);
  }
}

/** What the «Добавить дорожку» form holds. `language` is a BCP 47 code, or '' for «Не указан». */
export interface TrackDraft {
  kind: EpisodeTrackKind;
  team: string;
  language: string;
  file: File | null;
}

export interface TrackDraftErrors {
  team?: string;
  file?: string;
}

/** What is sent: the trimmed team, the language or null, the file. */
export interface TrackUploadFields {
  kind: EpisodeTrackKind;
  team: string;
  language: string | null;
  file: File;
}

/**
 * The form's checks before anything is sent (the server checks again and probes the file): a file chosen,
 * a team named (at most 100 characters), subtitles no larger than SUBTITLE_FILE_MAX_MB. An audio file's
 * bound is the server's (its answer is shown).
 */
export function checkTrackDraft(draft: TrackDraft): { errors: TrackDraftErrors; fields: TrackUploadFields | null } {
  const team = draft.team.trim();
  const errors: TrackDraftErrors = {};
  if (!team) errors.team = S.add.teamMissing;
  else if (team.length > TEAM_NAME_MAX) errors.team = S.add.teamTooLong;
  if (!draft.file) errors.file = S.add.fileMissing;
  else if (draft.kind === 'subtitles' && draft.file.size > SUBTITLE_FILE_MAX_MB * MB) errors.file = S.add.fileTooLarge(SUBTITLE_FILE_MAX_MB);
  if (errors.team || errors.file || !draft.file) return { errors, fields: null };
  return { errors, fields: { kind: draft.kind, team, language: draft.language || null, file: draft.file } };
}
