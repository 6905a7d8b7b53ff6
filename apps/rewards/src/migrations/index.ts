import { platformOnlyMigrations } from '@portal/platform';
import { CreateCards1767400000000 } from './1767400000000-create-cards';
import { CreateEconomy1767500000000 } from './1767500000000-create-economy';

/** Every migration of the rewards schema, in order: the service at boot and its cli/migrate run these. */
export const REWARDS_MIGRATIONS: Function[] = [...platformOnlyMigrations('rewards'), CreateCards1767400000000, CreateEconomy1767500000000];
