import { CreateUsers1763769600000 } from './1763769600000-create-users';
import { CreateSocialAccounts1767100000000 } from './1767100000000-create-social-accounts';
import { AddTelegramNotices1767100000001 } from './1767100000001-add-telegram-notices';
import { AddUploaderRole1796900000000 } from './1796900000000-add-uploader-role';

/** Every migration of the auth schema, in order: the service at boot and its cli/migrate run these. */
export const AUTH_MIGRATIONS: Function[] = [
  CreateUsers1763769600000,
  CreateSocialAccounts1767100000000,
  AddTelegramNotices1767100000001,
  AddUploaderRole1796900000000,
];
