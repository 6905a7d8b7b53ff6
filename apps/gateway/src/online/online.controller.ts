import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { OnlineUsersPage } from '@portal/contracts';
import { onlineUsersQuerySchema } from '@portal/contracts/schemas';
import { PresenceService } from '../realtime/presence.service';

class OnlineUsersQuery extends createZodDto(onlineUsersQuerySchema) {}

/** Who is online beyond the first names of `online-stats`: any replica answers from the same presence. */
@ApiTags('online')
@Controller('online')
export class OnlineController {
  constructor(private readonly presence: PresenceService) {}

  @Get('users')
  @ApiOperation({ summary: 'Names of the signed-in users online, alphabetically, each once: { items, offset, limit, total }' })
  users(@Query() { offset, limit }: OnlineUsersQuery): OnlineUsersPage {
    return this.presence.page(offset, limit);
  }
}
