import { runMigrationsCli } from '@portal/platform';
import { CATALOGUE_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/catalogue/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('catalogue', CATALOGUE_MIGRATIONS);
