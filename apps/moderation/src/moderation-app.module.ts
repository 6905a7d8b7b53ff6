import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceEnv } from '@portal/config';
import { ServicePlatformModule } from '@portal/platform';
import { AuditLogMessageController } from './audit-log/audit-log.message-controller';
import { AuditLogRepository } from './audit-log/audit-log.repository';
import { AuditLogEntryEntity } from './audit-log/entities/audit-log-entry.entity';
import { UserEventsListener } from './audit-log/listeners/user-events.listener';
import { MODERATION_MIGRATIONS } from './migrations';

export class ModerationAppModule {
  static forRoot(config: ServiceEnv, logger: Logger): DynamicModule {
    return {
      module: ModerationAppModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'moderation',
          config,
          logger,
          entities: [AuditLogEntryEntity],
          migrations: MODERATION_MIGRATIONS,
        }),
      ],
      controllers: [AuditLogMessageController],
      providers: [AuditLogRepository, UserEventsListener],
    };
  }
}
