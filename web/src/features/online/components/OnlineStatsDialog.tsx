import { Link } from 'react-router-dom';
import type { OnlineStats } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Spinner } from '../../../shared/ui/Spinner';
import { UserName } from '../../../shared/ui/UserName';
import { useOnlineUsers } from '../api/online-api';
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

/** The first names come with the push; «Показать ещё» loads the next ones from the API. */
export function OnlineStatsContent({ stats }: { stats: OnlineStats }) {
  const more = useOnlineUsers();
  // The list may shift between the push and a page: each name once.
  const visible = [...new Set([...stats.usernames, ...(more.data?.pages.flatMap((page) => page.items) ?? [])])];
  const allLoaded = more.data !== undefined && !more.hasNextPage;
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
                <UserName name={username} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more.isError ? (
        <p className="field__message field__message--error" role="alert">
          {ONLINE_STRINGS.loadMoreFailed}
        </p>
      ) : null}
      {stats.usersOnline > visible.length && !allLoaded ? (
        <Button variant="secondary" block onClick={() => void more.fetchNextPage()} disabled={more.isFetching}>
          {more.isFetching ? ONLINE_STRINGS.loadingMore : ONLINE_STRINGS.showMore}
        </Button>
      ) : null}
    </div>
  );
}
