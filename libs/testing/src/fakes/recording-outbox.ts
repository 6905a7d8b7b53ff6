import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventData, EventName, EventPayload } from '@portal/contracts';
import type { OutboxPublisher } from '@portal/messaging';
import type { FakeDatabase } from './fake-database';

export interface RecordedEvent {
  name: EventName;
  payload: EventPayload<EventName>;
}

/**
 * The outbox as a table of the fake database: an event is kept only if the transaction it was
 * published in commits (as the real outbox row), and must be published inside that transaction.
 * `afterCommit` nudges are counted.
 */
export class RecordingOutbox implements Pick<OutboxPublisher, 'publish' | 'afterCommit'> {
  /** Every event committed so far, in order. */
  readonly events: RecordedEvent[];
  nudges = 0;

  constructor(private readonly db: FakeDatabase) {
    this.events = db.list<RecordedEvent>('outbox');
  }

  publish<E extends EventName>(manager: EntityManager, name: E, data: EventData<E>): Promise<EventPayload<E>> {
    this.db.written(manager, `the event ${name}`);
    const payload = { ...data, eventId: randomUUID(), occurredAt: this.db.now().toISOString() } as EventPayload<E>;
    this.events.push({ name, payload });
    return Promise.resolve(payload);
  }

  afterCommit(): void {
    this.nudges += 1;
  }

  /** The committed events of one name, their payloads in order. */
  published<E extends EventName>(name: E): Array<EventPayload<E>> {
    return this.events.filter((event) => event.name === name).map((event) => event.payload as EventPayload<E>);
  }
}
