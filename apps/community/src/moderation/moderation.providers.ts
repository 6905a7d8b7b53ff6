import type { Provider } from '@nestjs/common';
import { ContentHoldsListener } from './content-holds.listener';
import { ContentHoldsRepository } from './content-holds.repository';
import { ReportDecidedListener } from './report-decided.listener';
import { UserSanctionedListener } from './user-sanctioned.listener';

/** What the community does for the moderation service (docs/moderation.md): tells reporters and sanctioned users, hides held content. */
export const MODERATION_PROVIDERS: Provider[] = [ReportDecidedListener, UserSanctionedListener, ContentHoldsRepository, ContentHoldsListener];
