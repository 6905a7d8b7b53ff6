import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReportTargetType } from '@portal/contracts';
import { execute } from '@portal/db';

/** The community's tables of content that honours moderation holds (docs/moderation.md, «Automatic holds»). */
const HOLDABLE: Partial<Record<ReportTargetType, string>> = {
  comment: 'community.comments',
  review: 'community.reviews',
};

@Injectable()
export class ContentHoldsRepository {
  /** A kind the community does not hold (another service's, or one without holds) is left alone. */
  async setHeld(manager: EntityManager, type: ReportTargetType, id: string, held: boolean): Promise<void> {
    const table = HOLDABLE[type];
    if (table) await execute(manager, `UPDATE ${table} SET held = $2 WHERE id = $1::uuid`, [id, held]);
  }
}
