import * as Tabs from '@radix-ui/react-tabs';
import { USER_RANKING_BOARDS, type UserRankingBoard } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { ListState } from '../../../shared/ui/ListState';
import { userRankingsQuery } from '../api/rankings-api';
import { RANKINGS_STRINGS as S } from '../strings';
import { RankLadder } from './RankLadder';
import { TitleRankings } from './TitleRankings';
import { UserBoard } from './UserBoard';
import '../rankings.css';

const boardOf = (param: string | null): UserRankingBoard =>
  (USER_RANKING_BOARDS as readonly string[]).includes(param ?? '') ? (param as UserRankingBoard) : 'byAnime';

/**
 * /rankings: the four user leaderboards as tabs (arrow keys move between them; the tab is kept in the
 * address), each with the viewer's own place, and the two title lists.
 */
export default function RankingsPage() {
  const { status, user } = useSession();
  const [params, setParams] = useSearchParams();
  const board = boardOf(params.get('tab'));
  // Asked once the session is known, so a signed-in viewer's places come with the first answer.
  const users = useQuery({ ...userRankingsQuery(user?.id ?? null), enabled: status !== 'checking' });
  const signedIn = status === 'authenticated';

  const select = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'byAnime') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page rankings-page">
      <h1>{S.title}</h1>
      <p className="muted">{S.lead}</p>
      <section className="rankings-section" aria-labelledby="rankings-users">
        <h2 id="rankings-users">{S.usersTitle}</h2>
        {status === 'anonymous' ? (
          <p>
            <Link to="/login">{S.guestHint}</Link>
          </p>
        ) : null}
        <Tabs.Root value={board} onValueChange={select}>
          <Tabs.List className="tabs__list rankings-tabs" aria-label={S.tabsLabel}>
            {USER_RANKING_BOARDS.map((value) => (
              <Tabs.Trigger key={value} value={value} className="tabs__trigger">
                {S.tabs[value]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {USER_RANKING_BOARDS.map((value) => (
            <Tabs.Content key={value} value={value}>
              {users.isPending ? (
                <ListState kind="loading" label={S.loading} />
              ) : users.isError ? (
                <ListState kind="error" title={S.loadError} message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
              ) : (
                <UserBoard board={value} entries={users.data[value]} me={users.data.me[value]} signedIn={signedIn} />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
      <TitleRankings />
      <RankLadder current={user?.rank ?? null} />
    </div>
  );
}
