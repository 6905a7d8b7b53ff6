import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode, WATCH_PARTY_MESSAGES } from '@portal/contracts';
import { RpcError, ServiceRpc } from '@portal/platform';

/** The title a room opens on, as the catalogue knows it. */
@Injectable()
export class WatchPartyTitles {
  constructor(private readonly rpc: ServiceRpc) {}

  /** The catalogue id of `animeId` (a Shikimori id resolves too): 404 for an unknown title, 400 `episode` past its last. */
  async resolve(animeId: number, episode: number): Promise<number> {
    const [found] = await this.rpc.send('catalogue.anime.refs', { ids: [animeId] });
    if (!found) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const anime = found.ref;
    if (anime.episodes !== null && episode > anime.episodes) throw RpcError.validation([{ field: 'episode', message: WATCH_PARTY_MESSAGES.badEpisode }]);
    return anime.id;
  }
}
