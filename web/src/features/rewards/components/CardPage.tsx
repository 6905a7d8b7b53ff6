import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Avatar } from '../../../shared/ui/Avatar';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListState } from '../../../shared/ui/ListState';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { ownersQuery } from '../api/rewards-api';
import { CARD_PAGE_STRINGS } from '../strings';
import { CardMedia } from './CardMedia';
import '../rewards.css';

const S = CARD_PAGE_STRINGS;

/** /cards/:id: the card, its rarity and description, and who has it. */
export default function CardPage() {
  const id = useParams().id ?? '';
  const owners = useQuery({ ...ownersQuery(id), enabled: id !== '' });
  if (id === '' || (owners.isError && isApiError(owners.error) && owners.error.status === 404)) {
    return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/profile?tab=cards" backLabel={S.toCollection} />;
  }
  if (owners.isPending) {
    return (
      <div className="page" aria-busy="true">
        <ListState kind="loading" label={S.loading} />
      </div>
    );
  }
  if (owners.isError) {
    return (
      <div className="page">
        <ListState kind="error" title={S.loadError} message={errorMessage(owners.error)} onRetry={() => void owners.refetch()} />
      </div>
    );
  }
  const { card, ownersCount } = owners.data;
  return (
    <div className="page card-page">
      <CardMedia file={card.file} label={card.title} className="card-page__media" />
      <div className="card-page__body">
        <h1>{card.title}</h1>
        <p className="muted">{S.rarity(card.rarity)}</p>
        {card.description ? <p>{card.description}</p> : null}
        {card.retired ? <p className="muted">{S.retired}</p> : null}
        <h2>{S.ownersTitle}</h2>
        {owners.data.owners.length === 0 ? (
          <p className="muted">{S.ownersEmpty}</p>
        ) : (
          <>
            <p>{S.ownersCount(ownersCount)}</p>
            <ul className="card-owners" aria-label={S.ownersTitle}>
              {owners.data.owners.map((owner) => (
                <li key={owner.username}>
                  <Avatar src={owner.avatar} alt="" sizePx={32} />
                  <Link to={`/user/${encodeURIComponent(owner.username)}`}>{owner.username}</Link>
                  <span className="muted">{S.ownerCount(owner.count)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div>
          <ButtonLink to="/profile?tab=cards" variant="secondary">
            {S.toCollection}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
