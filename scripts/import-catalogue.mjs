// `npm run catalogue:import`: imports or re-imports the anime dataset into the running portal.
import { runPortalCli } from './lib/portal-cli.mjs';

runPortalCli('dist/apps/catalogue/src/cli/import-catalogue.js', process.argv.slice(2));
