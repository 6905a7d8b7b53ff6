// `npm run media:samples`: sample episodes made with ffmpeg into MEDIA_DIR, then linked to their
// titles in the catalogue (docs/media.md). `--force` makes them again; see --help below for the rest.
import { generateSampleAmvs } from './lib/samples-amv.mjs';
import { linkSamplesToCatalogue } from './lib/samples-link.mjs';
import { parseSamplesArgs, SamplesUsageError } from './lib/samples-plan.mjs';
import { defaultMediaDir, findFfmpeg, generateSamples, SamplesError } from './lib/samples.mjs';

const USAGE =
  'usage: npm run media:samples -- [--force] [--no-link] [--media-dir DIR] [--duration SECONDS] [--qualities 360,720,1080] [--titles 20:3,1535:2] [--fps N] [--jobs N]';

async function main() {
  let options;
  try {
    options = parseSamplesArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SamplesUsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const { link, mediaDir = defaultMediaDir(), ...generation } = options;
  const result = await generateSamples({ ...generation, mediaDir, log: (line) => console.log(`[samples] ${line}`) });
  const count = result.manifest.episodes.length;
  console.log(
    result.generated
      ? `[samples] ${count} episodes in ${mediaDir} made in ${result.seconds} s`
      : `[samples] ${count} episodes in ${mediaDir} are up to date (--force makes them again)`,
  );
  // The sample AMVs beside them; the community registers them when it starts.
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new SamplesError('[samples] no ffmpeg for the sample AMVs');
  const amvs = await generateSampleAmvs({ mediaDir, ffmpeg, force: generation.force });
  console.log(`[samples] ${amvs.manifest.clips.length} sample AMVs in ${mediaDir}${amvs.generated ? ' made' : ' are up to date'}`);
  if (link) linkSamplesToCatalogue(mediaDir);
}

main().catch((error) => {
  console.error(error instanceof SamplesError ? error.message : `[samples] ${error.stack ?? error.message}`);
  process.exit(1);
});
