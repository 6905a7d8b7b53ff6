import { CreateUsers1763769600000 } from './1763769600000-create-users';

/** Every migration of the auth schema, in order: the service at boot and its cli/migrate run these. */
export const AUTH_MIGRATIONS: Function[] = [CreateUsers1763769600000];
