import { WATCH_PARTY_STRINGS as S } from '../strings';

export type SyncStatus = { kind: 'in-sync' } | { kind: 'catching-up' } | { kind: 'desync'; seconds: number };

/** A member's distance from the host: in sync, catching up (rate nudged), or off by more than half a second. */
export function SyncIndicator({ status }: { status: SyncStatus }) {
  const text = status.kind === 'desync' ? S.desync(status.seconds.toFixed(1)) : status.kind === 'catching-up' ? S.catchingUp : S.inSync;
  return (
    <p className={`watch-party__sync watch-party__sync--${status.kind}`} role="status" data-sync={status.kind}>
      {text}
    </p>
  );
}
