import type { ListStatus } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { listQuery, type ListOwner } from '../api/profile-api';
import { ratedEntries } from '../lib/profile-tabs';
import { PROFILE_STRINGS } from '../strings';
import { ListEntryRow } from './ListEntryRow';

const S = PROFILE_STRINGS;

export interface ProfileListTabProps {
  owner: ListOwner;
  /** A status's entries, or undefined for the ratings (every rated entry, best first). */
  status: ListStatus | undefined;
  label: string;
}

/** The entries of one tab, page by page, with loading, empty and error states. */
export function ProfileListTab({ owner, status, label }: ProfileListTabProps) {
  const list = useInfiniteQuery(listQuery(owner, status));
  const own = owner === null;

  if (list.isPending) {
    return (
      <div className="profile-tab__state" aria-busy="true">
        <Spinner label={S.listLoading} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <StatePanel
        headingLevel={2}
        title={S.listFailedTitle}
        text={list.error.message}
        actions={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {S.retry}
          </Button>
        }
      />
    );
  }

  const all = list.data.pages.flatMap((page) => page.items);
  const entries = status ? all : ratedEntries(all);
  if (entries.length === 0 && !list.hasNextPage) {
    const text = status ? (own ? S.emptyOwn : S.emptyOther) : own ? S.emptyRatingsOwn : S.emptyRatingsOther;
    return (
      <StatePanel
        headingLevel={2}
        title={label}
        text={text}
        actions={
          own && status ? (
            <>
              <ButtonLink to="/catalog">{S.toCatalog}</ButtonLink>
              <ButtonLink to="/settings" variant="secondary">
                {S.toSettings}
              </ButtonLink>
            </>
          ) : undefined
        }
      />
    );
  }

  return (
    <div className="profile-tab">
      <ul className="profile-entries" aria-label={S.entriesLabel(label)}>
        {entries.map((entry) => (
          <ListEntryRow key={entry.animeId} entry={entry} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? S.moreLoading : S.more}
        </Button>
      ) : null}
    </div>
  );
}
