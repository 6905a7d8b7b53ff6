import type { OrderItem, OrderPage } from '@portal/contracts';

/** A UUID-shaped id for fixture number `n`. */
export const orderId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function makeOrder(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: orderId(1),
    animeId: 1535,
    title: 'Тетрадь смерти',
    poster: null,
    note: 'Хочу с русской озвучкой',
    status: 'requested',
    rejectionReason: null,
    votes: 3,
    voted: false,
    mine: false,
    author: { id: '00000000-0000-4000-8000-000000000001', username: 'kira' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const sampleOrders = (): OrderItem[] => [
  makeOrder(),
  makeOrder({ id: orderId(2), animeId: null, title: 'Редкое OVA 1987', note: '', votes: 1, status: 'accepted', author: { id: 'u2', username: 'otaku' } }),
  makeOrder({ id: orderId(3), animeId: 20, title: 'Наруто', votes: 12, status: 'released', note: '' }),
  makeOrder({ id: orderId(4), animeId: null, title: 'Несуществующий сериал', votes: 0, status: 'rejected', rejectionReason: 'Нет прав на показ', note: '' }),
];

export const orderPage = (items: OrderItem[], total = items.length, page = 1): OrderPage => ({ items, page, limit: 20, total });
