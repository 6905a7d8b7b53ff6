import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RpcMeta, SelfUser } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { removeReplacedProfileMedia, setsProfileMedia } from '../users/replaced-profile-media';
import { RequireUser } from './access.guard';

const registerBody = {
  schema: {
    type: 'object',
    required: ['username', 'email', 'password', 'captchaId', 'captchaAnswer'],
    properties: {
      username: { type: 'string', minLength: 4 },
      email: { type: 'string', format: 'email' },
      password: { type: 'string', minLength: 6 },
      confirmPassword: { type: 'string' },
      captchaId: { type: 'string' },
      captchaAnswer: { type: 'integer' },
      telegramUserId: { type: 'string', nullable: true },
    },
  },
};

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
  ) {}

  @Get('captcha')
  @ApiOperation({ summary: 'A one-time arithmetic captcha for registration' })
  captcha(@Meta() meta: RpcMeta) {
    return this.rpc.send('auth.captcha.create', {}, meta);
  }

  @Post('register')
  @ApiOperation({ summary: 'Create an account; answers a session token and the user' })
  @ApiBody(registerBody)
  register(@Body() body: unknown, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.register', body as never, meta);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiBody({ schema: { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } } })
  login(@Body() body: unknown, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.user.login', body as never, meta);
  }

  @Get('verify')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Check the session token and return the current user' })
  verify(@Meta() meta: RpcMeta) {
    return this.rpc.send('auth.session.verify', {}, meta);
  }

  @Put('profile')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Update one's own profile (display name, images, skip settings); a changed image's previous own upload is deleted" })
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        displayName: { type: 'string' },
        avatar: { type: 'string', nullable: true },
        profileBanner: { type: 'string', nullable: true },
        isAnimatedAvatar: { type: 'boolean' },
        isAnimatedBanner: { type: 'boolean' },
        skipOpening: { type: 'boolean' },
        skipEnding: { type: 'boolean' },
      },
    },
  })
  async updateProfile(@Body() body: unknown, @Meta() meta: RpcMeta): Promise<SelfUser> {
    if (!setsProfileMedia(body)) return this.rpc.send('auth.profile.update', body as never, meta);
    const { user: before } = await this.rpc.send('auth.session.verify', {}, meta);
    const user = await this.rpc.send('auth.profile.update', body as never, meta);
    await removeReplacedProfileMedia(this.storage, before, user);
    return user;
  }
}

@ApiTags('auth')
@Controller('telegram')
export class TelegramController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('channel-info')
  @ApiOperation({ summary: 'Whether registration requires a Telegram channel subscription' })
  channelInfo(@Meta() meta: RpcMeta) {
    return this.rpc.send('auth.telegram.channel-info', {}, meta);
  }
}
