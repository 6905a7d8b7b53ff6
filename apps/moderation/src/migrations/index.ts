import { CreateAuditLog1763769600000 } from './1763769600000-create-audit-log';
import { CreateReports1767200000000 } from './1767200000000-create-reports';
import { CreateStatsDaily1767300000000 } from './1767300000000-create-stats-daily';
import { CreateBans1767400000000 } from './1767400000000-create-bans';
import { AuditLogFilterIndexes1767500000000 } from './1767500000000-audit-log-filter-indexes';

/** Every migration of the moderation schema, in order: the service at boot and its cli/migrate run these. */
export const MODERATION_MIGRATIONS: Function[] = [
  CreateAuditLog1763769600000,
  CreateReports1767200000000,
  CreateStatsDaily1767300000000,
  CreateBans1767400000000,
  AuditLogFilterIndexes1767500000000,
];
