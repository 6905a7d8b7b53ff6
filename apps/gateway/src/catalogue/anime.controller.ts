import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { catalogueIdParamsSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';
import { PosterProxy } from './posters/poster-proxy';

class AnimeIdParams extends createZodDto(catalogueIdParamsSchema) {}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const sendSvg = (reply: FastifyReply, svg: string, cacheControl: string) =>
  reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(svg);

/**
 * The anime catalogue's routes that do more than forward: the posters (images and redirects). The public
 * reads and the admin's writes are declared operations (CATALOGUE_OPERATIONS, ANIME_ADMIN_OPERATIONS,
 * routed by OperationsController); the reads are cached by URL all the same (catalogue-response-cache).
 */
@ApiTags('anime')
@Controller()
export class AnimeController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly posters: PosterProxy,
  ) {}

  @Get('anime/:id/poster.svg')
  @ApiOperation({ summary: 'Generated poster (SVG) for a title without one' })
  async generatedPoster(@Param() params: AnimeIdParams, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    const { svg } = await this.rpc.send('catalogue.anime.poster', params, meta);
    // The URL carries the title's version, so the image never changes under it.
    return sendSvg(reply, svg, IMMUTABLE);
  }

  @Get('anime/:id/poster')
  @ApiOperation({ summary: "The title's poster from the portal's own origin (WebP, 480 px wide), else its generated one; a redirect for posters elsewhere" })
  async poster(@Param() params: AnimeIdParams, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    // One read of the title row: its poster's address, and the generated stand-in should that fail.
    const { id, svg, source } = await this.rpc.send('catalogue.anime.poster', params, meta);
    const answer = await this.posters.answer(id, source);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
    // A failed fetch is tried again later: its stand-in is kept only a few minutes.
    if (answer.kind === 'generated') return sendSvg(reply, svg, 'public, max-age=300');
    return reply.header('Content-Type', 'image/webp').header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff').send(answer.body);
  }
}
