import { randomUUID } from 'node:crypto';
import { ErrorCode, GENERIC_MESSAGES, type AuthenticatedUser, type ProgressPoint, type ProgressSave } from '@portal/contracts';
import type { ProgressSaveItem } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';

const MAX_ITEMS = 500;

interface Pending {
  item: ProgressSaveItem;
  resolve: (point: ProgressPoint) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces POST /api/progress calls: the saves that arrive while this turn of the event loop runs
 * travel to the community service as one message, which writes them in one statement and answers
 * each item alone. Under load this makes a transport round trip per batch instead of per save; an
 * idle call waits only until the next turn (setImmediate). Each caller is answered after the
 * community has committed its item.
 */
export class ProgressBatcher {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly rpc: RpcClient) {}

  save(user: AuthenticatedUser, save: ProgressSave): Promise<ProgressPoint> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item: { ...save, userId: user.id, username: user.username }, resolve, reject });
      if (this.pending.length >= MAX_ITEMS) this.send();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.rpc.send('community.progress.save-many', { items: batch.map((pending) => pending.item) }, { requestId: randomUUID() }).then(
      (answers) =>
        batch.forEach((pending, index) => {
          const answer = answers[index];
          if (answer?.ok) pending.resolve(answer.point);
          else pending.reject(new RemoteServiceError(answer?.error ?? { code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal }));
        }),
      (error) => batch.forEach((pending) => pending.reject(error)),
    );
  }
}
