import type { SanctionNotice } from '@portal/contracts';
import { useAccountBanned, publishAccountBanned } from '../events/account-banned';
import { Button } from '../ui/Button';
import { StatePanel } from '../ui/StatePanel';
import { useSession } from './session-context';
import { SESSION_STRINGS as S } from './strings';
import './account-banned.css';

/** What a fully banned user sees instead of the site: the reason, the end, and the way out. */
export function AccountBannedPanel({ notice, onSignOut }: { notice: SanctionNotice; onSignOut(): void }) {
  return (
    <div className="account-banned" role="alertdialog" aria-modal="true" aria-label={S.bannedTitle} aria-describedby="account-banned-text">
      <StatePanel
        title={S.bannedTitle}
        text={
          <span id="account-banned-text">
            {S.bannedUntil(notice.until)}
            <br />
            {S.bannedReason(notice.reason)}
            <br />
            {S.bannedHint}
          </span>
        }
        actions={<Button onClick={onSignOut}>{S.signOut}</Button>}
      />
    </div>
  );
}

/** Shown over the app once any answer said USER_BANNED; signing out clears it (a guest may browse what guests may). */
export function AccountBannedScreen() {
  const notice = useAccountBanned();
  const session = useSession();
  if (!notice) return null;
  return (
    <AccountBannedPanel
      notice={notice}
      onSignOut={() => {
        session.signOut();
        publishAccountBanned(null);
      }}
    />
  );
}
