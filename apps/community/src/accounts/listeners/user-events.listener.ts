import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { UserRefsRepository } from '../user-refs.repository';

/** Keeps the community's copy of accounts (comment authors' names, avatars, ranks) in step with auth. */
@Injectable()
export class UserEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly users: UserRefsRepository,
  ) {}

  onModuleInit() {
    // A new account's display name is its username; its rank is auth's default until an update says otherwise.
    this.consumer.on('auth.user.registered', ({ userId, username, occurredAt }, manager) =>
      this.users.applyEvent(manager, userId, { username, displayName: username, avatar: null, rank: null }, occurredAt),
    );
    this.consumer.on('auth.user.updated', async ({ userId, user, occurredAt }, manager) => {
      // Events queued by an auth that did not send the slice yet carry nothing to apply.
      if (user) await this.users.applyEvent(manager, userId, user, occurredAt);
    });
  }
}
