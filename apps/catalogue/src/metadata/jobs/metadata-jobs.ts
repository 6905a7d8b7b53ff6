/**
 * The jobs of the `catalogue-metadata` queue, one per title. Job ids are deterministic, so asking
 * twice while a job waits adds nothing. BullMQ refuses ":" in custom ids, hence "sync-20".
 */
export interface SyncJobData {
  shikimoriId: number;
}

export interface BackgroundJobData {
  animeId: number;
  backgroundUrl: string;
  /** The admin who chose it, whom the audit log names when the job sets it. */
  actorId: string;
}

export type SyncJobResult =
  { result: 'synced'; animeIds: number[]; characters: number; similar: number; videos: number } | { result: 'not_found' } | { result: 'not_in_catalogue' };

export type BackgroundJobResult = { result: 'updated' | 'not_found'; animeId: number };

/** Every job by name: adding a job with the wrong data does not compile. */
export interface MetadataJobs {
  sync: { data: SyncJobData; result: SyncJobResult };
  background: { data: BackgroundJobData; result: BackgroundJobResult };
}
export type MetadataJobName = keyof MetadataJobs;

export const syncJobId = (shikimoriId: number) => `sync-${shikimoriId}`;
export const backgroundJobId = (animeId: number) => `background-${animeId}`;
