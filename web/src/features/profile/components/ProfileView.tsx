import type { PublicUser } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { Spinner } from '../../../shared/ui/Spinner';
import { communityCountsQuery, fetchList, profileKeys, type ListOwner } from '../api/profile-api';
import { isCommunityTab, isListStatusTab, OWN_ONLY_TABS, PROFILE_TABS, SLOT_TABS, tabFromParam, type ProfileTab, type SlotTab } from '../lib/profile-tabs';
import { PROFILE_STRINGS } from '../strings';
import { ProfileHeader } from './ProfileHeader';
import { ProfileListTab } from './ProfileListTab';
import '../profile.css';

const S = PROFILE_STRINGS;

/** What a community tab's content is given: whose profile, and whether it is the viewer's own. */
export interface ProfileTabSlotProps {
  username: string;
  own: boolean;
}

/**
 * The contents of the «Рецензии» and «Комментарии» tabs (the reviews and comments features) and of
 * «Карточки», «Достижения» and «Рулетка» (the rewards): the app composes them in its router (features may
 * not import each other). A tab without content is not shown; «Рулетка» only on the viewer's own profile.
 */
export type ProfilePageSlots = Partial<Record<SlotTab, ComponentType<ProfileTabSlotProps>>>;

export interface ProfileViewProps {
  user: PublicUser;
  /** null: the signed-in viewer's own profile (their own list endpoint); else the username of a public one. */
  owner: ListOwner;
  slots?: ProfilePageSlots;
}

/**
 * A profile: header, then one tab per list status with its count, a ratings tab and, when the app
 * supplies them, the user's reviews and comments with their counts, cards, achievements and (own) the
 * roulette. The tab lives in `?tab=` so back and forward and shared links keep it.
 */
export function ProfileView({ user, owner, slots = {} }: ProfileViewProps) {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const own = owner === null || session.user?.id === user.id;
  const slotTabs = SLOT_TABS.filter((value) => slots[value] !== undefined && (own || !OWN_ONLY_TABS.includes(value)));
  const communityTabs = slotTabs.filter(isCommunityTab);
  const tabs: readonly ProfileTab[] = [...PROFILE_TABS, ...slotTabs];
  const tab = tabFromParam(params.get('tab'), tabs);
  // The counts of every status, from a one-entry page: the tabs show them before any tab has loaded.
  const counts = useQuery({
    queryKey: [...profileKeys.list(owner, 'all'), 'counts'],
    queryFn: ({ signal }) => fetchList(owner, { page: 1, limit: 1 }, signal),
    select: (page) => page.counts,
    staleTime: 30_000,
  });
  const communityCounts = useQuery({ ...communityCountsQuery(user.username), enabled: communityTabs.length > 0 });
  const otherLabels: Record<SlotTab | 'ratings', string> = {
    ratings: S.ratingsTab,
    reviews: S.reviewsTab,
    comments: S.commentsTab,
    cards: S.cardsTab,
    achievements: S.achievementsTab,
    roulette: S.rouletteTab,
  };
  const label = (value: ProfileTab) => (isListStatusTab(value) ? S.statuses[value] : otherLabels[value]);
  const countOf = (value: ProfileTab): { shown: boolean; pending: boolean; value: number | undefined } => {
    if (isCommunityTab(value)) return { shown: true, pending: communityCounts.isPending, value: communityCounts.data?.[value] };
    if (isListStatusTab(value)) return { shown: true, pending: counts.isPending, value: counts.data?.[value] };
    return { shown: false, pending: false, value: undefined };
  };

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
          {tabs.map((value) => {
            const count = countOf(value);
            return (
              <Tabs.Trigger key={value} value={value} className="profile-tabs__trigger">
                <span>{label(value)}</span>
                {count.shown ? ' ' : null}
                {count.shown ? (
                  <span className="profile-tabs__count" aria-busy={count.pending || undefined}>
                    {count.value ?? '…'}
                  </span>
                ) : null}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {PROFILE_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="profile-tabs__content">
            <ProfileListTab owner={owner} status={value === 'ratings' ? undefined : value} label={label(value)} />
          </Tabs.Content>
        ))}
        {slotTabs.map((value) => {
          const Content = slots[value] as ComponentType<ProfileTabSlotProps>;
          return (
            <Tabs.Content key={value} value={value} className="profile-tabs__content">
              <Suspense
                fallback={
                  <div className="profile-tab__state" aria-busy="true">
                    <Spinner label={S.tabLoading} />
                  </div>
                }
              >
                <Content username={user.username} own={own} />
              </Suspense>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
