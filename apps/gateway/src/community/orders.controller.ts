import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { orderCreateSchema, orderListQuerySchema, orderParamsSchema, orderStatusBodySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class OrderCreateBody extends createZodDto(orderCreateSchema) {}
class OrderListQuery extends createZodDto(orderListQuerySchema) {}
class OrderParams extends createZodDto(orderParamsSchema) {}
class OrderStatusBody extends createZodDto(orderStatusBodySchema) {}

/**
 * The order desk (docs/community.md, «Order desk»): the community owns requests and votes. The list
 * is public and says whether a signed-in caller voted, so nothing here is cached. The status route
 * is checked here and again by the community (both ask auth).
 */
@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('orders')
  @ApiOperation({ summary: 'Requests, 20 a page; ?status, ?sort=votes|date (votes by default), ?page; voted/mine for a signed-in caller' })
  list(@Query() query: OrderListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.orders.list', query, meta);
  }

  @Post('orders')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Ask for a title: animeId (catalogue) or title (2-200 characters), note up to 1000. An open duplicate gets the vote (outcome voted, duplicateOf); a title with episodes is answered with a link (outcome available). At most 5 open requests per user',
  })
  create(@Body() body: OrderCreateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.order.create', body, meta);
  }

  @Post('orders/:id/vote')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Vote for an open request (once; again changes nothing)' })
  vote(@Param() params: OrderParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.order.vote', params, meta);
  }

  @Delete('orders/:id/vote')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take one’s vote back from an open request' })
  unvote(@Param() params: OrderParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.order.unvote', params, meta);
  }

  @Put('orders/:id/status')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Admin: requested → accepted → in_progress → released, or rejected with a reason (409 for any other move); animeId links a typed request to its title (needed to release)',
  })
  setStatus(@Param() { id }: OrderParams, @Body() body: OrderStatusBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.order.status', { ...body, id }, meta);
  }
}
