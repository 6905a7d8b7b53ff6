import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { selectRow, selectRows } from '@portal/db';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import { AnimeSummaryRow } from '../anime/anime.rows';
import { CHARACTER_NAMES } from '../migrations/1763856000000-create-catalogue';

export const NamedRow = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string().nullable(),
  name_ja: z.string().nullable(),
  image: z.string().nullable(),
  description: z.string().nullable().optional(),
});
export type NamedRow = z.output<typeof NamedRow>;

/** A title a character appears in, with the character's role there. */
const CharacterAnimeRow = AnimeSummaryRow.extend({ role: z.enum(['main', 'supporting']) });
export type CharacterAnimeRow = z.output<typeof CharacterAnimeRow>;

/** A title a person voices a character in, with that character. */
const PersonRoleRow = AnimeSummaryRow.extend({
  character_id: z.number().int(),
  character_name: z.string(),
  character_name_ru: z.string().nullable(),
  character_image: z.string().nullable(),
});
export type PersonRoleRow = z.output<typeof PersonRoleRow>;

const NAMES = CHARACTER_NAMES;

/** Characters and the people who voice them. */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listCharacters(search: string | undefined, limit: number, offset: number): Promise<{ rows: NamedRow[]; total: number }> {
    const where = search ? `WHERE (${NAMES} LIKE '%' || catalogue.normalize_search($1) || '%' OR catalogue.normalize_search($1) <% ${NAMES})` : '';
    const params = search ? [search] : [];
    const [rows, count] = await Promise.all([
      selectRows(
        this.dataSource,
        NamedRow,
        `SELECT id, name, name_ru, name_ja, image FROM catalogue.characters ${where} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`,
        params,
      ),
      selectRow(this.dataSource, z.object({ total: z.number().int() }), `SELECT count(*)::int AS total FROM catalogue.characters ${where}`, params),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  async character(id: number): Promise<NamedRow | null> {
    return selectRow(this.dataSource, NamedRow, `SELECT id, name, name_ru, name_ja, image, description FROM catalogue.characters WHERE id = $1`, [id]);
  }

  characterAnime(characterId: number): Promise<CharacterAnimeRow[]> {
    return selectRows(
      this.dataSource,
      CharacterAnimeRow,
      `SELECT ${SUMMARY_COLUMNS}, ac.role FROM catalogue.anime_characters ac JOIN catalogue.anime a ON a.id = ac.anime_id
       WHERE ac.character_id = $1 AND NOT a.adult ORDER BY a.popularity DESC, a.id`,
      [characterId],
    );
  }

  characterVoices(characterId: number): Promise<NamedRow[]> {
    return selectRows(
      this.dataSource,
      NamedRow,
      `SELECT DISTINCT p.id, p.name, p.name_ru, p.name_ja, p.image FROM catalogue.character_voices v
       JOIN catalogue.people p ON p.id = v.person_id WHERE v.character_id = $1 ORDER BY p.id`,
      [characterId],
    );
  }

  async person(id: number): Promise<NamedRow | null> {
    return selectRow(this.dataSource, NamedRow, `SELECT id, name, name_ru, name_ja, image FROM catalogue.people WHERE id = $1`, [id]);
  }

  personRoles(personId: number): Promise<PersonRoleRow[]> {
    return selectRows(
      this.dataSource,
      PersonRoleRow,
      `SELECT ${SUMMARY_COLUMNS}, c.id AS character_id, c.name AS character_name, c.name_ru AS character_name_ru, c.image AS character_image
       FROM catalogue.character_voices v JOIN catalogue.characters c ON c.id = v.character_id JOIN catalogue.anime a ON a.id = v.anime_id
       WHERE v.person_id = $1 AND NOT a.adult ORDER BY a.popularity DESC, a.id, c.id`,
      [personId],
    );
  }
}
