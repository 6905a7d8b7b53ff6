import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { TitleRankingsReader } from './services/title-rankings-reader';
import { UserRankingsReader } from './services/user-rankings-reader';

/** The rankings (docs/community.md, «Rankings»): public; the caller's own places when signed in. */
@Controller()
export class RankingsMessageController {
  constructor(
    private readonly users: UserRankingsReader,
    private readonly titles: TitleRankingsReader,
  ) {}

  @MessagePattern('community.rankings.users')
  userRankings(@Payload() { meta }: RpcRequest<unknown>) {
    return this.users.read(meta.user);
  }

  @MessagePattern('community.rankings.titles')
  titleRankings() {
    return this.titles.read();
  }
}
