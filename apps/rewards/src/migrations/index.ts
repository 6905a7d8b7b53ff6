import { platformOnlyMigrations } from '@portal/platform';

/** Every migration of the rewards schema, in order: the service at boot and its cli/migrate run these. */
export const REWARDS_MIGRATIONS: Function[] = [...platformOnlyMigrations('rewards')];
