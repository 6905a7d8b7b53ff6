import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, OutboxPublisher } from '@portal/messaging';
import { ListEntriesRepository } from '../../library/list-entries.repository';
import { NEW_ENTRY } from '../../library/list-transitions';
import { NotificationsService } from '../../notifications/notifications.service';
import { OrdersRepository } from '../orders.repository';

/**
 * On a released order, each voter is told and gets the title in «Запланировано»; a voter who has it
 * in a list already keeps their status. Applied once per event: the consumer records the eventId in
 * `processed_events` in the same transaction, so a redelivery stores nothing twice.
 */
@Injectable()
export class OrderReleasedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly orders: OrdersRepository,
    private readonly entries: ListEntriesRepository,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxPublisher,
  ) {}

  onModuleInit() {
    this.consumer.on('community.order.released', async (event, manager) => {
      for (const userId of await this.orders.voters(manager, event.orderId)) {
        const added = await this.entries.insert(manager, userId, event.animeId, NEW_ENTRY);
        if (added) {
          // The catalogue's list statistics count it like any other entry.
          await this.outbox.publish(manager, 'community.list.updated', {
            userId,
            animeId: event.animeId,
            status: 'planned',
            previousStatus: null,
            progress: 0,
          });
        }
        await this.notifications.notify(manager, {
          userId,
          kind: 'order.released',
          target: { type: 'order', orderId: event.orderId, animeId: event.animeId, animeTitle: event.animeTitle },
        });
      }
    });
  }
}
