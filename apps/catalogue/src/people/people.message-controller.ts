import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import type { RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { idParamSchema, pageSchema } from '../anime/dtos/anime-query.schema';
import { PeopleService } from './people.service';

const charactersQuerySchema = pageSchema.extend({
  search: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(100, { error: 'Слишком длинный запрос: не больше 100 символов' }).optional()),
});

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
    return this.people.character(validatePayload(idParamSchema, data).id);
  }

  @MessagePattern('catalogue.seiyuu.get')
  seiyuu(@Payload() { data }: RpcRequest<unknown>) {
    return this.people.seiyuu(validatePayload(idParamSchema, data).id);
  }
}
