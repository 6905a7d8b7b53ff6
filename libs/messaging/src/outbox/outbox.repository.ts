import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { OutboxEventEntity, ProcessedEventEntity } from './outbox-event.entity';

@Injectable()
export class OutboxRepository {
  insert(manager: EntityManager, event: Pick<OutboxEventEntity, 'id' | 'eventName' | 'occurredAt'> & { payload: object }) {
    return manager.getRepository(OutboxEventEntity).insert({ ...event, payload: event.payload as never, relayedAt: null });
  }

  /** Locks a batch of pending events for this relay; other replicas skip the locked rows. */
  lockPending(manager: EntityManager, limit: number): Promise<OutboxEventEntity[]> {
    return manager
      .getRepository(OutboxEventEntity)
      .createQueryBuilder('event')
      .where({ relayedAt: IsNull() })
      .orderBy('event.occurredAt', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async markRelayed(manager: EntityManager, ids: string[]) {
    await manager.getRepository(OutboxEventEntity).update(ids, { relayedAt: new Date() });
  }

  /** Records that an event was applied; false when it already was (a redelivery). */
  async claim(manager: EntityManager, eventId: string, eventName: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(ProcessedEventEntity)
      .values({ eventId, eventName })
      .orIgnore()
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
