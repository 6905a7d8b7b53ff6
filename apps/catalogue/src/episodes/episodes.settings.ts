import { resolve } from 'node:path';
import { ConfigError, type CatalogueEnv } from '@portal/config';

export const EPISODES_SETTINGS = Symbol('EPISODES_SETTINGS');

export type VideoProvider = { kind: 'none' } | { kind: 'iframe'; urlTemplate: string };

/** What the episodes feature reads from the environment, as one injectable value. */
export interface EpisodesSettings {
  /** MEDIA_DIR, absolute: the sample manifest is `<mediaDir>/samples/manifest.json`. */
  mediaDir: string;
  linkOnBoot: boolean;
  provider: VideoProvider;
  /** x264's preset for uploaded episodes (EPISODE_TRANSCODE_PRESET). */
  transcodePreset: string;
}

/** An iframe provider without its URL is a configuration error, reported in the boot's one line. */
export function episodesSettingsOf(config: CatalogueEnv): EpisodesSettings {
  let provider: VideoProvider = { kind: 'none' };
  if (config.VIDEO_PROVIDER === 'iframe') {
    if (!config.VIDEO_PROVIDER_IFRAME_URL) {
      throw new ConfigError('invalid environment: VIDEO_PROVIDER_IFRAME_URL: required when VIDEO_PROVIDER=iframe');
    }
    provider = { kind: 'iframe', urlTemplate: config.VIDEO_PROVIDER_IFRAME_URL };
  }
  return { mediaDir: resolve(config.MEDIA_DIR), linkOnBoot: config.MEDIA_LINK_ON_BOOT, provider, transcodePreset: config.EPISODE_TRANSCODE_PRESET };
}
