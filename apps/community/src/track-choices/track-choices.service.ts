import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser, TrackChoice } from '@portal/contracts';
import type { TrackChooseRequest } from '@portal/contracts/schemas';
import { AnimeRefsService } from '../anime-refs/anime-refs.service';
import { type TrackChoiceRow, TrackChoicesRepository } from './track-choices.repository';

function choiceOf(animeId: number, rows: TrackChoiceRow[]): TrackChoice {
  const find = (kind: TrackChoiceRow['kind'], usual: boolean) => rows.find((row) => row.kind === kind && row.usual === usual);
  const subtitles = find('subtitles', false);
  return {
    animeId,
    audio: find('audio', false)?.name ?? null,
    subtitles: subtitles?.name ?? null,
    subtitlesChosen: subtitles !== undefined,
    usualAudio: find('audio', true)?.name ?? null,
    usualSubtitles: find('subtitles', true)?.name ?? null,
  };
}

/** The voice-over and subtitles a viewer chose per title, so the player plays them again on any device. */
@Injectable()
export class TrackChoicesService {
  constructor(
    private readonly choices: TrackChoicesRepository,
    private readonly titles: AnimeRefsService,
  ) {}

  async get(viewer: AuthenticatedUser, animeId: number): Promise<TrackChoice> {
    return choiceOf(animeId, await this.choices.choicesOf(viewer.id, animeId));
  }

  /** An unknown title is refused (400 on `animeId`) and nothing is stored. */
  async choose(viewer: AuthenticatedUser, { animeId, kind, name }: TrackChooseRequest): Promise<TrackChoice> {
    await this.titles.lookup(animeId, 'animeId');
    await this.choices.choose(viewer.id, animeId, kind, name);
    return this.get(viewer, animeId);
  }
}
