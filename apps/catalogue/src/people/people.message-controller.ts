import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { catalogueIdParamsSchema, charactersQuerySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { PeopleService } from './people.service';

@Controller()
export class PeopleMessageController {
  constructor(private readonly people: PeopleService) {}

  @MessagePattern('catalogue.characters.list')
  characters(@Payload() { data }: RpcRequest<unknown>) {
    const { search, page, limit } = validatePayload(charactersQuerySchema, data);
    return this.people.characters(search, page, limit);
  }

  @MessagePattern('catalogue.character.get')
  character(@Payload() { data }: RpcRequest<unknown>) {
    return this.people.character(validatePayload(catalogueIdParamsSchema, data).id);
  }

  @MessagePattern('catalogue.seiyuu.get')
  seiyuu(@Payload() { data }: RpcRequest<unknown>) {
    return this.people.seiyuu(validatePayload(catalogueIdParamsSchema, data).id);
  }
}
