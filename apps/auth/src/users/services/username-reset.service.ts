import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NicknameReset } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { AuthErrors } from '../../auth.errors';
import { UsersRepository } from '../users.repository';

const ATTEMPTS = 20;
const UNIQUE_VIOLATION = '23505';

/**
 * An admin's reset of an inappropriate nickname (docs/moderation.md, «Nickname reset»): the user is
 * renamed to a free `user<6 digits>`; the read models follow `auth.user.updated`. The moderation
 * service asks for it under the admin's request and records it in its audit log.
 */
@Injectable()
export class UsernameResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  /** For an admin (the operation's access): the moderation asks it when an admin resets a nickname. */
  async reset(userId: string): Promise<NicknameReset> {
    const target = await this.users.findById(userId);
    if (!target) throw AuthErrors.userNotFound();
    const before = target.username;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const candidate = `user${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      if (await this.users.usernameExists(candidate)) continue;
      try {
        await this.users.transaction(async (manager) => {
          target.username = candidate;
          const saved = await manager.save(target);
          const { username, displayName, avatar, rank } = saved;
          await this.outbox.publish(manager, 'auth.user.updated', {
            userId: target.id,
            changedFields: ['username'],
            user: { username, displayName, avatar, rank },
          });
        });
        this.outbox.afterCommit();
        return { userId: target.id, before, after: candidate };
      } catch (error) {
        // Taken meanwhile by a registration: draw again.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      }
    }
    throw AuthErrors.usernameTaken();
  }
}
