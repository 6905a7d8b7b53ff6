// The `npm start` step for sample episodes: made once, before the services start, with the ffmpeg
// of FFMPEG_PATH, PATH or npm (ffmpeg.cjs); when there is none (a FFMPEG_PATH that does not run, a
// platform npm has no build for) the portal starts anyway and one line says why and what to do.
import { join, resolve } from 'node:path';
import { generateSampleAmvs, sampleAmvsUpToDate } from './samples-amv.mjs';
import { findFfmpeg, generateSamples, noFfmpegMessage, samplesUpToDate } from './samples.mjs';

/** The line npm start prints without ffmpeg. */
export const startWithoutFfmpeg = (env = process.env) => `[start] демо-серий нет / no sample episodes: ${noFfmpegMessage(env)}`;

/** Returns the services' MEDIA_DIR (MEDIA_DIR, else `<data dir>/media`). */
export async function prepareSampleEpisodes(dataDir, { env = process.env, log = console.log } = {}) {
  const mediaDir = env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : join(dataDir, 'media');
  const amvsReady = sampleAmvsUpToDate(mediaDir);
  if (samplesUpToDate(mediaDir) && amvsReady) return { MEDIA_DIR: mediaDir };
  const ffmpeg = findFfmpeg(env);
  if (!ffmpeg) {
    log(startWithoutFfmpeg(env));
    return { MEDIA_DIR: mediaDir };
  }
  if (!amvsReady) {
    // Three 4-second clips at 320x180: well under a second each.
    try {
      const { manifest } = await generateSampleAmvs({ mediaDir, ffmpeg });
      log(`[start] sample AMVs ready: ${manifest.clips.length} in ${mediaDir}`);
    } catch (error) {
      log(`[start] sample AMVs not made: ${error.message}`);
    }
  }
  if (samplesUpToDate(mediaDir)) return { MEDIA_DIR: mediaDir };
  log(`[start] making the sample episodes with ffmpeg ${ffmpeg.version} from ${ffmpeg.source} (once)…`);
  try {
    const { manifest, seconds } = await generateSamples({ mediaDir, ffmpeg });
    log(`[start] sample episodes ready: ${manifest.episodes.length} in ${mediaDir} in ${seconds} s`);
  } catch (error) {
    // The portal is worth starting without them.
    log(`[start] sample episodes not made: ${error.message}`);
  }
  return { MEDIA_DIR: mediaDir };
}
