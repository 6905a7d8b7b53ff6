import type { SelfUser } from '../auth/user.dto';
import type { SanctionNotice } from './bans.dto';

/**
 * A row of the admins' user list (GET /users): the account as auth has it, with the restrictions in
 * force as the moderation service publishes them (docs/moderation.md, «Users»). A warning is not a
 * restriction, so it is not here.
 */
export interface AdminUserRow extends SelfUser {
  /** A read-only or full ban in force, or null. */
  ban: SanctionNotice | null;
  chatMute: SanctionNotice | null;
}
