import { runMigrationsCli } from '@portal/platform';
import { CHAT_MIGRATIONS } from '../migrations';

// The k8s migrations Job: `node dist/apps/chat/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('chat', CHAT_MIGRATIONS);
