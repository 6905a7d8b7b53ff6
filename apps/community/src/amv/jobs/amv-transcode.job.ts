/**
 * The `community-amv-transcode` queue: one job per uploaded file, its HLS rendition. The job id is
 * the idempotency key (`hls-<upload uuid>`): asking again while one waits adds nothing, and a job run
 * twice finds the finished rendition and only links it.
 */
export interface AmvTranscodeJobData {
  /** `<uuid>.mp4|webm` under MEDIA_DIR/amv/uploads. */
  uploadId: string;
}

export type AmvTranscodeJobResult = { result: 'transcoded' | 'existing'; hlsPath: string; linked: number } | { result: 'skipped'; reason: string };

export interface AmvTranscodeJobs {
  hls: { data: AmvTranscodeJobData; result: AmvTranscodeJobResult };
}
export type AmvTranscodeJobName = keyof AmvTranscodeJobs;

export const amvTranscodeJobId = (uploadId: string) => `hls-${uploadId.replace(/\.(mp4|webm)$/, '')}`;

export const AMV_SETTINGS = Symbol('AMV_SETTINGS');

export interface AmvSettings {
  mediaDir: string;
  transcode: boolean;
}
