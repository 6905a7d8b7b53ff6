export const METADATA_SETTINGS = Symbol('METADATA_SETTINGS');

/** What the metadata sync reads from the environment (see catalogueEnvSchema), as one injectable value. */
export interface MetadataSettings {
  shikimoriUrl: string;
  userAgent: string;
  requestsPerSecond: number;
  requestsPerMinute: number;
  timeoutMs: number;
  jobAttempts: number;
  /** First retry delay of a failed job; each next one doubles. */
  backoffMs: number;
}
