import type { PublicUser } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router-dom';
import { fetchList, profileKeys, type ListOwner } from '../api/profile-api';
import { PROFILE_TABS, tabFromParam, type ProfileTab } from '../lib/profile-tabs';
import { PROFILE_STRINGS } from '../strings';
import { ProfileHeader } from './ProfileHeader';
import { ProfileListTab } from './ProfileListTab';
import '../profile.css';

const S = PROFILE_STRINGS;

export interface ProfileViewProps {
  user: PublicUser;
  /** null: the signed-in viewer's own profile (their own list endpoint); else the username of a public one. */
  owner: ListOwner;
}

/**
 * A profile: header, then one tab per list status with its count and a ratings tab. The tab lives in
 * `?tab=` so back and forward and shared links keep it. There is no cards tab: rewards do not exist yet.
 */
export function ProfileView({ user, owner }: ProfileViewProps) {
  const [params, setParams] = useSearchParams();
  const tab = tabFromParam(params.get('tab'));
  // The counts of every status, from a one-entry page: the tabs show them before any tab has loaded.
  const counts = useQuery({
    queryKey: [...profileKeys.list(owner, 'all'), 'counts'],
    queryFn: ({ signal }) => fetchList(owner, { page: 1, limit: 1 }, signal),
    select: (page) => page.counts,
    staleTime: 30_000,
  });
  const label = (value: ProfileTab) => (value === 'ratings' ? S.ratingsTab : S.statuses[value]);

  return (
    <div className="page profile-page">
      <ProfileHeader user={user} own={owner === null} />
      <Tabs.Root
        className="profile-tabs"
        value={tab}
        onValueChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        activationMode="manual"
      >
        <Tabs.List className="profile-tabs__list" aria-label={S.tabsLabel}>
          {PROFILE_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} className="profile-tabs__trigger">
              <span>{label(value)}</span>
              {value !== 'ratings' ? ' ' : null}
              {value !== 'ratings' ? (
                <span className="profile-tabs__count" aria-busy={counts.isPending || undefined}>
                  {counts.data ? counts.data[value] : '…'}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="profile-tabs__content">
            <ProfileListTab owner={owner} status={value === 'ratings' ? undefined : value} label={label(value)} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

