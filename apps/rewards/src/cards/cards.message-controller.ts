import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';
import { CARDS_OPERATIONS } from '@portal/contracts/operations';
import type { CardCreateRequest, CardGrantAwaitRequest, CardUpdateRequest } from '@portal/contracts/schemas';
import { AccountDirectory, CallMeta, Caller, HandlesOperation, Input } from '@portal/platform';
import { CardAwait } from './card-await.service';
import { CardsService } from './cards.service';

/** Cards (docs/rewards.md, «Карточки»): the catalogue and collections are public, the admin's writes are for admins (CARDS_OPERATIONS). */
@Controller()
export class CardsMessageController {
  constructor(
    private readonly cards: CardsService,
    private readonly awaits: CardAwait,
    private readonly profiles: AccountDirectory,
  ) {}

  @HandlesOperation(CARDS_OPERATIONS.list)
  list() {
    return this.cards.catalogue();
  }

  @HandlesOperation(CARDS_OPERATIONS.create)
  create(@Input() card: CardCreateRequest, @Caller() admin: AuthenticatedUser) {
    return this.cards.create(admin, card);
  }

  @HandlesOperation(CARDS_OPERATIONS.update)
  update(@Input() change: CardUpdateRequest, @Caller() admin: AuthenticatedUser) {
    return this.cards.update(admin, change);
  }

  @HandlesOperation(CARDS_OPERATIONS.retire)
  retire(@Input() { id }: { id: string }, @Caller() admin: AuthenticatedUser) {
    return this.cards.retire(admin, id);
  }

  @HandlesOperation(CARDS_OPERATIONS.mine)
  mine(@Caller() user: AuthenticatedUser) {
    return this.cards.collection(user.id);
  }

  @HandlesOperation(CARDS_OPERATIONS.ofUser)
  async ofUser(@Input() { username }: { username: string }) {
    return this.cards.collection(await this.profiles.idOf(username));
  }

  @HandlesOperation(CARDS_OPERATIONS.owners)
  owners(@Input() { id }: { id: string }, @CallMeta() meta: RpcMeta) {
    return this.cards.owners(id, meta);
  }

  @HandlesOperation(CARDS_OPERATIONS.awaitGrant)
  awaitGrant(@Input() request: CardGrantAwaitRequest) {
    return this.awaits.await(request);
  }
}
