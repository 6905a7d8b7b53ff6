import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesSql } from '@portal/messaging';

const KINDS = `('tv', 'movie', 'ova', 'ona', 'special', 'music')`;
const STATUSES = `('announced', 'ongoing', 'completed')`;
const SEASONS = `('winter', 'spring', 'summer', 'fall')`;
/** The indexed expression of a character's names; queries must use exactly this text to hit the index. */
export const CHARACTER_NAMES = `"catalogue".normalize_search(coalesce("name", '') || ' ' || coalesce("name_ru", '') || ' ' || coalesce("name_ja", ''))`;

export class CreateCatalogue1763856000000 implements MigrationInterface {
  name = 'CreateCatalogue1763856000000';

  async up(runner: QueryRunner): Promise<void> {
    // Extensions are per database and shared: created once in public, where every schema finds them.
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    // One normalisation for stored names and typed queries: lower case, ё as е, romaji macrons and
    // circumflexes as plain vowels (Shippūden = Shippuden), punctuation as spaces.
    await runner.query(`CREATE FUNCTION "catalogue".normalize_search(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
        SELECT btrim(regexp_replace(lower(translate(value, 'ЁёĀāĒēĪīŌōŪūÂâÊêÎîÔôÛû', 'ЕеAaEeIiOoUuAaEeIiOoUu')), '[^[:alnum:]]+', ' ', 'g'))
      $$`);

    // Titles from the dataset keep their Shikimori (= MyAnimeList) id as id, so /anime/20 is Naruto
    // here as there; every other title, and every title an admin adds, takes an id from this range.
    await runner.query(`CREATE SEQUENCE "catalogue"."anime_local_id_seq" START 100000000`);
    await runner.query(`CREATE TABLE "catalogue"."anime" (
      "id" integer PRIMARY KEY DEFAULT nextval('catalogue.anime_local_id_seq'),
      "source_key" text UNIQUE,
      "source_hash" text,
      "locked_fields" text[] NOT NULL DEFAULT '{}',
      "id_shiki" integer,
      "title" text NOT NULL CHECK (length(btrim("title")) > 0),
      "title_ru" text,
      "title_romaji" text NOT NULL,
      "title_en" text,
      "title_ja" text,
      "synonyms" text[] NOT NULL DEFAULT '{}',
      "description" text,
      "kind" text CHECK ("kind" IN ${KINDS}),
      "status" text NOT NULL DEFAULT 'completed' CHECK ("status" IN ${STATUSES}),
      "episodes" integer CHECK ("episodes" >= 0),
      "duration_minutes" integer CHECK ("duration_minutes" >= 0),
      "year" integer CHECK ("year" BETWEEN 1900 AND 2100),
      "season" text CHECK ("season" IN ${SEASONS}),
      "start_date" date,
      "end_date" date,
      "score" numeric(4,2) CHECK ("score" BETWEEN 0 AND 10),
      "popularity" integer NOT NULL DEFAULT 0,
      "genres" text[] NOT NULL DEFAULT '{}',
      "adult" boolean NOT NULL DEFAULT false,
      "poster" text,
      "background" text,
      "official_site" text,
      "external_ids" jsonb NOT NULL DEFAULT '{}',
      "sources" text[] NOT NULL DEFAULT '{}',
      "similar_ids" integer[] NOT NULL DEFAULT '{}',
      "videos" jsonb NOT NULL DEFAULT '[]',
      "kodik_id" text,
      "metadata_synced_at" timestamptz,
      "search_names" text NOT NULL DEFAULT '',
      "search_vector" tsvector,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // Search columns are derived by the database itself, whoever writes the row (import, admin, sync).
    await runner.query(`CREATE FUNCTION "catalogue".anime_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_names := catalogue.normalize_search(concat_ws(' | ',
          NEW.title, NEW.title_ru, NEW.title_romaji, NEW.title_en, NEW.title_ja, array_to_string(NEW.synonyms, ' | ')));
        NEW.search_vector :=
          setweight(to_tsvector('simple', NEW.search_names), 'A') ||
          setweight(to_tsvector('russian', coalesce(NEW.description, '')), 'C');
        RETURN NEW;
      END $$`);
    await runner.query(`CREATE TRIGGER "anime_search_columns" BEFORE INSERT OR UPDATE ON "catalogue"."anime"
      FOR EACH ROW EXECUTE FUNCTION "catalogue".anime_search_columns()`);
    await runner.query(`CREATE INDEX "anime_id_shiki" ON "catalogue"."anime" ("id_shiki")`);
    await runner.query(`CREATE INDEX "anime_search_names_trgm" ON "catalogue"."anime" USING gin ("search_names" gin_trgm_ops)`);
    await runner.query(`CREATE INDEX "anime_search_vector" ON "catalogue"."anime" USING gin ("search_vector")`);
    await runner.query(`CREATE INDEX "anime_genres" ON "catalogue"."anime" USING gin ("genres")`);
    await runner.query(`CREATE INDEX "anime_by_popularity" ON "catalogue"."anime" ("popularity" DESC, "id") WHERE NOT "adult"`);
    await runner.query(`CREATE INDEX "anime_by_score" ON "catalogue"."anime" ("score" DESC NULLS LAST, "id") WHERE NOT "adult"`);
    await runner.query(`CREATE INDEX "anime_by_start" ON "catalogue"."anime" ("start_date" DESC NULLS LAST, "id") WHERE NOT "adult"`);
    await runner.query(`CREATE INDEX "anime_by_year" ON "catalogue"."anime" ("year", "season")`);
    for (const column of ['title', 'title_ru', 'title_romaji', 'title_en']) {
      await runner.query(`CREATE INDEX "anime_${column}_prefix" ON "catalogue"."anime" ("catalogue".normalize_search("${column}") text_pattern_ops)`);
    }

    await runner.query(`CREATE TABLE "catalogue"."characters" (
      "id" serial PRIMARY KEY,
      "source_key" text NOT NULL UNIQUE,
      "name" text NOT NULL,
      "name_ru" text,
      "name_ja" text,
      "image" text,
      "description" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "characters_names_trgm" ON "catalogue"."characters" USING gin ((${CHARACTER_NAMES}) gin_trgm_ops)`);
    await runner.query(`CREATE TABLE "catalogue"."people" (
      "id" serial PRIMARY KEY,
      "source_key" text NOT NULL UNIQUE,
      "name" text NOT NULL,
      "name_ru" text,
      "name_ja" text,
      "image" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "catalogue"."anime_characters" (
      "anime_id" integer NOT NULL REFERENCES "catalogue"."anime" ("id") ON DELETE CASCADE,
      "character_id" integer NOT NULL REFERENCES "catalogue"."characters" ("id") ON DELETE CASCADE,
      "role" text NOT NULL CHECK ("role" IN ('main', 'supporting')),
      PRIMARY KEY ("anime_id", "character_id")
    )`);
    await runner.query(`CREATE INDEX "anime_characters_character" ON "catalogue"."anime_characters" ("character_id")`);
    await runner.query(`CREATE TABLE "catalogue"."character_voices" (
      "anime_id" integer NOT NULL REFERENCES "catalogue"."anime" ("id") ON DELETE CASCADE,
      "character_id" integer NOT NULL REFERENCES "catalogue"."characters" ("id") ON DELETE CASCADE,
      "person_id" integer NOT NULL REFERENCES "catalogue"."people" ("id") ON DELETE CASCADE,
      PRIMARY KEY ("anime_id", "character_id", "person_id")
    )`);
    await runner.query(`CREATE INDEX "character_voices_person" ON "catalogue"."character_voices" ("person_id")`);

    await runner.query(`CREATE TABLE "catalogue"."collections" (
      "id" serial PRIMARY KEY,
      "title" text NOT NULL CHECK (length(btrim("title")) > 0),
      "description" text NOT NULL DEFAULT '',
      "cover" text,
      "featured" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "catalogue"."collection_items" (
      "collection_id" integer NOT NULL REFERENCES "catalogue"."collections" ("id") ON DELETE CASCADE,
      "anime_id" integer NOT NULL REFERENCES "catalogue"."anime" ("id") ON DELETE CASCADE,
      "position" integer NOT NULL,
      PRIMARY KEY ("collection_id", "anime_id")
    )`);
    for (const statement of eventTablesSql('catalogue')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'collection_items',
      'collections',
      'character_voices',
      'anime_characters',
      'people',
      'characters',
      'anime',
      'processed_events',
      'outbox',
    ]) {
      await runner.query(`DROP TABLE "catalogue"."${table}"`);
    }
    await runner.query(`DROP SEQUENCE "catalogue"."anime_local_id_seq"`);
    await runner.query(`DROP FUNCTION "catalogue".anime_search_columns()`);
    await runner.query(`DROP FUNCTION "catalogue".normalize_search(text)`);
  }
}
