import type { Provider } from '@nestjs/common';
import type { CommunityEnv } from '@portal/config';
import { AmvMessageController } from './amv.message-controller';
import { AmvRepository } from './amv.repository';
import { AMV_SETTINGS } from './jobs/amv-transcode.job';
import { AmvTranscodeQueue } from './jobs/amv-transcode.queue';
import { AmvTranscodeWorker } from './jobs/amv-transcode.worker';
import { AmvPlaylistService } from './services/amv-playlist.service';
import { AmvReader } from './services/amv-reader';
import { AmvSamples } from './services/amv-samples';
import { AmvService } from './services/amv.service';

/**
 * AMV clips, their transcoding queue and the personal playlists, registered by the community module
 * in one line each. They use the title read model; the admin role is asked by the operations' access.
 */
export const AMV_CONTROLLERS = [AmvMessageController];

export const amvProviders = (config: CommunityEnv): Provider[] => [
  { provide: AMV_SETTINGS, useValue: { mediaDir: config.MEDIA_DIR, transcode: config.AMV_TRANSCODE === 'on' } },
  AmvRepository,
  AmvReader,
  AmvService,
  AmvPlaylistService,
  AmvTranscodeQueue,
  AmvTranscodeWorker,
  AmvSamples,
];
