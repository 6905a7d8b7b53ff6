import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { posterSvg } from '../../posters/poster-svg';
import { AnimeRepository } from '../anime.repository';

@Injectable()
export class AnimePosterService {
  constructor(private readonly anime: AnimeRepository) {}

  async generated(id: number): Promise<{ svg: string }> {
    const row = await this.anime.findById(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    return { svg: posterSvg(row) };
  }
}
