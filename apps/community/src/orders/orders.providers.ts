import type { Provider } from '@nestjs/common';
import { OrderReleasedListener } from './listeners/order-released.listener';
import { OrdersMessageController } from './orders.message-controller';
import { OrdersRepository } from './orders.repository';
import { OrdersReader } from './services/orders-reader';
import { OrdersService } from './services/orders.service';

/**
 * The order desk, registered by the community module in one line each. It uses the comments'
 * `Accounts` (the admin role) and account read model, the title read model, the library's entries
 * and the exported `NotificationsService`.
 */
export const ORDERS_CONTROLLERS = [OrdersMessageController];

export const ORDERS_PROVIDERS: Provider[] = [OrdersRepository, OrdersService, OrdersReader, OrderReleasedListener];
