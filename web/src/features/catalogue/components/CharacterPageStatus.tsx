import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { CATALOGUE_PEOPLE_STRINGS as S } from '../strings-people';
import '../catalogue-people.css';

/** Route ids of characters, seiyuu and collections are positive integers; anything else is "not found". */
export const isNumericId = (value: string | undefined): value is string => value !== undefined && /^[1-9]\d{0,11}$/.test(value);

export interface CharacterPageStatusProps {
  /** null while loading; a 404 ApiError shows the "not found" panel; anything else the retry panel. */
  error: unknown;
  notFoundTitle: string;
  notFoundText: string;
  onRetry(): void;
  loadingLabel?: string;
  /** Where the "not found" panel leads back to. */
  backTo?: { to: string; label: string };
}

/** Loading, "not found" and failure states of the detail pages (character, seiyuu, collection). */
export function CharacterPageStatus({ error, notFoundTitle, notFoundText, onRetry, loadingLabel = S.loading, backTo }: CharacterPageStatusProps) {
  const back = backTo ?? { to: '/catalog', label: S.toCatalog };
  if (!error) {
    return (
      <div className="page people-loading" aria-busy="true">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (error === 'not-found' || (isApiError(error) && error.status === 404)) {
    return (
      <div className="page">
        <StatePanel
          icon={<Icon name="compass" sizePx={40} />}
          title={notFoundTitle}
          text={notFoundText}
          actions={<ButtonLink to={back.to}>{back.label}</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <div className="page">
      <StatePanel
        title={S.loadFailedTitle}
        text={error instanceof Error ? error.message : undefined}
        actions={
          <Button variant="secondary" onClick={onRetry}>
            {S.retry}
          </Button>
        }
      />
    </div>
  );
}
