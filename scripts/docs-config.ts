// `npm run docs:config`: rewrites README's configuration table from the apps' env schemas (libs/config/src/config-table.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withConfigurationTable } from '../libs/config/src/config-table';

const readmePath = join(process.cwd(), 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const updated = withConfigurationTable(readme);
if (updated !== readme) writeFileSync(readmePath, updated);
process.stdout.write(updated === readme ? 'README.md: the configuration table is up to date\n' : 'README.md: configuration table rewritten\n');
