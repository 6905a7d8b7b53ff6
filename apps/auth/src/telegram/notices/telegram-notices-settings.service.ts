import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type SelfUser, TELEGRAM_MESSAGES } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AuthErrors } from '../../auth.errors';
import { toSelfUser } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';

/** The user's opt-in to notices in Telegram: only for an account whose Telegram was verified at sign-up. */
@Injectable()
export class TelegramNoticesSettingsService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings | null,
  ) {}

  async set(userId: string | undefined, enabled: boolean): Promise<SelfUser> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw AuthErrors.unauthorized();
    if (enabled && !this.settings) throw RpcError.of(ErrorCode.Conflict, TELEGRAM_MESSAGES.off);
    if (enabled && !user.telegramUserId) {
      throw RpcError.validation([{ field: 'enabled', message: TELEGRAM_MESSAGES.noticesNeedTelegram }]);
    }
    user.telegramNotices = enabled;
    return toSelfUser(await this.users.save(user));
  }
}
