import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventData, EventName, EventPayload } from '@portal/contracts';
import { OutboxRepository } from './outbox.repository';
import { OutboxRelay } from './outbox.relay';

/** Writes an event into the outbox inside the caller's transaction; the relay sends it after commit. */
@Injectable()
export class OutboxPublisher {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async publish<E extends EventName>(manager: EntityManager, name: E, data: EventData<E>): Promise<EventPayload<E>> {
    const occurredAt = new Date();
    const payload = { ...data, eventId: randomUUID(), occurredAt: occurredAt.toISOString() } as EventPayload<E>;
    await this.outbox.insert(manager, { id: payload.eventId, eventName: name, payload, occurredAt });
    return payload;
  }

  /** Call once the transaction has committed, to relay without waiting for the next poll. */
  afterCommit(): void {
    this.relay.nudge();
  }
}
