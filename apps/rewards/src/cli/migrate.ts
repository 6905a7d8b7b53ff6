import { platformOnlyMigrations, runMigrationsCli } from '@portal/platform';

// The k8s migrations Job: `node dist/apps/rewards/src/cli/migrate.js` (docs/deployment.md).
runMigrationsCli('rewards', platformOnlyMigrations('rewards'));
