import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { TRACK_CHOICE_OPERATIONS } from '@portal/contracts/operations';
import type { TrackChoiceParams, TrackChooseRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { TrackChoicesService } from './track-choices.service';

@Controller()
export class TrackChoicesMessageController {
  constructor(private readonly choices: TrackChoicesService) {}

  @HandlesOperation(TRACK_CHOICE_OPERATIONS.get)
  get(@Input() { animeId }: TrackChoiceParams, @Caller() viewer: AuthenticatedUser) {
    return this.choices.get(viewer, animeId);
  }

  @HandlesOperation(TRACK_CHOICE_OPERATIONS.choose)
  choose(@Input() request: TrackChooseRequest, @Caller() viewer: AuthenticatedUser) {
    return this.choices.choose(viewer, request);
  }
}
