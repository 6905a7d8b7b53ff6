import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { CATALOGUE_MESSAGES, type RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { SearchService } from './search.service';

const text = z
  .string({ error: CATALOGUE_MESSAGES.searchTooShort })
  .trim()
  .min(1, { error: CATALOGUE_MESSAGES.searchTooShort })
  .max(100, { error: CATALOGUE_MESSAGES.searchTooLong });
const limit = (fallback: number) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number({ error: 'Лимит должен быть числом от 1 до 50' }).int().min(1, { error: 'Лимит должен быть числом от 1 до 50' }).max(50, { error: 'Лимит должен быть числом от 1 до 50' }).default(fallback));

const searchSchema = z.object({ title: text, limit: limit(20) });
const suggestSchema = z.object({ q: text, limit: limit(8) });

@Controller()
export class SearchMessageController {
  constructor(private readonly search: SearchService) {}

  @MessagePattern('catalogue.anime.search')
  find(@Payload() { data }: RpcRequest<unknown>) {
    const { title, limit: size } = validatePayload(searchSchema, data);
    return this.search.search(title, size);
  }

  @MessagePattern('catalogue.anime.suggest')
  suggest(@Payload() { data }: RpcRequest<unknown>) {
    const { q, limit: size } = validatePayload(suggestSchema, data);
    return this.search.suggest(q, size);
  }
}
