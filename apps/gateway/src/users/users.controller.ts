import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { AdminUserRow, Page, RpcMeta, SelfUser } from '@portal/contracts';
import { setAdminBodySchema, userIdParamsSchema, usernameQuerySchema, usersPageQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';
import { SanctionLookup } from '@portal/messaging';

class UsernameQuery extends createZodDto(usernameQuerySchema) {}
class UsersPageQuery extends createZodDto(usersPageQuerySchema) {}
class UserIdParams extends createZodDto(userIdParamsSchema) {}
class SetAdminBody extends createZodDto(setAdminBodySchema) {}

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sanctions: SanctionLookup,
  ) {}

  @Get('users/check-username')
  @ApiOperation({ summary: 'Whether a nickname is free and allowed' })
  checkUsername(@Query() query: UsernameQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.username.check', query, meta);
  }

  @Get('users/profile/:username')
  @ApiOperation({ summary: "A user's public profile" })
  profile(@Param() params: UsernameQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.profile', params, meta);
  }

  @Get('users')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'All users, newest first (admins only); ?q= a nickname or email prefix; each with the ban and chat mute in force' })
  list(@Query() query: UsersPageQuery, @Meta() meta: RpcMeta) {
    return paginated(this.withSanctions(this.rpc.send('auth.users.list', query, meta)));
  }

  /** Auth owns the accounts, moderation the restrictions: each row gets what moderation publishes for it (≤ 2 s old). */
  private async withSanctions(users: Promise<Page<SelfUser>>): Promise<Page<AdminUserRow>> {
    const page = await users;
    const items = await Promise.all(page.items.map(async (user) => ({ ...user, ...(await this.sanctions.ofUser(user.id)) })));
    return { ...page, items };
  }

  @Put('user/:id/admin')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Grant or revoke a user's admin role (admins only)" })
  setAdmin(@Param() { id }: UserIdParams, @Body() { isAdmin }: SetAdminBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.set-admin', { userId: id, isAdmin }, meta);
  }
}
