import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { OnlineUsersPage } from '@portal/contracts';
import { PresenceService } from '../realtime/presence.service';
import { invalidField } from '../uploads/multipart-form';

const OFFSET_MESSAGE = 'Смещение должно быть целым числом не меньше 0';
const LIMIT_MESSAGE = 'Лимит должен быть числом от 1 до 100';

/** An absent or empty parameter takes its default. */
const queryNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback),
  );

const pageSchema = z.object({
  offset: queryNumber(OFFSET_MESSAGE, 0, Number.MAX_SAFE_INTEGER, 0),
  limit: queryNumber(LIMIT_MESSAGE, 1, 100, 50),
});

/** Who is online beyond the first names of `online-stats`: any replica answers from the same presence. */
@ApiTags('online')
@Controller('online')
export class OnlineController {
  constructor(private readonly presence: PresenceService) {}

  @Get('users')
  @ApiOperation({ summary: 'Names of the signed-in users online, alphabetically, each once: { items, offset, limit, total }' })
  @ApiQuery({ name: 'offset', required: false, description: '0 or more, default 0' })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 50' })
  users(@Query() query: Record<string, unknown>): OnlineUsersPage {
    const parsed = pageSchema.safeParse(query);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw invalidField(String(issue.path[0]), issue.message);
    }
    return this.presence.page(parsed.data.offset, parsed.data.limit);
  }
}
