import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Episodes the portal can play itself (docs/media.md). No foreign key to anime: sample episodes are
 * linked at boot while the dataset may still be importing, and reads always go through a title
 * found in `anime` first, so a row whose title is gone is never shown.
 */
export class CreateEpisodes1764806400000 implements MigrationInterface {
  name = 'CreateEpisodes1764806400000';

  async up(runner: QueryRunner): Promise<void> {
    const span = (name: string) => `CHECK (("${name}_start" IS NULL) = ("${name}_end" IS NULL)
      AND ("${name}_start" IS NULL OR (0 <= "${name}_start" AND "${name}_start" < "${name}_end")))`;
    await runner.query(`CREATE TABLE "catalogue"."episodes" (
      "anime_id" integer NOT NULL,
      "number" integer NOT NULL CHECK ("number" > 0),
      "title" text,
      "duration_seconds" numeric(9,3) CHECK ("duration_seconds" > 0),
      "hls_url" text NOT NULL CHECK ("hls_url" LIKE '/%'),
      "qualities" integer[] NOT NULL DEFAULT '{}',
      "opening_start" numeric(9,3),
      "opening_end" numeric(9,3),
      "ending_start" numeric(9,3),
      "ending_end" numeric(9,3),
      "origin" text NOT NULL CHECK ("origin" IN ('samples')),
      "origin_version" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("anime_id", "number"),
      ${span('opening')},
      ${span('ending')}
    )`);
    await runner.query(`CREATE INDEX "episodes_origin" ON "catalogue"."episodes" ("origin", "origin_version")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "catalogue"."episodes"`);
  }
}
