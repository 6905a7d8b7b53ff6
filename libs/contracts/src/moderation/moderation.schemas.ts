import { pageQuery } from '../validation/common.schemas';

export const auditLogQuerySchema = pageQuery(50);
