// The `npm start` step for sample episodes: made once, before the services start, when ffmpeg is
// there; without it the portal starts anyway and one line says how to get them.
import { join, resolve } from 'node:path';
import { findFfmpeg, generateSamples, samplesUpToDate } from './samples.mjs';

export const START_WITHOUT_FFMPEG =
  '[start] демо-серий нет: установите ffmpeg (apt-get install ffmpeg) и запустите npm run media:samples / ' +
  'no sample episodes: install ffmpeg (apt-get install ffmpeg) and run npm run media:samples';

/** Returns the services' MEDIA_DIR (MEDIA_DIR, else `<data dir>/media`). */
export async function prepareSampleEpisodes(dataDir, { env = process.env, log = console.log } = {}) {
  const mediaDir = env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : join(dataDir, 'media');
  if (samplesUpToDate(mediaDir)) return { MEDIA_DIR: mediaDir };
  const ffmpeg = findFfmpeg(env);
  if (!ffmpeg) {
    log(START_WITHOUT_FFMPEG);
    return { MEDIA_DIR: mediaDir };
  }
  log(`[start] making the sample episodes with ffmpeg ${ffmpeg.version} (once)…`);
  try {
    const { manifest, seconds } = await generateSamples({ mediaDir, ffmpeg });
    log(`[start] sample episodes ready: ${manifest.episodes.length} in ${mediaDir} in ${seconds} s`);
  } catch (error) {
    // The portal is worth starting without them.
    log(`[start] sample episodes not made: ${error.message}`);
  }
  return { MEDIA_DIR: mediaDir };
}
