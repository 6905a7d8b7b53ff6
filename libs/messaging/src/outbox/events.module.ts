import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceName } from '@portal/contracts';
import { EventConsumer } from './event-consumer';
import { EventQueues } from './event-queues';
import { OutboxPublisher } from './outbox.publisher';
import { EVENTS_LOGGER, EVENTS_SERVICE, OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';

/** The outbox, its relay and this service's event consumer. Needs the DataSource and RedisModule. */
@Module({})
export class EventsModule {
  static forService(service: ServiceName, logger: Logger): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [
        { provide: EVENTS_SERVICE, useValue: service },
        { provide: EVENTS_LOGGER, useValue: logger },
        OutboxRepository,
        EventQueues,
        OutboxRelay,
        OutboxPublisher,
        EventConsumer,
      ],
      exports: [OutboxPublisher, OutboxRelay, EventConsumer],
    };
  }
}
