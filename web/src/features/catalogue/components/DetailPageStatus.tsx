import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import type { RouteIdQuery } from '../hooks/useRouteIdQuery';
import { CATALOGUE_PEOPLE_STRINGS as S } from '../strings-people';
import '../catalogue-people.css';

export interface DetailPageStatusProps {
  /** The page's query while it has no data: no error yet is loading, a 404 is "not found", anything else a failure. */
  query: Pick<RouteIdQuery<unknown>, 'error' | 'retry'>;
  notFoundTitle: string;
  notFoundText: string;
  /** Where the "not found" panel leads back to; the catalogue by default. */
  backTo?: { to: string; label: string };
}

/** Loading, "not found" and failure states of the detail pages (character, seiyuu, collection). */
export function DetailPageStatus({ query: { error, retry }, notFoundTitle, notFoundText, backTo }: DetailPageStatusProps) {
  const back = backTo ?? { to: '/catalog', label: S.toCatalog };
  if (!error) {
    return (
      <div className="page people-loading" aria-busy="true">
        <Spinner label={S.loading} />
      </div>
    );
  }
  if (error === 'not-found' || (isApiError(error) && error.status === 404)) {
    return <PageNotFound title={notFoundTitle} text={notFoundText} backTo={back.to} backLabel={back.label} />;
  }
  return (
    <div className="page">
      <StatePanel
        title={S.loadFailedTitle}
        text={error instanceof Error ? error.message : undefined}
        actions={
          <Button variant="secondary" onClick={retry}>
            {S.retry}
          </Button>
        }
      />
    </div>
  );
}
