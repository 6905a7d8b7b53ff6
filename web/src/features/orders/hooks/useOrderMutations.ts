import type { OrderItem, OrderPage } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notify } from '../../../shared/ui/notify';
import { createOrder, ordersKeys, setOrderStatus, setOrderVote, type OrderStatusChange } from '../api/orders-api';
import { ORDERS_STRINGS } from '../strings';

/** Every cached page's copy of the request changed the same way. */
function patchOrder(client: QueryClient, id: string, patch: (order: OrderItem) => OrderItem) {
  client.setQueriesData<OrderPage>({ queryKey: ordersKeys.lists }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === id ? patch(item) : item)) } : page,
  );
}

/** A new request (or a vote for its duplicate): the lists are read again. */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void client.invalidateQueries({ queryKey: ordersKeys.lists }),
  });
}

type VoteContext = { snapshot: Array<[readonly unknown[], OrderPage | undefined]> };

/** The vote button: shown at once, rolled back (with a toast) if the server refuses. */
export function useOrderVote() {
  const client = useQueryClient();
  return useMutation<Awaited<ReturnType<typeof setOrderVote>>, Error, { id: string; voted: boolean }, VoteContext>({
    mutationFn: ({ id, voted }) => setOrderVote(id, voted),
    onMutate: async ({ id, voted }) => {
      await client.cancelQueries({ queryKey: ordersKeys.lists });
      const snapshot = client.getQueriesData<OrderPage>({ queryKey: ordersKeys.lists });
      patchOrder(client, id, (order) => (order.voted === voted ? order : { ...order, voted, votes: Math.max(0, order.votes + (voted ? 1 : -1)) }));
      return { snapshot };
    },
    onError: (error, _value, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
      notify.error(ORDERS_STRINGS.voteFailed, error.message);
    },
    onSuccess: (state) => patchOrder(client, state.id, (order) => ({ ...order, votes: state.votes, voted: state.voted })),
  });
}

/** Admin: one step of a request's status (or its rejection with a reason). */
export function useSetOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OrderStatusChange }) => setOrderStatus(id, change),
    onSuccess: (order) => {
      patchOrder(client, order.id, (current) => ({ ...order, voted: current.voted, mine: current.mine }));
      notify.success(ORDERS_STRINGS.statusChanged(order.status), order.title);
      void client.invalidateQueries({ queryKey: ordersKeys.lists });
    },
  });
}
