import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { listOwnerParamsSchema, pointsHistoryQuerySchema, rouletteSpinBodySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class PointsHistoryQuery extends createZodDto(pointsHistoryQuerySchema) {}
class RouletteSpinBody extends createZodDto(rouletteSpinBodySchema) {}
class UsernameParams extends createZodDto(listOwnerParamsSchema) {}

/**
 * Points, the roulette and achievements (docs/rewards.md). The spin's body is parsed (SPEC names
 * `cost` and `result`) and then dropped: the rewards service decides the price and the card.
 */
@ApiTags('rewards')
@Controller()
export class EconomyController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/me/points')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The balance (spendable), XP, rank and next rank, and the points history newest first (`?cursor=` for older)' })
  points(@Query() { cursor }: PointsHistoryQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('rewards.points.get', { userId: meta.user!.id, ...(cursor ? { cursor } : {}) }, meta);
  }

  @Get('user/roulette')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The roulette: the price of a spin, the balance, the odds by rarity and the recent spins' })
  roulette(@Meta() meta: RpcMeta) {
    return this.rpc.send('rewards.roulette.get', { userId: meta.user!.id }, meta);
  }

  @Post('user/spin-roulette')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Spin: debits REWARDS_SPIN_COST and grants a card drawn by weight, in one transaction; `cost` and `result` in the body are ignored; 400 «Недостаточно очков: нужно N»' })
  spin(@Body() _body: RouletteSpinBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('rewards.roulette.spin', {}, meta);
  }

  @Get('users/me/achievements')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's achievements with their dates" })
  mine(@Meta() meta: RpcMeta) {
    return this.rpc.send('rewards.achievements.list', { userId: meta.user!.id }, meta);
  }

  @Get('users/profile/:username/achievements')
  @ApiOperation({ summary: "A user's achievements with their dates (public)" })
  async ofUser(@Param() { username }: UsernameParams, @Meta() meta: RpcMeta) {
    const user = await this.rpc.send('auth.user.profile', { username }, meta);
    return this.rpc.send('rewards.achievements.list', { userId: user.id }, meta);
  }
}
