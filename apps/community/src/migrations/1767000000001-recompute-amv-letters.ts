import type { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { amvLetterOf } from '@portal/contracts';
import { selectRows } from '@portal/db';

/** Every AMV's letter-bar key by today's rule (amvLetterOf): past leading signs, «#» for the rest, never empty. */
export class RecomputeAmvLetters1767000000001 implements MigrationInterface {
  name = 'RecomputeAmvLetters1767000000001';

  async up(runner: QueryRunner): Promise<void> {
    const rows = await selectRows(runner, z.object({ id: z.string(), title: z.string() }), `SELECT "id", "title" FROM "community"."amv"`);
    for (const { id, title } of rows) {
      await runner.query(`UPDATE "community"."amv" SET "letter" = $2 WHERE "id" = $1 AND "letter" IS DISTINCT FROM $2`, [id, amvLetterOf(title)]);
    }
  }

  async down(): Promise<void> {
    // The old keys are not kept; they were a subset of these (a title starting with a sign had none).
  }
}
