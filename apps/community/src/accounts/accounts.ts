import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { RoleLookupFromAuth } from '@portal/platform';
import type { UserRef } from './user-refs.repository';

/** A profile lookup that takes longer goes without (the author is shown by username until an event). */
const PROFILE_DEADLINE_MS = 1000;

/** What the community asks auth about the caller: the role (live, never from the token; `isAdmin`) and the profile. */
@Injectable()
export class Accounts extends RoleLookupFromAuth {
  /** For reads: a caller auth cannot vouch for right now is no admin. */
  async isAdminOrNot(user: AuthenticatedUser): Promise<boolean> {
    return this.isAdmin(user).catch(() => false);
  }

  /**
   * The author's public slice for a first comment before auth's event about the account arrived (an
   * account older than the comments, or an event still queued): asked of auth, and if it does not
   * answer in time, the username alone.
   */
  async profileOf(user: AuthenticatedUser): Promise<UserRef> {
    const fallback: UserRef = { id: user.id, username: user.username, displayName: user.username, avatar: null, rank: null };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<UserRef>((resolve) => {
      timer = setTimeout(() => resolve(fallback), PROFILE_DEADLINE_MS);
      timer.unref();
    });
    const lookup = this.rpc.send('auth.user.profile', { username: user.username }).then(
      (profile): UserRef =>
        profile.id === user.id
          ? { id: user.id, username: profile.username, displayName: profile.displayName, avatar: profile.avatar, rank: profile.rank }
          : fallback,
      () => fallback,
    );
    try {
      return await Promise.race([lookup, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
