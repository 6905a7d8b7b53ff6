import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { type SampleManifest, sampleManifestSchema } from '../dtos/sample-manifest.schema';

export type ManifestRead =
  | { state: 'missing'; path: string }
  | { state: 'invalid'; path: string; reason: string }
  | { state: 'ok'; path: string; manifest: SampleManifest; hash: string };

/** Reads `MEDIA_DIR/samples/manifest.json`; its content hash tells whether the linked rows are current. */
@Injectable()
export class SampleManifestReader {
  constructor(@Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings) {}

  get path(): string {
    return join(this.settings.mediaDir, 'samples', 'manifest.json');
  }

  async read(): Promise<ManifestRead> {
    const path = this.path;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing', path };
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { state: 'invalid', path, reason: 'not JSON' };
    }
    const parsed = sampleManifestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { state: 'invalid', path, reason: `${issue.path.join('.') || '(manifest)'}: ${issue.message}` };
    }
    return { state: 'ok', path, manifest: parsed.data, hash: createHash('sha256').update(text).digest('hex') };
  }
}
