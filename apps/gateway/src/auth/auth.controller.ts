import { Body, Controller, Headers, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta, SelfUser } from '@portal/contracts';
import { loginRequestSchema, profileUpdateSchema, registerRequestSchema, telegramUpdateSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { PROFILE_MEDIA_FIELDS, PUBLIC_PROFILE_FIELDS, removeReplacedProfileMedia, setsAnyOf } from '../users/replaced-profile-media';
import { RefuseBannedIp, RequireUser } from './access.guard';
import { AvatarLookup } from '../users/avatar-lookup';
import { CardRewards, REGISTRATION_CARD_WAIT_MS, withCardReward } from '../rewards/card-rewards';
import { SanctionLookup } from '@portal/messaging';

class RegisterBody extends createZodDto(registerRequestSchema) {}
class LoginBody extends createZodDto(loginRequestSchema) {}
class ProfileUpdateBody extends createZodDto(profileUpdateSchema) {}
class TelegramUpdateBody extends createZodDto(telegramUpdateSchema) {}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
    private readonly avatars: AvatarLookup,
    private readonly cardRewards: CardRewards,
    private readonly sanctions: SanctionLookup,
  ) {}

  @RefuseBannedIp()
  @Post('register')
  @ApiOperation({ summary: 'Create an account; answers a session token and the user' })
  async register(@Body() body: RegisterBody, @Meta() meta: RpcMeta) {
    const session = await this.rpc.send('auth.user.register', body, meta);
    // The registration card (SPEC: data.cardReward), when the rewards service grants it in time.
    return withCardReward(session, await this.cardRewards.await(`registration:${session.user.id}`, REGISTRATION_CARD_WAIT_MS, meta));
  }

  @RefuseBannedIp()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  async login(@Body() body: LoginBody, @Meta() meta: RpcMeta) {
    const session = await this.rpc.send('auth.user.login', body, meta);
    // A fully banned account is told why at once, not by its first signed-in call.
    await this.sanctions.assertNotBanned(session.user.id);
    return session;
  }

  @Put('profile')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "Update one's own profile (display name, images, skip settings); a changed image's previous own upload is deleted; a read-only account may change only its skip settings",
  })
  async updateProfile(@Body() body: ProfileUpdateBody, @Meta() meta: RpcMeta): Promise<SelfUser> {
    if (setsAnyOf(body, PUBLIC_PROFILE_FIELDS)) await this.sanctions.assertMayWrite(meta.user!.id, false);
    if (!setsAnyOf(body, PROFILE_MEDIA_FIELDS)) return this.rpc.send('auth.profile.update', body, meta);
    const { user: before } = await this.rpc.send('auth.session.verify', {}, meta);
    const user = await this.rpc.send('auth.profile.update', body, meta);
    this.avatars.forget(user.username);
    await removeReplacedProfileMedia(this.storage, before, user);
    return user;
  }
}

@ApiTags('auth')
@Controller('telegram')
export class TelegramController {
  constructor(private readonly rpc: RpcClient) {}

  /** Telegram's webhook calls; the auth service checks the secret header (TELEGRAM_WEBHOOK_SECRET). */
  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bot updates pushed by Telegram (webhook mode)' })
  webhook(@Body() update: TelegramUpdateBody, @Headers('x-telegram-bot-api-secret-token') secretToken: string | undefined, @Meta() meta: RpcMeta) {
    return this.rpc.send('auth.telegram.webhook', { secretToken: secretToken ?? null, update }, meta);
  }
}
