import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, BanRequest, ChatMuteRequest, IpBanCreateRequest, IpBanDeleteRequest, RpcMeta, UserSanctionRequest } from '@portal/contracts';
import { BANS_OPERATIONS } from '@portal/contracts/operations';
import { CallMeta, Caller, HandlesOperation, Input } from '@portal/platform';
import { IpBansService } from './services/ip-bans.service';
import { SanctionsService } from './services/sanctions.service';

/** Bans, chat mutes, nickname resets and IP bans (docs/moderation.md, «Bans»); admins only (BANS_OPERATIONS). */
@Controller()
export class BansMessageController {
  constructor(
    private readonly sanctions: SanctionsService,
    private readonly ipBans: IpBansService,
  ) {}

  @HandlesOperation(BANS_OPERATIONS.ban)
  ban(@Input() request: BanRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.ban(admin, request, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.unban)
  unban(@Input() request: UserSanctionRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.unban(admin, request, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.mute)
  mute(@Input() request: ChatMuteRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.mute(admin, request, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.unmute)
  unmute(@Input() request: UserSanctionRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.unmute(admin, request, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.resetNickname)
  resetNickname(@Input() request: UserSanctionRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.resetNickname(admin, request, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.ipBans)
  listIpBans(@CallMeta() meta: RpcMeta) {
    return this.ipBans.list(meta);
  }

  @HandlesOperation(BANS_OPERATIONS.banIp)
  createIpBan(@Input() request: IpBanCreateRequest, @Caller() admin: AuthenticatedUser) {
    return this.ipBans.create(admin, request);
  }

  @HandlesOperation(BANS_OPERATIONS.unbanIp)
  deleteIpBan(@Input() request: IpBanDeleteRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.ipBans.remove(admin, request, meta);
  }
}
