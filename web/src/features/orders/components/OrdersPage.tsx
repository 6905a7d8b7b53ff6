import { isAdminUser, ORDER_SORTS, ORDER_STATUSES, type OrderSort, type OrderStatus } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { Pager, pageCount } from '../../../shared/ui/Pager';
import { ordersQuery } from '../api/orders-api';
import { ORDERS_STRINGS as S } from '../strings';
import { OrderCard } from './OrderCard';
import { OrderForm } from './OrderForm';
import '../orders.css';

const SORT_LABELS: Record<OrderSort, string> = { votes: S.sortVotes, date: S.sortDate };

/** /orders: the form, the filters (status, sort) kept in the address, the list and its pages. */
export default function OrdersPage() {
  const { status: session, user } = useSession();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as OrderStatus) : undefined;
  const sort: OrderSort = params.get('sort') === 'date' ? 'date' : 'votes';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useQuery(ordersQuery({ status, sort, page }));
  const signedIn = session === 'authenticated';
  const admin = Boolean(user && isAdminUser(user));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const pages = orders.data ? pageCount(orders.data.total, orders.data.limit) : 1;
  return (
    <section className="orders-page">
      <h1>{S.title}</h1>
      <p className="muted">{S.lead}</p>
      {signedIn ? (
        <OrderForm />
      ) : session === 'anonymous' ? (
        <p>
          <Link to="/login">{S.signIn}</Link>
        </p>
      ) : null}
      <div className="orders-filters" role="group" aria-label={S.filtersLabel}>
        <label>
          {S.statusLabel}{' '}
          <select className="field__input" value={status ?? ''} onChange={(event) => update({ status: event.target.value || null, page: null })}>
            <option value="">{S.allStatuses}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {S.statusLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <div role="radiogroup" aria-label={S.sortLabel} className="orders-filters__sort">
          {ORDER_SORTS.map((value) => (
            <Button
              key={value}
              role="radio"
              aria-checked={sort === value}
              size="small"
              variant={sort === value ? 'primary' : 'secondary'}
              onClick={() => update({ sort: value === 'votes' ? null : value, page: null })}
            >
              {SORT_LABELS[value]}
            </Button>
          ))}
        </div>
      </div>
      {orders.isPending ? (
        <ListState kind="loading" label={S.loading} />
      ) : orders.isError ? (
        <ListState kind="error" title={S.loadError} message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <ListState kind="empty" text={status ? S.emptyStatus(status) : S.empty} />
      ) : (
        <>
          <ul className="orders-list" aria-label={S.listLabel}>
            {orders.data.items.map((order) => (
              <OrderCard key={order.id} order={order} signedIn={signedIn} admin={admin} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={(next) => update({ page: next > 1 ? String(next) : null })} label={S.pages} />
        </>
      )}
    </section>
  );
}
