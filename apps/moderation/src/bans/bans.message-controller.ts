import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, IpBanCreateRequest, IpBanDeleteRequest, RpcMeta } from '@portal/contracts';
import type { BanPathRequest, ChatMutePathRequest } from '@portal/contracts/schemas';
import { BANS_OPERATIONS } from '@portal/contracts/operations';
import { CallMeta, Caller, HandlesOperation, Input } from '@portal/platform';
import { IpBansService } from './services/ip-bans.service';
import { SanctionsService } from './services/sanctions.service';

/** The user of `/admin/users/{id}/…`. */
type UserPath = { id: string };

/** Bans, chat mutes, nickname resets and IP bans (docs/moderation.md, «Bans»); admins only (BANS_OPERATIONS). */
@Controller()
export class BansMessageController {
  constructor(
    private readonly sanctions: SanctionsService,
    private readonly ipBans: IpBansService,
  ) {}

  @HandlesOperation(BANS_OPERATIONS.ban)
  ban(@Input() { id, ...ban }: BanPathRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.ban(admin, { ...ban, userId: id }, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.unban)
  unban(@Input() { id }: UserPath, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.unban(admin, { userId: id }, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.mute)
  mute(@Input() { id, ...mute }: ChatMutePathRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.mute(admin, { ...mute, userId: id }, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.unmute)
  unmute(@Input() { id }: UserPath, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.unmute(admin, { userId: id }, meta);
  }

  @HandlesOperation(BANS_OPERATIONS.resetNickname)
  resetNickname(@Input() { id }: UserPath, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.sanctions.resetNickname(admin, { userId: id }, meta);
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
