import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { EPISODE_TRACK_OPERATIONS } from '@portal/contracts/operations';
import type {
  EpisodeTrackAddRequest,
  EpisodeTrackIdRequest,
  EpisodeTrackListRequest,
  ReleaseTeamListRequest,
  TitleTeamsRequest,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { EpisodeTracksService } from './episode-tracks.service';

@Controller()
export class EpisodeTracksMessageController {
  constructor(private readonly tracks: EpisodeTracksService) {}

  @HandlesOperation(EPISODE_TRACK_OPERATIONS.titleTeams)
  titleTeams(@Input() { animeId }: TitleTeamsRequest) {
    return this.tracks.titleTeams(animeId);
  }

  @HandlesOperation(EPISODE_TRACK_OPERATIONS.listTeams)
  listTeams(@Input() request: ReleaseTeamListRequest) {
    return this.tracks.listTeams(request);
  }

  @HandlesOperation(EPISODE_TRACK_OPERATIONS.list)
  list(@Input() request: EpisodeTrackListRequest) {
    return this.tracks.list(request);
  }

  @HandlesOperation(EPISODE_TRACK_OPERATIONS.add)
  add(@Input() request: EpisodeTrackAddRequest, @Caller() user: AuthenticatedUser) {
    return this.tracks.add(request, user);
  }

  @HandlesOperation(EPISODE_TRACK_OPERATIONS.remove)
  remove(@Input() { id }: EpisodeTrackIdRequest) {
    return this.tracks.remove(id);
  }
}
