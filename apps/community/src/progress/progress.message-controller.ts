import { Controller } from '@nestjs/common';
import { type AuthenticatedUser, ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload } from '@portal/contracts';
import { PROGRESS_OPERATIONS, PROGRESS_SAVES_OPERATIONS } from '@portal/contracts/operations';
import { Caller, HandlesOperation, Input, knownErrorPayload, validatePayload } from '@portal/platform';
import { type ContinueWatchingQuery, type ProgressSaveManyRequest, type ProgressTarget, progressSaveSchema } from '@portal/contracts/schemas';
import { ProgressService } from './services/progress.service';

@Controller()
export class ProgressMessageController {
  constructor(private readonly progress: ProgressService) {}

  /** Each item is validated and answered on its own: one bad item fails only its own request. */
  @HandlesOperation(PROGRESS_SAVES_OPERATIONS.saveMany)
  async saveMany(@Input() { items }: ProgressSaveManyRequest) {
    // One lookup of the batch's titles; each save then finds its title in memory.
    await this.progress.prefetchTitles(
      items.map((item) => progressSaveSchema.safeParse(item)).flatMap((parsed) => (parsed.success ? [parsed.data.animeId] : [])),
    );
    return Promise.all(
      items.map(async ({ userId, username, ...item }) => {
        try {
          const point = await this.progress.save({ id: userId, username }, validatePayload(progressSaveSchema, item));
          return { ok: true as const, point };
        } catch (error) {
          const payload: RpcErrorPayload = knownErrorPayload(error) ?? { code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal };
          return { ok: false as const, error: payload };
        }
      }),
    );
  }

  @HandlesOperation(PROGRESS_OPERATIONS.get)
  get(@Input() { animeId, episode }: ProgressTarget, @Caller() viewer: AuthenticatedUser) {
    return this.progress.get(viewer, animeId, episode);
  }

  @HandlesOperation(PROGRESS_OPERATIONS.delete)
  remove(@Input() { animeId, episode }: ProgressTarget, @Caller() viewer: AuthenticatedUser) {
    return this.progress.delete(viewer, animeId, episode);
  }

  @HandlesOperation(PROGRESS_OPERATIONS.continue)
  continueWatching(@Input() { limit }: ContinueWatchingQuery, @Caller() viewer: AuthenticatedUser) {
    return this.progress.continueWatching(viewer, limit);
  }
}
