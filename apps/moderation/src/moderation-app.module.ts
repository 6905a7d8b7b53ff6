import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ModerationEnv } from '@portal/config';
import { RoleLookup, RoleLookupFromAuth, ServicePlatformModule, ServiceRpcModule } from '@portal/platform';
import { AuditLogMessageController } from './audit-log/audit-log.message-controller';
import { AuditLogRepository } from './audit-log/audit-log.repository';
import { AuditLogEntryEntity } from './audit-log/entities/audit-log-entry.entity';
import { UserEventsListener } from './audit-log/listeners/user-events.listener';
import { CardEventsListener } from './audit-log/listeners/card-events.listener';
import { AdminActionsListener } from './audit-log/listeners/admin-actions.listener';
import { BANS_CONTROLLERS, BANS_PROVIDERS } from './bans/bans.providers';
import { MODERATION_MIGRATIONS } from './migrations';
import { REPORTS_CONTROLLERS, reportsProviders } from './reports/reports.providers';
import { UserNames } from './rpc/user-names';
import { STATS_CONTROLLERS, STATS_PROVIDERS } from './stats/stats.providers';

@Module({})
export class ModerationAppModule {
  static forRoot(config: ModerationEnv, logger: Logger): DynamicModule {
    return {
      module: ModerationAppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'moderation', config, logger, entities: [AuditLogEntryEntity], migrations: MODERATION_MIGRATIONS }),
        ServiceRpcModule.forService(config),
      ],
      controllers: [AuditLogMessageController, ...REPORTS_CONTROLLERS, ...STATS_CONTROLLERS, ...BANS_CONTROLLERS],
      providers: [
        { provide: RoleLookup, useClass: RoleLookupFromAuth },
        UserNames,
        AuditLogRepository,
        UserEventsListener,
        CardEventsListener,
        AdminActionsListener,
        ...reportsProviders(config),
        ...STATS_PROVIDERS,
        ...BANS_PROVIDERS,
      ],
    };
  }
}
