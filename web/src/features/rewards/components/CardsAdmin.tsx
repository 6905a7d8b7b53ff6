import type { CardItem } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListState } from '../../../shared/ui/ListState';
import { catalogueQuery, retireCard, rewardsKeys } from '../api/rewards-api';
import { ADMIN_CARDS_STRINGS, CARDS_STRINGS } from '../strings';
import { CardForm } from './CardForm';
import { CardMedia } from './CardMedia';
import '../rewards.css';

const S = ADMIN_CARDS_STRINGS;

/** The admin panel's cards section: the catalogue, a new card with its file, editing one, retiring one. */
export default function CardsAdmin() {
  const client = useQueryClient();
  const cards = useQuery(catalogueQuery());
  const [editing, setEditing] = useState<CardItem | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [retiring, setRetiring] = useState<CardItem | null>(null);
  const retire = useMutation({
    mutationFn: (id: string) => retireCard(id),
    onSuccess: () => {
      setRetiring(null);
      return client.invalidateQueries({ queryKey: rewardsKeys.all });
    },
  });

  return (
    <section className="cards-admin" aria-labelledby="cards-admin-title">
      <h2 id="cards-admin-title">{S.title}</h2>
      <CardForm
        key={editing?.id ?? 'new'}
        card={editing}
        onSaved={(card, edited) => {
          setSaved(edited ? S.saved(card.title) : S.created(card.title));
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
      {saved ? <p role="status">{saved}</p> : null}
      {cards.isPending ? (
        <ListState kind="loading" label={S.loading} />
      ) : cards.isError ? (
        <ListState kind="error" title={S.loadError} message={errorMessage(cards.error)} onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <ListState kind="empty" text={S.empty} />
      ) : (
        <ul className="cards-admin__list" aria-label={S.listLabel}>
          {cards.data.map((card) => (
            <li key={card.id} className="cards-admin__item" data-retired={card.retired}>
              <CardMedia file={card.file} label={card.title} decorative still />
              <span>
                <Link to={`/cards/${encodeURIComponent(card.id)}`}>{card.title}</Link>{' '}
                <span className="muted">
                  {CARDS_STRINGS.rarity(card.rarity)}, {S.weight(card.weight)}
                  {card.retired ? `, ${S.retired}` : ''}
                </span>
              </span>
              <Button
                variant="ghost"
                size="small"
                aria-label={S.editLabel(card.title)}
                onClick={() => {
                  setSaved(null);
                  setEditing(card);
                }}
              >
                {S.edit}
              </Button>
              {card.retired ? (
                <span />
              ) : (
                <Button variant="ghost" size="small" aria-label={S.retireLabel(card.title)} onClick={() => setRetiring(card)}>
                  {S.retire}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRetiring(null);
            retire.reset();
          }
        }}
        onConfirm={() => retiring && retire.mutate(retiring.id)}
        title={S.retireTitle}
        description={retiring ? S.retireText(retiring.title) : ''}
        confirmLabel={S.retire}
        pendingLabel={S.retirePending}
        pending={retire.isPending}
        error={retire.error ? errorMessage(retire.error) : null}
      />
    </section>
  );
}
