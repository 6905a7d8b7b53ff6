import type { Provider } from '@nestjs/common';
import { RoleLookup } from '@portal/platform';
import { Accounts } from './accounts';
import { UserEventsListener } from './listeners/user-events.listener';
import { UserRefsRepository } from './user-refs.repository';

/**
 * The community's view of accounts: its copy of their public slice (user_refs, kept in step with
 * auth's events) and what it asks auth live (the caller's role and profile). Comments, reviews,
 * news, AMV, orders and quizzes all use it; the declared operations' admin checks ask it too.
 */
export const ACCOUNTS_PROVIDERS: Provider[] = [UserRefsRepository, UserEventsListener, Accounts, { provide: RoleLookup, useExisting: Accounts }];
