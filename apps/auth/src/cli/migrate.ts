import { runMigrationsCli } from '@portal/platform';
import { AUTH_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/auth/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('auth', AUTH_MIGRATIONS);
