// `npm run docs:config`: rewrites the configuration table of docs/configuration.md from the apps' env schemas (libs/config/src/config-table.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGURATION_PAGE, withConfigurationTable } from '../libs/config/src/config-table';

const pagePath = join(process.cwd(), CONFIGURATION_PAGE);
const page = readFileSync(pagePath, 'utf8');
const updated = withConfigurationTable(page);
if (updated !== page) writeFileSync(pagePath, updated);
process.stdout.write(`${CONFIGURATION_PAGE}: ${updated === page ? 'the configuration table is up to date' : 'configuration table rewritten'}\n`);
