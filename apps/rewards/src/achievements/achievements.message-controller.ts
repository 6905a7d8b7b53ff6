import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { ECONOMY_OPERATIONS } from '@portal/contracts/operations';
import { AccountDirectory, Caller, HandlesOperation, Input } from '@portal/platform';
import { AchievementsService } from './achievements.service';

@Controller()
export class AchievementsMessageController {
  constructor(
    private readonly achievements: AchievementsService,
    private readonly profiles: AccountDirectory,
  ) {}

  @HandlesOperation(ECONOMY_OPERATIONS.achievements)
  mine(@Caller() user: AuthenticatedUser) {
    return this.achievements.list(user.id);
  }

  @HandlesOperation(ECONOMY_OPERATIONS.achievementsOf)
  async ofUser(@Input() { username }: { username: string }) {
    return this.achievements.list(await this.profiles.idOf(username));
  }
}
