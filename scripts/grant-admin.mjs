// `npm run admin -- <email>`: grants admin to an existing user of the running portal.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPortalCli } from './lib/portal-cli.mjs';

runPortalCli('dist/apps/auth/src/cli/grant-admin.js', process.argv.slice(2), (dataDir) => {
  const secretFile = join(dataDir, 'jwt-secret');
  return { JWT_SECRET: process.env.JWT_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined) };
});
