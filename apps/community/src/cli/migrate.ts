import { runMigrationsCli } from '@portal/platform';
import { COMMUNITY_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/community/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('community', COMMUNITY_MIGRATIONS);
