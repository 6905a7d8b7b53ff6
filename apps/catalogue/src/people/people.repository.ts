import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import type { AnimeSummaryRow } from '../anime/anime.rows';
import { CHARACTER_NAMES } from '../migrations/1763856000000-create-catalogue';

export interface NamedRow {
  id: number;
  name: string;
  name_ru: string | null;
  name_ja: string | null;
  image: string | null;
  description?: string | null;
}

const NAMES = CHARACTER_NAMES;

/** Characters and the people who voice them. */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listCharacters(search: string | undefined, limit: number, offset: number): Promise<{ rows: NamedRow[]; total: number }> {
    const where = search ? `WHERE (${NAMES} LIKE '%' || catalogue.normalize_search($1) || '%' OR catalogue.normalize_search($1) <% ${NAMES})` : '';
    const params = search ? [search] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT id, name, name_ru, name_ja, image FROM catalogue.characters ${where} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM catalogue.characters ${where}`, params),
    ]);
    return { rows, total };
  }

  async character(id: number): Promise<NamedRow | null> {
    const rows: NamedRow[] = await this.dataSource.query(`SELECT id, name, name_ru, name_ja, image, description FROM catalogue.characters WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  characterAnime(characterId: number): Promise<Array<AnimeSummaryRow & { role: 'main' | 'supporting' }>> {
    return this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, ac.role FROM catalogue.anime_characters ac JOIN catalogue.anime a ON a.id = ac.anime_id
       WHERE ac.character_id = $1 AND NOT a.adult ORDER BY a.popularity DESC, a.id`,
      [characterId],
    );
  }

  characterVoices(characterId: number): Promise<NamedRow[]> {
    return this.dataSource.query(
      `SELECT DISTINCT p.id, p.name, p.name_ru, p.name_ja, p.image FROM catalogue.character_voices v
       JOIN catalogue.people p ON p.id = v.person_id WHERE v.character_id = $1 ORDER BY p.id`,
      [characterId],
    );
  }

  async person(id: number): Promise<NamedRow | null> {
    const rows: NamedRow[] = await this.dataSource.query(`SELECT id, name, name_ru, name_ja, image FROM catalogue.people WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  personRoles(personId: number): Promise<Array<AnimeSummaryRow & { character_id: number; character_name: string; character_name_ru: string | null; character_image: string | null }>> {
    return this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, c.id AS character_id, c.name AS character_name, c.name_ru AS character_name_ru, c.image AS character_image
       FROM catalogue.character_voices v JOIN catalogue.characters c ON c.id = v.character_id JOIN catalogue.anime a ON a.id = v.anime_id
       WHERE v.person_id = $1 AND NOT a.adult ORDER BY a.popularity DESC, a.id, c.id`,
      [personId],
    );
  }
}
