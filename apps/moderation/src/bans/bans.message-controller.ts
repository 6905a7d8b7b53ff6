import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { banRequestSchema, chatMuteRequestSchema, ipBanCreateSchema, ipBanDeleteSchema, userSanctionRequestSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { IpBansService } from './services/ip-bans.service';
import { SanctionsService } from './services/sanctions.service';

/** Bans, chat mutes, nickname resets and IP bans (docs/moderation.md, «Bans»); admins only, asked of auth. */
@Controller()
export class BansMessageController {
  constructor(
    private readonly sanctions: SanctionsService,
    private readonly ipBans: IpBansService,
  ) {}

  @MessagePattern('moderation.user.ban')
  ban(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.sanctions.ban(meta.user, validatePayload(banRequestSchema, data), meta);
  }

  @MessagePattern('moderation.user.unban')
  unban(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.sanctions.unban(meta.user, validatePayload(userSanctionRequestSchema, data), meta);
  }

  @MessagePattern('moderation.user.chat-mute')
  mute(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.sanctions.mute(meta.user, validatePayload(chatMuteRequestSchema, data), meta);
  }

  @MessagePattern('moderation.user.chat-unmute')
  unmute(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.sanctions.unmute(meta.user, validatePayload(userSanctionRequestSchema, data), meta);
  }

  @MessagePattern('moderation.user.reset-nickname')
  resetNickname(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.sanctions.resetNickname(meta.user, validatePayload(userSanctionRequestSchema, data), meta);
  }

  @MessagePattern('moderation.ip-bans.list')
  listIpBans(@Payload() { meta }: RpcRequest<unknown>) {
    return this.ipBans.list(meta.user, meta);
  }

  @MessagePattern('moderation.ip-ban.create')
  createIpBan(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.ipBans.create(meta.user, validatePayload(ipBanCreateSchema, data), meta);
  }

  @MessagePattern('moderation.ip-ban.delete')
  deleteIpBan(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.ipBans.remove(meta.user, validatePayload(ipBanDeleteSchema, data), meta);
  }
}
