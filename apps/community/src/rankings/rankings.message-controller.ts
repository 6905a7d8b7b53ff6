import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { RANKINGS_OPERATIONS } from '@portal/contracts/operations';
import { Caller, HandlesOperation } from '@portal/platform';
import { TitleRankingsReader } from './services/title-rankings-reader';
import { UserRankingsReader } from './services/user-rankings-reader';

/** The rankings (docs/community.md, «Rankings»): public; the caller's own places when signed in. */
@Controller()
export class RankingsMessageController {
  constructor(
    private readonly users: UserRankingsReader,
    private readonly titles: TitleRankingsReader,
  ) {}

  @HandlesOperation(RANKINGS_OPERATIONS.users)
  userRankings(@Caller() viewer: AuthenticatedUser | undefined) {
    return this.users.read(viewer);
  }

  @HandlesOperation(RANKINGS_OPERATIONS.titles)
  titleRankings() {
    return this.titles.read();
  }
}
