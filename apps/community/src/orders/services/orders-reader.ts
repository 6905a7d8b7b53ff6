import { Injectable } from '@nestjs/common';
import { ORDERS_PAGE_SIZE, type AuthenticatedUser, type OrderListRequest, type OrderPage } from '@portal/contracts';
import { toOrderItem } from '../order-view';
import { OrdersRepository } from '../orders.repository';

/** The public list of requests: by votes or by date, one status or all; `voted` for a signed-in caller. */
@Injectable()
export class OrdersReader {
  constructor(private readonly orders: OrdersRepository) {}

  async list(viewer: AuthenticatedUser | undefined, { status, sort, page }: OrderListRequest): Promise<OrderPage> {
    const { rows, total } = await this.orders.page(status, sort, (page - 1) * ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE);
    const voted = viewer
      ? await this.orders.votedBy(
          viewer.id,
          rows.map((row) => row.id),
        )
      : new Set<string>();
    return {
      items: rows.map((row) => toOrderItem(row, { id: viewer?.id ?? null, voted: voted.has(row.id) })),
      page,
      limit: ORDERS_PAGE_SIZE,
      total,
    };
  }
}
