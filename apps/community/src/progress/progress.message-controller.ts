import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload, type RpcRequest } from '@portal/contracts';
import { knownErrorPayload, signedIn, validatePayload } from '@portal/platform';
import { continueWatchingQuerySchema, progressSaveManySchema, progressSaveSchema, progressTargetSchema } from '@portal/contracts/schemas';
import { ProgressService } from './services/progress.service';

@Controller()
export class ProgressMessageController {
  constructor(private readonly progress: ProgressService) {}

  /** Each item is validated and answered on its own: one bad item fails only its own request. */
  @MessagePattern('community.progress.save-many')
  async saveMany(@Payload() { data }: RpcRequest<unknown>) {
    const { items } = validatePayload(progressSaveManySchema, data);
    // One lookup of the batch's titles; each save then finds its title in memory.
    await this.progress.prefetchTitles(items.map((item) => progressSaveSchema.safeParse(item)).flatMap((parsed) => (parsed.success ? [parsed.data.animeId] : [])));
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

  @MessagePattern('community.progress.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { animeId, episode } = validatePayload(progressTargetSchema, data);
    return this.progress.get(user, animeId, episode);
  }

  @MessagePattern('community.progress.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { animeId, episode } = validatePayload(progressTargetSchema, data);
    return this.progress.delete(user, animeId, episode);
  }

  @MessagePattern('community.progress.continue')
  continueWatching(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.progress.continueWatching(user, validatePayload(continueWatchingQuerySchema, data).limit);
  }
}
