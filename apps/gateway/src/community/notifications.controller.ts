import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { notificationListQuerySchema, notificationReadSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class NotificationListQuery extends createZodDto(notificationListQuerySchema) {}
class NotificationReadBody extends createZodDto(notificationReadSchema) {}

/** The signed-in user's in-app notifications (docs/community.md, «Notifications»); live over `/notifications`. */
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Own notifications, most recently updated first (`?unread=true`: only unread), with the unread total; older pages with ?cursor=<nextCursor>' })
  list(@Query() query: NotificationListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.notifications.list', query, meta);
  }

  @Get('unread-count')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'How many of the own notifications are unread' })
  unreadCount(@Meta() meta: RpcMeta) {
    return this.rpc.send('community.notifications.unread-count', {}, meta);
  }

  @Post('read')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Mark own notifications read: `{ ids }` (at most 100; others\' ids are ignored) or `{ all: true }`; answers the unread count left' })
  read(@Body() body: NotificationReadBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.notifications.read', body, meta);
  }
}
