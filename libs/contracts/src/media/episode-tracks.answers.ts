import { z } from 'zod';

// Release teams and the tracks of uploaded episodes (catalogue/episode-tracks.operations.ts).

/** A release team voices a title or translates its subtitles; the same name may be both (two teams). */
export const RELEASE_TEAM_KINDS = ['voice', 'subtitles'] as const;
/** What a track of an episode holds: a voice-over (an HLS audio rendition) or subtitles (a WebVTT rendition). */
export const EPISODE_TRACK_KINDS = ['audio', 'subtitles'] as const;
/** An added track is processed (audio encoded, subtitles converted) before it plays; a source's streams are ready with the video. */
export const EPISODE_TRACK_STATES = ['processing', 'ready', 'failed'] as const;
/** `source`: an audio stream of the uploaded video; `added`: a file added to the episode later, without re-encoding the video. */
export const EPISODE_TRACK_ORIGINS = ['source', 'added'] as const;

export const releaseTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(RELEASE_TEAM_KINDS),
});

export const releaseTeamListSchema = z.object({ items: z.array(releaseTeamSchema) });

/** The teams of a title's published episodes, for the title page («Озвучка: AniLibria, Studio Band · Субтитры: …»). */
export const titleTeamsSchema = z.object({
  animeId: z.number().int(),
  voice: z.array(releaseTeamSchema),
  subtitles: z.array(releaseTeamSchema),
});

export const episodeTrackSchema = z.object({
  id: z.string(),
  animeId: z.number().int(),
  number: z.number().int(),
  kind: z.enum(EPISODE_TRACK_KINDS),
  /** The rendition's NAME in the master playlist: the team's name, else the language («Японский»). */
  name: z.string(),
  /** Null for a source stream without a title tag (its name comes from its language). */
  team: releaseTeamSchema.nullable(),
  /** BCP 47 (`ru`, `ja`), when known. */
  language: z.string().nullable(),
  origin: z.enum(EPISODE_TRACK_ORIGINS),
  state: z.enum(EPISODE_TRACK_STATES),
  /** Why processing failed, without server paths. */
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const episodeTrackListSchema = z.object({ items: z.array(episodeTrackSchema) });
