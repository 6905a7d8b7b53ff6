import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { orderCreateSchema, orderListQuerySchema, orderParamsSchema, orderStatusSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { OrdersReader } from './services/orders-reader';
import { OrdersService } from './services/orders.service';

/** The order desk (docs/community.md, «Order desk»). The author and voter is always the caller's token; the admin role is asked of auth. */
@Controller()
export class OrdersMessageController {
  constructor(
    private readonly orders: OrdersService,
    private readonly reader: OrdersReader,
  ) {}

  @MessagePattern('community.order.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.orders.create(user, validatePayload(orderCreateSchema, data));
  }

  @MessagePattern('community.orders.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.list(meta.user, validatePayload(orderListQuerySchema, data));
  }

  @MessagePattern('community.order.vote')
  vote(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.orders.vote(user, validatePayload(orderParamsSchema, data).id);
  }

  @MessagePattern('community.order.unvote')
  unvote(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.orders.unvote(user, validatePayload(orderParamsSchema, data).id);
  }

  @MessagePattern('community.order.status')
  status(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.orders.setStatus(user, validatePayload(orderStatusSchema, data));
  }
}
