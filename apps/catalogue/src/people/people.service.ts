import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode, type CharacterDetails, type CharacterSummary, type Page, type SeiyuuDetails } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { toAnimeSummary } from '../anime/anime.mapper';
import { PeopleRepository, type NamedRow } from './people.repository';

const toSummary = (row: NamedRow): CharacterSummary => ({ id: row.id, name: row.name, nameRu: row.name_ru, image: row.image });

@Injectable()
export class PeopleService {
  constructor(private readonly people: PeopleRepository) {}

  async characters(search: string | undefined, page: number, limit: number): Promise<Page<CharacterSummary>> {
    const { rows, total } = await this.people.listCharacters(search, limit, (page - 1) * limit);
    return { items: rows.map(toSummary), page, limit, total };
  }

  async character(id: number): Promise<CharacterDetails> {
    const row = await this.people.character(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.characterNotFound);
    const [anime, seiyuu] = await Promise.all([this.people.characterAnime(id), this.people.characterVoices(id)]);
    return {
      ...toSummary(row),
      nameJa: row.name_ja,
      description: row.description ?? null,
      anime: anime.map((entry) => ({ anime: toAnimeSummary(entry), role: entry.role })),
      seiyuu: seiyuu.map(toSummary),
    };
  }

  async seiyuu(id: number): Promise<SeiyuuDetails> {
    const row = await this.people.person(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.seiyuuNotFound);
    const roles = await this.people.personRoles(id);
    return {
      ...toSummary(row),
      nameJa: row.name_ja,
      roles: roles.map((role) => ({
        character: { id: role.character_id, name: role.character_name, nameRu: role.character_name_ru, image: role.character_image },
        anime: toAnimeSummary(role),
      })),
    };
  }
}
