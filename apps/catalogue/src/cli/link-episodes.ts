import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { catalogueEnvSchema, exitOnConfigError, loadConfig } from '@portal/config';
import { createLogger } from '@portal/platform';
import { CatalogueAppModule } from '../catalogue-app.module';
import { type EpisodesLinkReport, EpisodesLinkService } from '../episodes/services/episodes-link.service';

/** Links the sample episodes of MEDIA_DIR's manifest to their titles, through the catalogue's own code. */
export async function linkEpisodes(env: NodeJS.ProcessEnv = process.env): Promise<EpisodesLinkReport> {
  const config = loadConfig(catalogueEnvSchema, { ...env, CATALOGUE_IMPORT_ON_EMPTY: 'false', MEDIA_LINK_ON_BOOT: 'false' });
  const logger = createLogger('catalogue-cli', 'warn');
  const app = await NestFactory.createApplicationContext(CatalogueAppModule.forRoot(config, logger), { logger: false });
  try {
    // Forced: whoever runs the command wants the rows written again, even from an unchanged manifest.
    return await app.get(EpisodesLinkService).link({ force: true });
  } finally {
    await app.close();
  }
}

/** The last step of `npm run media:samples`. */
async function main() {
  const report = await linkEpisodes();
  if (report.state === 'invalid') {
    process.stderr.write(`[samples] ${report.manifestPath} is not a valid manifest (${report.reason}); nothing linked\n`);
    process.exit(1);
  }
  if (report.state === 'missing') {
    process.stdout.write(`[samples] no manifest at ${report.manifestPath}; ${report.removed} sample episodes unlinked\n`);
    return;
  }
  process.stdout.write(`[samples] ${report.episodes} episodes linked to their titles in the catalogue (${report.removed} removed)\n`);
  if (report.unknownAnimeIds.length > 0) {
    process.stdout.write(`[samples] not in the catalogue (yet): anime ${report.unknownAnimeIds.join(', ')}\n`);
  }
}

if (require.main === module) main().catch((error) => exitOnConfigError(error, 'media:samples'));
