import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/check-username')
  @ApiOperation({ summary: 'Whether a nickname is free and allowed' })
  @ApiQuery({ name: 'username', required: true })
  checkUsername(@Query('username') username: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.username.check', { username }, meta);
  }

  @Get('users/profile/:username')
  @ApiOperation({ summary: "A user's public profile" })
  profile(@Param('username') username: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.profile', { username }, meta);
  }

  @Get('users')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'All users, newest first (admins only)' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query('page') page: string | undefined, @Query('limit') limit: string | undefined, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('auth.users.list', { page: page as never, limit: limit as never }, meta));
  }

  @Put('user/:id/admin')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Grant or revoke a user's admin role (admins only)" })
  @ApiBody({ schema: { type: 'object', required: ['isAdmin'], properties: { isAdmin: { type: 'boolean' } } } })
  setAdmin(@Param('id') userId: string, @Body() body: { isAdmin?: unknown } | undefined, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.set-admin', { userId, isAdmin: body?.isAdmin as boolean }, meta);
  }
}
