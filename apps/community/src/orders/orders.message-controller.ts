import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, OrderCreateRequest, OrderIdRequest, OrderListRequest, OrderStatusRequest } from '@portal/contracts';
import { ORDERS_OPERATIONS } from '@portal/contracts/operations';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { OrdersReader } from './services/orders-reader';
import { OrdersService } from './services/orders.service';

/** The order desk (docs/community.md, «Order desk»). The author and voter is always the caller's token. */
@Controller()
export class OrdersMessageController {
  constructor(
    private readonly orders: OrdersService,
    private readonly reader: OrdersReader,
  ) {}

  @HandlesOperation(ORDERS_OPERATIONS.create)
  create(@Input() order: OrderCreateRequest, @Caller() author: AuthenticatedUser) {
    return this.orders.create(author, order);
  }

  @HandlesOperation(ORDERS_OPERATIONS.list)
  list(@Input() query: OrderListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.list(viewer, query);
  }

  @HandlesOperation(ORDERS_OPERATIONS.vote)
  vote(@Input() { id }: OrderIdRequest, @Caller() voter: AuthenticatedUser) {
    return this.orders.vote(voter, id);
  }

  @HandlesOperation(ORDERS_OPERATIONS.unvote)
  unvote(@Input() { id }: OrderIdRequest, @Caller() voter: AuthenticatedUser) {
    return this.orders.unvote(voter, id);
  }

  @HandlesOperation(ORDERS_OPERATIONS.setStatus)
  status(@Input() change: OrderStatusRequest, @Caller() admin: AuthenticatedUser) {
    return this.orders.setStatus(admin, change);
  }
}
