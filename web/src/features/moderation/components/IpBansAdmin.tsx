import type { IpBan } from '@portal/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListState } from '../../../shared/ui/ListState';
import { useBanIp, useIpBans, useUnbanIp } from '../api/ip-bans-api';
import { IP_BANS_STRINGS as S } from '../strings';
import { AccountLabel } from './AccountLabel';
import { IpBanForm } from './IpBanForm';
import '../moderation.css';

const when = (iso: string) => new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function IpBansTable({ bans, onRemove }: { bans: IpBan[]; onRemove(ban: IpBan): void }) {
  return (
    <div className="users-admin__scroll">
      <table className="users-admin__table">
        <thead>
          <tr>
            <th scope="col">{S.columns.ip}</th>
            <th scope="col">{S.columns.reason}</th>
            <th scope="col">{S.columns.admin}</th>
            <th scope="col">{S.columns.createdAt}</th>
            <th scope="col">{S.columns.until}</th>
            <th scope="col">{S.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {bans.map((ban) => (
            <tr key={ban.ip}>
              <td>
                <code>{ban.ip}</code>
              </td>
              <td className="ip-bans__reason">{ban.reason}</td>
              <td>
                <AccountLabel id={ban.adminId} name={ban.adminName} />
              </td>
              <td>
                <time dateTime={ban.createdAt}>{when(ban.createdAt)}</time>
              </td>
              <td>{ban.until ? <time dateTime={ban.until}>{when(ban.until)}</time> : S.forever}</td>
              <td>
                <Button size="small" variant="ghost" onClick={() => onRemove(ban)} aria-label={S.removeLabel(ban.ip)}>
                  {S.remove}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The admin page's «Баны по IP»: the bans in force (newest first), a form to ban an address, «Снять» after a confirmation. */
export function IpBansAdmin() {
  const titleId = useId();
  const list = useIpBans();
  const ban = useBanIp();
  const unban = useUnbanIp();
  const [removing, setRemoving] = useState<IpBan | null>(null);

  const closeRemoval = () => {
    setRemoving(null);
    unban.reset();
  };

  // A failed refetch keeps the bans already shown.
  const bans = list.data;
  let body;
  if (list.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (!bans)
    body = <ListState kind="error" title={S.errorTitle} message={errorMessage(list.error)} retryLabel={S.retry} onRetry={() => void list.refetch()} />;
  else if (bans.length === 0) body = <ListState kind="empty" text={S.empty} />;
  else body = <IpBansTable bans={bans} onRemove={setRemoving} />;

  return (
    <section className="ip-bans" aria-labelledby={titleId}>
      <h2 id={titleId}>{bans ? S.titleCount(bans.length) : S.title}</h2>
      <p className="muted">{S.intro}</p>
      <IpBanForm onSubmit={(input) => ban.mutateAsync(input)} pending={ban.isPending} error={ban.error} />
      {body}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : closeRemoval())}
        onConfirm={() => removing && unban.mutate(removing.ip, { onSuccess: closeRemoval })}
        title={S.removeTitle}
        description={removing ? S.removeText(removing.ip) : ''}
        confirmLabel={S.remove}
        pendingLabel={S.removing}
        pending={unban.isPending}
        error={unban.error ? errorMessage(unban.error) : null}
      />
    </section>
  );
}

export default IpBansAdmin;
