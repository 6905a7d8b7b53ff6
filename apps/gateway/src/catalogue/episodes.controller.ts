import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { episodesListSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';

class EpisodesParams extends createZodDto(episodesListSchema) {}

/** What the player plays (docs/media.md). Not cached here: its HLS sources are files under /media/. */
@ApiTags('anime')
@Controller()
export class EpisodesController {
  constructor(private readonly rpc: RpcClient) {}

  // `animeId`, not `id`: a refused id is reported as the field `animeId`, as the catalogue always has.
  @Get('anime/:animeId/episodes')
  @ApiOperation({
    summary: "A title's episodes: own HLS streams (sources under /media/), else an external provider's iframe player when VIDEO_PROVIDER=iframe, else none",
  })
  list(@Param() params: EpisodesParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.episodes.list', params, meta);
  }
}
