import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { CatalogueImportReport } from '@portal/contracts';
import { catalogueEnvSchema, exitOnConfigError, loadConfig } from '@portal/config';
import { createLogger } from '@portal/platform';
import { CatalogueAppModule } from '../catalogue-app.module';
import { CatalogueImporter } from '../import/catalogue-importer.service';

/** Imports (or re-imports) the dataset through the catalogue service's own code. */
export async function importCatalogue(env: NodeJS.ProcessEnv = process.env): Promise<CatalogueImportReport> {
  const config = loadConfig(catalogueEnvSchema, { ...env, CATALOGUE_IMPORT_ON_EMPTY: 'false' });
  const logger = createLogger('catalogue-cli', 'warn');
  const app = await NestFactory.createApplicationContext(CatalogueAppModule.forRoot(config, logger), { logger: false });
  try {
    return await app.get(CatalogueImporter).importAll();
  } finally {
    await app.close();
  }
}

/** `npm run catalogue:import` */
async function main() {
  const started = Date.now();
  const report = await importCatalogue();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `read ${report.read}, inserted ${report.inserted}, updated ${report.updated}, unchanged ${report.unchanged}, skipped ${report.skipped.length} (${seconds} s)\n`,
  );
  for (const skipped of report.skipped.slice(0, 50)) {
    process.stdout.write(`  skipped line ${skipped.line}${skipped.key ? ` (${skipped.key})` : ''}: ${skipped.reason}\n`);
  }
}

if (require.main === module) main().catch((error) => exitOnConfigError(error, 'catalogue:import'));
