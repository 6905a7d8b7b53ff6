import { Injectable } from '@nestjs/common';
import { type AnimePoster, CATALOGUE_MESSAGES, ErrorCode } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { posterSvg } from '../../posters/poster-svg';
import { posterSource } from '../anime.mapper';
import { AnimeRepository } from '../anime.repository';

@Injectable()
export class AnimePosterService {
  constructor(private readonly anime: AnimeRepository) {}

  /** The generated SVG, and the title's own poster address (as details' `imageUrl`: the generated one's when it has none). */
  async generated(id: number): Promise<AnimePoster> {
    const row = await this.anime.findById(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    return { id: row.id, svg: posterSvg(row), source: posterSource(row) };
  }
}
