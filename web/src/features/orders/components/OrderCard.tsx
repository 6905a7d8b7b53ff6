import { isOpenOrderStatus, ORDER_REASON_MAX, ORDER_TRANSITIONS, type OrderItem } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { AnimePicker, type AnimePick } from '../../../shared/ui/AnimePicker';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ReasonDialog } from '../../../shared/ui/ReasonDialog';
import { useOrderVote, useSetOrderStatus } from '../hooks/useOrderMutations';
import { ORDERS_STRINGS as S } from '../strings';

export interface OrderCardProps {
  order: OrderItem;
  signedIn: boolean;
  admin: boolean;
}

/** Admin: the next steps of a request; «Отклонить» asks for a reason first. */
function AdminControls({ order }: { order: OrderItem }) {
  const change = useSetOrderStatus();
  const [rejecting, setRejecting] = useState(false);
  const [released, setReleased] = useState<AnimePick[]>([]);
  const next = ORDER_TRANSITIONS[order.status].filter((status) => status !== 'rejected');
  const canReject = ORDER_TRANSITIONS[order.status].includes('rejected');
  if (next.length === 0 && !canReject) return null;
  const needsAnime = order.animeId === null && next.includes('released');
  const error = change.error ? errorMessage(change.error) : null;
  return (
    <div className="orders-admin" role="group" aria-label={S.adminControls(order.title)}>
      {needsAnime ? (
        <div className="orders-admin__anime">
          {/* One title: picking another replaces it. */}
          <AnimePicker
            selected={released}
            onChange={(picked) => setReleased(picked.slice(-1))}
            selectedLabel={() => S.releaseAnimeLabel}
            disabled={change.isPending}
          />
        </div>
      ) : null}
      {next.map((status) => (
        <Button
          key={status}
          size="small"
          variant="secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ id: order.id, change: { status, ...(needsAnime && released[0] ? { animeId: released[0].id } : {}) } })}
        >
          {S.moveTo(status)}
        </Button>
      ))}
      {canReject ? (
        <Button size="small" variant="ghost" disabled={change.isPending} onClick={() => setRejecting(true)}>
          {S.reject}
        </Button>
      ) : null}
      {!rejecting ? <FieldMessage message={error} /> : null}
      <ReasonDialog
        open={rejecting}
        text={S.rejectDialog(order.title)}
        maxLength={ORDER_REASON_MAX}
        pending={change.isPending}
        error={rejecting ? change.error : null}
        onOpenChange={(open) => {
          setRejecting(open);
          if (!open) change.reset();
        }}
        onSubmit={(reason) => change.mutate({ id: order.id, change: { status: 'rejected', reason } }, { onSuccess: () => setRejecting(false) })}
      />
    </div>
  );
}

/** One request: its title, note, status, votes, and for admins the status controls. */
export function OrderCard({ order, signedIn, admin }: OrderCardProps) {
  const vote = useOrderVote();
  const open = isOpenOrderStatus(order.status);
  return (
    <li className="orders-card">
      <div className="orders-card__main">
        <h3 className="orders-card__title">{order.animeId ? <Link to={`/anime/${order.animeId}`}>{order.title}</Link> : order.title}</h3>
        <span className={`orders-badge orders-badge--${order.status}`}>{S.statusLabels[order.status]}</span>
        {order.mine ? <span className="orders-card__mine">{S.mine}</span> : null}
        {order.note ? <p className="orders-card__note">{order.note}</p> : null}
        {order.rejectionReason ? <p className="orders-card__reason">{S.rejectedBecause(order.rejectionReason)}</p> : null}
        <p className="muted orders-card__author">{S.by(order.author.username)}</p>
      </div>
      <div className="orders-card__side">
        <Button
          variant={order.voted ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={order.voted}
          aria-label={order.voted ? S.unvote(order.title, order.votes) : S.vote(order.title, order.votes)}
          disabled={!signedIn || !open}
          onClick={() => vote.mutate({ id: order.id, voted: !order.voted })}
        >
          ▲ {order.votes}
        </Button>
      </div>
      {admin ? <AdminControls order={order} /> : null}
    </li>
  );
}
