import type { Provider } from '@nestjs/common';
import { BansMessageController } from './bans.message-controller';
import { BansRepository } from './bans.repository';
import { IpBansService } from './services/ip-bans.service';
import { SanctionsService } from './services/sanctions.service';
import { SanctionStore } from './services/sanction-store';

/** Bans and restrictions, registered by the moderation module; they use its ServiceRpc, UserNames and audit log. */
export const BANS_CONTROLLERS = [BansMessageController];
export const BANS_PROVIDERS: Provider[] = [BansRepository, SanctionStore, SanctionsService, IpBansService];
