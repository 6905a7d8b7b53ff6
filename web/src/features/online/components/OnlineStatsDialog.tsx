import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OnlineStats } from '@portal/contracts';
import { ONLINE_LIST_PAGE_SIZE } from '../../../shared/config/constants';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Spinner } from '../../../shared/ui/Spinner';
import { useOnlineStats } from '../hooks/useOnlineStats';
import { ONLINE_STRINGS } from '../strings';

export interface OnlineStatsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Fed by the general socket's `online-stats`; shows a loading state until the first push. */
export function OnlineStatsDialog({ open, onOpenChange }: OnlineStatsDialogProps) {
  const stats = useOnlineStats();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ONLINE_STRINGS.title} description={ONLINE_STRINGS.description} widthPx={440}>
      {stats ? <OnlineStatsContent stats={stats} /> : <Spinner label={ONLINE_STRINGS.loading} />}
    </Dialog>
  );
}

export function OnlineStatsContent({ stats }: { stats: OnlineStats }) {
  const [shown, setShown] = useState(ONLINE_LIST_PAGE_SIZE);
  const visible = stats.usernames.slice(0, shown);
  return (
    <div className="online">
      <dl className="online__counts">
        <div>
          <dt>{ONLINE_STRINGS.users}</dt>
          <dd>{stats.usersOnline}</dd>
        </div>
        <div>
          <dt>{ONLINE_STRINGS.guests}</dt>
          <dd>{stats.guestsOnline}</dd>
        </div>
        <div>
          <dt>{ONLINE_STRINGS.bots}</dt>
          <dd>{stats.botsOnline}</dd>
        </div>
      </dl>
      <h3 className="online__list-title">{ONLINE_STRINGS.listTitle}</h3>
      {visible.length === 0 ? (
        <p className="muted">{ONLINE_STRINGS.empty}</p>
      ) : (
        <ul className="online__list">
          {visible.map((username) => (
            <li key={username}>
              <Link to={`/user/${encodeURIComponent(username)}`} aria-label={ONLINE_STRINGS.userLink(username)}>
                {username}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {stats.usernames.length > shown ? (
        <Button variant="secondary" block onClick={() => setShown((count) => count + ONLINE_LIST_PAGE_SIZE)}>
          {ONLINE_STRINGS.showMore}
        </Button>
      ) : null}
    </div>
  );
}
