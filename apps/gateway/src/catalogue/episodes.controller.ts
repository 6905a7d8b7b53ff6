import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';

/** What the player plays (docs/media.md). Not cached here: its HLS sources are files under /media/. */
@ApiTags('anime')
@Controller()
export class EpisodesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('anime/:id/episodes')
  @ApiOperation({
    summary: "A title's episodes: own HLS streams (sources under /media/), else an external provider's iframe player when VIDEO_PROVIDER=iframe, else none",
  })
  list(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.episodes.list', { animeId: id }, meta);
  }
}
