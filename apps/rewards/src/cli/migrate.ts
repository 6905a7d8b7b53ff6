import { runMigrationsCli } from '@portal/platform';
import { REWARDS_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/rewards/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('rewards', REWARDS_MIGRATIONS);
