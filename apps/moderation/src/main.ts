import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { runService, ServicePlatformModule } from '@portal/platform';
import { AuditLogMessageController } from './audit-log/audit-log.message-controller';
import { AuditLogRepository } from './audit-log/audit-log.repository';
import { AuditLogEntryEntity } from './audit-log/entities/audit-log-entry.entity';
import { UserEventsListener } from './audit-log/listeners/user-events.listener';
import { CreateAuditLog1763769600000 } from './migrations/1763769600000-create-audit-log';

runService('moderation', serviceEnvSchema(3106), (config, logger) => ({
  module: class ModerationAppModule {},
  imports: [
    ServicePlatformModule.forService({
      service: 'moderation',
      config,
      logger,
      entities: [AuditLogEntryEntity],
      migrations: [CreateAuditLog1763769600000],
    }),
  ],
  controllers: [AuditLogMessageController],
  providers: [AuditLogRepository, UserEventsListener],
}));
