// `npm run docs:api`: rewrites the declared routes' tables of docs/api.md from the operation declarations (libs/contracts/src/operations/api-table.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PAGE, withApiTables } from '../libs/contracts/src/operations/api-table';

const pagePath = join(process.cwd(), API_PAGE);
const page = readFileSync(pagePath, 'utf8');
const updated = withApiTables(page);
if (updated !== page) writeFileSync(pagePath, updated);
process.stdout.write(`${API_PAGE}: ${updated === page ? 'the operation tables are up to date' : 'operation tables rewritten'}\n`);
