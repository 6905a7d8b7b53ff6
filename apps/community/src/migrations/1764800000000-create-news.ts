import type { MigrationInterface, QueryRunner } from 'typeorm';
import { NEWS_SLUG_MAX, NEWS_STATUSES, NEWS_TITLE_MAX } from '@portal/contracts';

const STATUSES = `(${NEWS_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** News items and the admins' switch of automatic news (docs/community.md, «News»). */
export class CreateNews1764800000000 implements MigrationInterface {
  name = 'CreateNews1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    // `body` is stored sanitised (never as sent). `cover_id` + `cover_widths` name the files the
    // gateway wrote (/uploads/news/<id>-<width>.webp). `author_id` is null for automatic news, which
    // carry the episode they announce: one item per (title, episode), whatever the deliveries.
    await runner.query(`CREATE TABLE "community"."news" (
      "id" uuid PRIMARY KEY,
      "slug" text NOT NULL CHECK (char_length("slug") BETWEEN 1 AND ${NEWS_SLUG_MAX}),
      "title" text NOT NULL CHECK (char_length("title") BETWEEN 1 AND ${NEWS_TITLE_MAX}),
      "summary" text NOT NULL DEFAULT '',
      "body" text NOT NULL,
      "tags" text[] NOT NULL DEFAULT '{}',
      "anime_ids" integer[] NOT NULL DEFAULT '{}',
      "cover_id" uuid,
      "cover_widths" integer[],
      "author_id" uuid,
      "author_username" text,
      "status" text NOT NULL DEFAULT 'draft' CHECK ("status" IN ${STATUSES}),
      "published_at" timestamptz NOT NULL DEFAULT now(),
      "auto_anime_id" integer,
      "auto_episode" integer,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CHECK (("cover_id" IS NULL) = ("cover_widths" IS NULL)),
      CHECK (("auto_anime_id" IS NULL) = ("auto_episode" IS NULL))
    )`);
    await runner.query(`CREATE UNIQUE INDEX "news_slug" ON "community"."news" ("slug")`);
    await runner.query(`CREATE UNIQUE INDEX "news_auto_episode" ON "community"."news" ("auto_anime_id", "auto_episode") WHERE "auto_anime_id" IS NOT NULL`);
    // The public feed, newest first, and its filters.
    await runner.query(`CREATE INDEX "news_published" ON "community"."news" ("published_at" DESC, "id" DESC) WHERE "status" = 'published'`);
    await runner.query(`CREATE INDEX "news_tags" ON "community"."news" USING gin ("tags")`);
    await runner.query(`CREATE INDEX "news_anime" ON "community"."news" USING gin ("anime_ids")`);
    // One row: the admins' settings of news.
    await runner.query(`CREATE TABLE "community"."news_settings" (
      "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
      "auto_news" boolean NOT NULL DEFAULT true,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`INSERT INTO "community"."news_settings" ("id") VALUES (true)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."news_settings"`);
    await runner.query(`DROP TABLE "community"."news"`);
  }
}
