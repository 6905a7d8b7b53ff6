import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { cardCollectionSchema, cardCreateSchema, cardGrantAwaitSchema, cardIdParamsSchema, cardUpdateSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { CardAwait } from './card-await.service';
import { CardsService } from './cards.service';

/** Cards (docs/rewards.md, «Карточки»): the catalogue and collections are public; the admin's writes ask auth for the role. */
@Controller()
export class CardsMessageController {
  constructor(
    private readonly cards: CardsService,
    private readonly awaits: CardAwait,
  ) {}

  @MessagePattern('rewards.cards.list')
  list() {
    return this.cards.catalogue();
  }

  @MessagePattern('rewards.card.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.cards.create(meta.user, validatePayload(cardCreateSchema, data), meta);
  }

  @MessagePattern('rewards.card.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.cards.update(meta.user, validatePayload(cardUpdateSchema, data), meta);
  }

  @MessagePattern('rewards.card.retire')
  retire(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.cards.retire(meta.user, validatePayload(cardIdParamsSchema, data).id, meta);
  }

  @MessagePattern('rewards.cards.collection')
  collection(@Payload() { data }: RpcRequest<unknown>) {
    return this.cards.collection(validatePayload(cardCollectionSchema, data).userId);
  }

  @MessagePattern('rewards.card.owners')
  owners(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.cards.owners(validatePayload(cardIdParamsSchema, data).id, meta);
  }

  @MessagePattern('rewards.grant.await')
  awaitGrant(@Payload() { data }: RpcRequest<unknown>) {
    return this.awaits.await(validatePayload(cardGrantAwaitSchema, data));
  }
}
