/**
 * The `catalogue-episode-transcode` queue: one job per attempt at an uploaded source (docs/media.md).
 * The job id (`transcode-<source id>-<attempt>`) is the idempotency key: queueing it again while it
 * waits adds nothing, and the source row's `attempt` tells a stale job from the current one.
 */
export interface EpisodeTranscodeJobData {
  sourceId: string;
  attempt: number;
}

export type EpisodeTranscodeJobResult =
  | { result: 'transcoded'; hlsPath: string; qualities: number[] }
  /** Cancelled, superseded by a retry, already finished, or no ffmpeg. */
  | { result: 'skipped'; reason: string };

export interface EpisodeTranscodeJobs {
  transcode: { data: EpisodeTranscodeJobData; result: EpisodeTranscodeJobResult };
}
export type EpisodeTranscodeJobName = keyof EpisodeTranscodeJobs;

export const episodeTranscodeJobId = (sourceId: string, attempt: number) => `transcode-${sourceId}-${attempt}`;
