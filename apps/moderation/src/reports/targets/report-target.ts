import type { RpcMeta, ReportSnapshot } from '@portal/contracts';
import { REPORT_EXCERPT_MAX } from '@portal/contracts';
import type { ServiceRpc } from '@portal/platform';

/** How moderation reaches one kind of reported content: always through the service that owns it. */
export interface ReportTargetHandler {
  /** The content as the reporter can see it now; the owner's 404 when it is gone. */
  snapshot(rpc: ServiceRpc, id: string, meta: RpcMeta): Promise<ReportSnapshot>;
  /** Deletes it through the owner's own delete call, as the admin; null: it cannot be deleted (an account). */
  remove: ((rpc: ServiceRpc, id: string, meta: RpcMeta) => Promise<unknown>) | null;
  /** Its owner hides it while held (consumes moderation.content.held / released). */
  honoursHolds: boolean;
}

export const excerptOf = (text: string) => (text.length > REPORT_EXCERPT_MAX ? `${text.slice(0, REPORT_EXCERPT_MAX - 1)}…` : text);
