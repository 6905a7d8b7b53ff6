import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import type { SyncJobResult } from '../jobs/metadata-jobs';
import { MetadataRepository } from '../metadata.repository';
import { type RequestOptions, ShikimoriClient } from '../shikimori/shikimori.client';
import { ShikimoriNotFoundError } from '../shikimori/shikimori.errors';
import { type CharacterMetadata, toAnimeMetadata, toCharacters, toVideos, withSeiyuu } from '../shikimori/shikimori.mapper';
import { MetadataWrites } from './metadata-writes';

/**
 * Voices are looked up per character (one request each), so only for the main characters, and at
 * most this many per title: the request budget is 90 a minute for the whole catalogue.
 */
export const MAX_VOICE_LOOKUPS = 6;

/** One title's sync: read everything from Shikimori first, then write every row of the title in one transaction. */
@Injectable()
export class TitleSyncService {
  constructor(
    private readonly client: ShikimoriClient,
    private readonly metadata: MetadataRepository,
    private readonly writes: MetadataWrites,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async sync(shikimoriId: number, options: RequestOptions = {}): Promise<SyncJobResult> {
    // Nothing to write: spend no request on it.
    if ((await this.metadata.animeIdsByShikiId(shikimoriId)).length === 0) return { result: 'not_in_catalogue' };
    let anime;
    try {
      anime = await this.client.anime(shikimoriId, options);
    } catch (error) {
      if (error instanceof ShikimoriNotFoundError) return { result: 'not_found' };
      throw error;
    }
    const base = this.client.baseUrl;
    const roles = await orEmpty(this.client.roles(shikimoriId, options), []);
    const similar = await orEmpty(this.client.similar(shikimoriId, options), []);
    const videos = toVideos(await orEmpty(this.client.videos(shikimoriId, options), []), base);
    const characters = await this.withVoices(toCharacters(roles, base), options);
    const metadata = toAnimeMetadata(anime, base);
    const similarIds = await this.metadata.catalogueIdsOf(similar.map((entry) => entry.id).filter((id) => id !== shikimoriId));

    const animeIds = await this.writes.commit(async (write) => {
      const rows = await this.metadata.lockByShikiId(write.manager, shikimoriId);
      const characterIds = await this.metadata.upsertNamed(
        write.manager,
        'characters',
        characters.map((character) => ({ sourceKey: shikiKey(character.shikimoriId), name: character.name, nameRu: character.nameRu, image: character.image })),
      );
      const people = uniqueBy(
        characters.flatMap((character) => character.seiyuu),
        (person) => person.shikimoriId,
      );
      const personIds = await this.metadata.upsertNamed(
        write.manager,
        'people',
        people.map((person) => ({ sourceKey: shikiKey(person.shikimoriId), name: person.name, nameRu: person.nameRu, image: person.image })),
      );
      const cast = characters.map((character) => ({
        characterId: characterIds.get(shikiKey(character.shikimoriId))!,
        role: character.role,
        personIds: character.seiyuu.map((person) => personIds.get(shikiKey(person.shikimoriId))!),
      }));
      const { poster, ...columns } = metadata;
      for (const row of rows) {
        await write.update(row.id, {
          ...columns,
          // A poster someone chose (or the dataset's) stays; Shikimori's fills only an empty one.
          ...(poster && !row.poster && { poster }),
          similar_ids: similarIds.filter((id) => id !== row.id),
          videos: JSON.stringify(videos),
        });
        // An empty cast from Shikimori means "not filled in there yet", not "nobody": the current cast stays.
        if (cast.length > 0) await this.metadata.replaceCast(write.manager, row.id, cast);
        await this.metadata.markSynced(write.manager, row.id);
      }
      return rows.map((row) => row.id);
    });
    this.logger.info({ shikimoriId, animeIds, characters: characters.length, similar: similarIds.length, videos: videos.length }, 'metadata synced');
    return { result: 'synced', animeIds, characters: characters.length, similar: similarIds.length, videos: videos.length };
  }

  private async withVoices(characters: CharacterMetadata[], options: RequestOptions): Promise<CharacterMetadata[]> {
    const lookups = new Set(
      characters
        .filter((character) => character.role === 'main' && character.seiyuu.length === 0)
        .slice(0, MAX_VOICE_LOOKUPS)
        .map((character) => character.shikimoriId),
    );
    const result: CharacterMetadata[] = [];
    for (const character of characters) {
      const details = lookups.has(character.shikimoriId) ? await orEmpty(this.client.character(character.shikimoriId, options), null) : null;
      result.push(details ? withSeiyuu(character, details, this.client.baseUrl) : character);
    }
    return result;
  }
}

export const shikiKey = (shikimoriId: number) => `shiki:${shikimoriId}`;

/** A part of a title Shikimori does not have (404) is empty; any other failure fails the sync. */
async function orEmpty<T, F>(request: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ShikimoriNotFoundError) return fallback;
    throw error;
  }
}

function uniqueBy<T>(items: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}
