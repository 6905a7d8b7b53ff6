import { Controller } from '@nestjs/common';
import { EPISODES_OPERATIONS } from '@portal/contracts/operations';
import type { EpisodesListRequest } from '@portal/contracts/schemas';
import { HandlesOperation, Input } from '@portal/platform';
import { EpisodesQueryService } from './services/episodes-query.service';

@Controller()
export class EpisodesMessageController {
  constructor(private readonly query: EpisodesQueryService) {}

  @HandlesOperation(EPISODES_OPERATIONS.list)
  list(@Input() { animeId }: EpisodesListRequest) {
    return this.query.list(animeId);
  }
}
