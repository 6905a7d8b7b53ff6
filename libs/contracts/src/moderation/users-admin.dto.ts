import type { z } from 'zod';
import type { adminUserRowSchema } from '../auth/auth.answers';

/**
 * A row of the admins' user list (GET /users): the account as auth has it, with the restrictions in
 * force as the moderation service publishes them (docs/moderation.md, «Users»). A warning is not a
 * restriction, so it is not here.
 */
export type AdminUserRow = z.output<typeof adminUserRowSchema>;
