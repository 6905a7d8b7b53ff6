import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { banBodySchema, chatMuteBodySchema, ipBanCreateSchema, ipBanDeleteSchema, userParamsSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class UserParams extends createZodDto(userParamsSchema) {}
class BanBody extends createZodDto(banBodySchema) {}
class ChatMuteBody extends createZodDto(chatMuteBodySchema) {}
class IpBanBody extends createZodDto(ipBanCreateSchema) {}
class IpBanQuery extends createZodDto(ipBanDeleteSchema) {}

/**
 * Bans and restrictions (docs/moderation.md, «Bans»): the moderation service owns them; admin routes
 * are checked here and again by the service. Not admins, not oneself (403).
 */
@ApiTags('moderation')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class BansController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('users/:id/ban')
  @ApiOperation({
    summary:
      'Admin: kind warning|read-only|full, reason (1-500), until (ISO, future; without it 1 day, then 7 days, then for ever). A warning is recorded and notified only; the ban applies within 2 s',
  })
  ban(@Param() { id }: UserParams, @Body() body: BanBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.user.ban', { ...body, userId: id }, meta);
  }

  @Delete('users/:id/ban')
  @ApiOperation({ summary: 'Admin: lift the ban in force (404 when none)' })
  unban(@Param() { id }: UserParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.user.unban', { userId: id }, meta);
  }

  @Post('users/:id/chat-mute')
  @ApiOperation({ summary: 'Admin: the user cannot post in the chat for `minutes` (1-43200); reason 1-500' })
  mute(@Param() { id }: UserParams, @Body() body: ChatMuteBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.user.chat-mute', { ...body, userId: id }, meta);
  }

  @Delete('users/:id/chat-mute')
  @ApiOperation({ summary: 'Admin: lift the chat mute in force (404 when none)' })
  unmute(@Param() { id }: UserParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.user.chat-unmute', { userId: id }, meta);
  }

  @Post('users/:id/reset-nickname')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin: rename the user to a free generated nickname user<6 digits>; the user is notified' })
  resetNickname(@Param() { id }: UserParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.user.reset-nickname', { userId: id }, meta);
  }

  @Get('ip-bans')
  @ApiOperation({ summary: 'Admin: the IP bans in force, newest first' })
  ipBans(@Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.ip-bans.list', {}, meta);
  }

  @Post('ip-bans')
  @ApiOperation({ summary: 'Admin: ban an IP address (v4 or v6) from registration and sign-in; reason 1-500, until optional (for ever)' })
  banIp(@Body() body: IpBanBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.ip-ban.create', body, meta);
  }

  @Delete('ip-bans')
  @ApiOperation({ summary: 'Admin: lift the ban of ?ip= (404 when none)' })
  unbanIp(@Query() query: IpBanQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.ip-ban.delete', query, meta);
  }
}
