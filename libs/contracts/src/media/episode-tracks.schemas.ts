import { z } from 'zod';
import { EPISODE_TRACK_KINDS, RELEASE_TEAM_KINDS } from './episode-tracks.answers';
import { EPISODE_TRACK_MESSAGES } from './episode-tracks.dto';
import { episodeUploadSlotRequestSchema } from './episode-uploads.schemas';
import { episodesListSchema } from './episodes.schemas';

/** GET /anime/{animeId}/teams: the title page's teams. */
export const titleTeamsRequestSchema = episodesListSchema;

/** GET /admin/release-teams?kind=&q=: the teams an uploader picks from (name prefix, case-insensitive). */
export const releaseTeamListRequestSchema = z.object({
  kind: z.enum(RELEASE_TEAM_KINDS, { error: EPISODE_TRACK_MESSAGES.kind }).optional(),
  q: z.string().trim().max(100).optional(),
});

/** GET /admin/anime/{animeId}/episodes/{number}/tracks: an episode's tracks, source streams first. */
export const episodeTrackListRequestSchema = episodeUploadSlotRequestSchema;

/** Where the gateway puts an uploaded track file, relative to MEDIA_DIR (`episodes/incoming/tracks/<uuid>.<ext>`). */
export const EPISODE_TRACK_KEY_PATTERN = /^episodes\/incoming\/tracks\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/** The gateway adds a probed track file to a transcoded episode; the team is found or created by name and kind. */
export const episodeTrackAddRequestSchema = episodeUploadSlotRequestSchema.extend({
  kind: z.enum(EPISODE_TRACK_KINDS, { error: EPISODE_TRACK_MESSAGES.kind }),
  team: z.string({ error: EPISODE_TRACK_MESSAGES.team }).trim().min(1, EPISODE_TRACK_MESSAGES.team).max(100, EPISODE_TRACK_MESSAGES.team),
  language: z
    .string({ error: EPISODE_TRACK_MESSAGES.language })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, EPISODE_TRACK_MESSAGES.language)
    .nullable(),
  uploadKey: z.string().regex(EPISODE_TRACK_KEY_PATTERN),
  fileName: z.string().min(1).max(255),
  /** What ffprobe found: the first audio or subtitle stream's codec (`aac`, `subrip`, `ass`, `webvtt`). */
  codec: z.string().min(1).max(40),
});

export const episodeTrackIdRequestSchema = z.object({ id: z.uuid({ error: EPISODE_TRACK_MESSAGES.trackNotFound }) });

export type TitleTeamsRequest = z.output<typeof titleTeamsRequestSchema>;
export type ReleaseTeamListRequest = z.output<typeof releaseTeamListRequestSchema>;
export type EpisodeTrackListRequest = z.output<typeof episodeTrackListRequestSchema>;
export type EpisodeTrackAddRequest = z.output<typeof episodeTrackAddRequestSchema>;
export type EpisodeTrackIdRequest = z.output<typeof episodeTrackIdRequestSchema>;
