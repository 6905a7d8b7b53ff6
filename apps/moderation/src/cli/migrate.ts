import { runMigrationsCli } from '@portal/platform';
import { MODERATION_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/moderation/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('moderation', MODERATION_MIGRATIONS);
