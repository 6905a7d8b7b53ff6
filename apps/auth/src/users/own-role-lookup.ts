import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser, CallerRoles } from '@portal/contracts';
import { RoleLookup } from '@portal/platform';
import { UsersService } from './services/users.service';

/** Auth knows the role itself: its own table, read at call time (an account gone is refused, 401). */
@Injectable()
export class OwnRoleLookup extends RoleLookup {
  constructor(private readonly users: UsersService) {
    super();
  }

  rolesOf(user: AuthenticatedUser): Promise<CallerRoles> {
    return this.users.accessOf(user.id);
  }
}
